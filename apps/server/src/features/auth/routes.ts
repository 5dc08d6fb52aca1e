import {
  displayNameSchema,
  redirectFieldNames,
  redirectTargetSchema,
  updateProfileBodySchema,
  userRecordSchema,
} from '@vatwise/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import { everyone, type SessionUser } from '../../plugins/access';
import { AppError } from '../../plugins/errors';
import { parseOrThrow } from '../../plugins/validation';
import type { Auth } from './auth';
import { acceptingByLink, invitationTokenHeader, isInvitationLinkToken } from './invitation-links';
import { memoryRateLimiters, type RateLimiterFactory } from './rate-limiter';
import { signedInUserReader } from './signed-in-user';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** better-auth paths whose attempts are counted, grouped so each group has its own budget. */
const limitedPaths: Record<string, 'sign-in' | 'sign-up' | 'reset'> = {
  '/api/auth/sign-in/email': 'sign-in',
  '/api/auth/two-factor/verify-totp': 'sign-in',
  '/api/auth/two-factor/verify-backup-code': 'sign-in',
  '/api/auth/sign-up/email': 'sign-up',
  '/api/auth/request-password-reset': 'reset',
  '/api/auth/reset-password': 'reset',
};

/**
 * What we check before better-auth sees a request, where its own checks let a bad value through to
 * a 500: a redirect address that is not a URL (it ends up in a header), and a profile whose name or
 * photo is not text (the database refuses it). Everything else is better-auth's to check.
 */
const redirectShape = Object.fromEntries(redirectFieldNames.map((name) => [name, redirectTargetSchema.optional()]));
const authQuerySchema = z.looseObject(redirectShape);
// A practice's name and slug: PostgreSQL's unique index on the slug refuses a value past ~2,700
// bytes with an error (a 500), so both are bounded here with a message saying what to fix.
const practiceName = z
  .string()
  .trim()
  .min(1, 'Name the practice.')
  .max(100, 'A practice name holds at most 100 characters.');
const practiceSlug = z.string().min(1, 'Give the practice a slug.').max(100, 'A slug holds at most 100 characters.');
const authBodySchemas: Record<string, z.ZodType> = {
  '/api/auth/update-user': updateProfileBodySchema.extend(redirectShape),
  '/api/auth/sign-up/email': z.looseObject({ ...redirectShape, name: displayNameSchema.optional() }),
  '/api/auth/organization/create': z.looseObject({ ...redirectShape, name: practiceName, slug: practiceSlug }),
  '/api/auth/organization/check-slug': z.looseObject({ ...redirectShape, slug: practiceSlug }),
  '/api/auth/organization/invite-member': z.looseObject({
    ...redirectShape,
    email: z.string().max(254, 'An e-mail address holds at most 254 characters.'),
  }),
  '/api/auth/organization/update': z.looseObject({
    ...redirectShape,
    data: z.looseObject({ name: practiceName.optional(), slug: practiceSlug.optional() }),
  }),
};
const anyAuthBodySchema = z.looseObject(redirectShape);

async function checkAuthInput(request: FastifyRequest) {
  parseOrThrow(authQuerySchema, request.query);
  const { body } = request;
  if (body === undefined || request.method !== 'POST') return;
  parseOrThrow(authBodySchemas[request.url.split('?')[0] ?? ''] ?? anyAuthBodySchema, body);
}

/** Hands a Fastify request to better-auth's fetch-style handler and copies its answer back. */
async function forwardToAuth(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
  beforeReply?: (status: number) => Promise<void>,
) {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const response = await auth.handler(
    new Request(url, { method: request.method, headers, body: hasBody ? JSON.stringify(request.body) : undefined }),
  );
  await beforeReply?.(response.status);
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

export interface AuthRouteOptions {
  auth: Auth;
  config: Config;
  resolveUser(request: FastifyRequest): Promise<SessionUser | null>;
  /** Where attempts are counted: in memory, or in Redis when instances share it. */
  rateLimiters?: RateLimiterFactory;
  /** The server's secret, which signs the invitation links owners and admins hand over. */
  invitationSecret: string;
  /**
   * Told after someone's practice membership or role changed, before the answer goes out: open
   * sockets are checked again (this instance's before it resolves; the others' soon after).
   */
  onMembershipChanged?: () => Promise<void>;
}

/** better-auth's practice endpoints after which someone's membership or role may have changed. */
const membershipChanges = [
  '/api/auth/organization/remove-member',
  '/api/auth/organization/update-member-role',
  '/api/auth/organization/leave',
  '/api/auth/organization/accept-invitation',
  '/api/auth/organization/add-member',
];

export async function authRoutes(
  app: FastifyInstance,
  {
    auth,
    config,
    resolveUser,
    rateLimiters = memoryRateLimiters,
    invitationSecret,
    onMembershipChanged,
  }: AuthRouteOptions,
) {
  const perIp = rateLimiters('auth-ip', { limit: config.auth.rateLimit.perIp, windowMs: FIFTEEN_MINUTES });
  const perEmail = rateLimiters('auth-email', { limit: config.auth.rateLimit.perEmail, windowMs: FIFTEEN_MINUTES });

  const limitAttempts = async (request: FastifyRequest, reply: FastifyReply) => {
    const group = limitedPaths[request.url.split('?')[0] ?? ''];
    if (!group || request.method !== 'POST') return;
    const email = (request.body as { email?: unknown } | undefined)?.email;
    const checks = [perIp.hit(`${group}:ip:${request.ip}`)];
    if (typeof email === 'string') checks.push(perEmail.hit(`${group}:email:${email.trim().toLowerCase()}`));
    const refused = (await Promise.all(checks)).find((check) => !check.allowed);
    if (refused) {
      reply.header('retry-after', String(refused.retryAfterSeconds));
      throw new AppError('RATE_LIMITED');
    }
  };

  const changingUser = new WeakMap<FastifyRequest, string>();
  // better-auth's own paths: sign-up, sign-in, sign-out, sessions, password reset, two-factor, OAuth.
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    config: everyone,
    // better-auth documents its own paths; the API's document leaves them out.
    schema: { hide: true },
    preHandler: [
      limitAttempts,
      checkAuthInput,
      async (request) => {
        // Whose sessions this change may end, read before better-auth acts: a password change ends
        // the other sessions, which this instance's cache must then forget too.
        if (request.method === 'POST' && request.headers.cookie) {
          const user = await resolveUser(request);
          if (user) changingUser.set(request, user.id);
        }
      },
    ],
    handler: (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const membershipChanged = membershipChanges.includes(path)
        ? async (status: number) => {
            if (status >= 400) return;
            // The sessions first, so that the sockets resolve theirs afresh.
            app.sessionCache.forgetAll();
            await onMembershipChanged?.();
          }
        : undefined;
      // Answering an invitation through its sender's link: the token is checked here, and the
      // hook in auth.ts lets that invitation (only) be answered by an address not yet proved.
      const token = request.headers[invitationTokenHeader];
      const answering =
        path === '/api/auth/organization/accept-invitation' || path === '/api/auth/organization/reject-invitation';
      if (answering && typeof token === 'string') {
        const invitationId = (request.body as { invitationId?: unknown } | undefined)?.invitationId;
        if (typeof invitationId !== 'string' || !isInvitationLinkToken(invitationSecret, invitationId, token)) {
          throw new AppError('INVITATION_LINK_INVALID');
        }
        return acceptingByLink.run(invitationId, () => forwardToAuth(auth, request, reply, membershipChanged));
      }
      return forwardToAuth(auth, request, reply, membershipChanged);
    },
    // Sign-out, password and two-factor changes, profile updates: the next read sees them.
    onResponse: async (request) => {
      // A social sign-in's callback (a GET) may link a provider to the account.
      if (request.method !== 'POST' && !request.url.startsWith('/api/auth/callback/')) return;
      // A password reset names no session; a practice's members or roles changing concerns
      // people other than the caller (whoever was removed loses the practice's data at once).
      if (request.url.startsWith('/api/auth/reset-password') || request.url.startsWith('/api/auth/organization/')) {
        app.sessionCache.forgetAll();
      } else app.sessionCache.forgetRequest(request.headers);
      const userId = changingUser.get(request);
      if (userId) app.sessionCache.forgetUser(userId);
    },
  });

  const signedInUser = signedInUserReader(app, resolveUser);
  /**
   * Who is signed in: `{ user }`, or `{ user: null }` for nobody. A plain 200 either way, so the
   * browser's check on every visit does not log a failed request.
   */
  app.get(
    '/me',
    { config: everyone, schema: { response: { 200: z.object({ user: userRecordSchema.nullable() }) } } },
    async (request) => ({ user: await signedInUser(request) }),
  );
}
