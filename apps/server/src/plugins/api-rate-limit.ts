import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { AccessOptions } from './access';
import { AppError } from './errors';

export interface ApiRateLimitOptions {
  /** Requests per minute of each signed-in account, and of each client address signed out; 0 turns the limit off. */
  perMinute: number;
  /**
   * Who is signed in: access control's reader, the session cache (features/auth/session-cache.ts),
   * so a valid session costs a database read at most once per cache lifetime, whichever route, and
   * access control's own read after this one finds it cached. A made-up cookie fails better-auth's
   * signature check before any query.
   */
  resolveUser: AccessOptions['resolveUser'];
  /** Counts in Redis when instances share it, so the limit is for all of them together. */
  redis?: { client: Redis; nameSpace: string } | undefined;
}

/** Health and readiness are the orchestrator's, asked for whatever the load: never limited. */
const unlimitedPaths = new Set(['/api/health', '/api/ready']);

/** What the limit covers: the API and the assistant's API, not pages, assets or health checks. */
function limited(request: FastifyRequest) {
  const path = request.url.split('?')[0] ?? '';
  return (path.startsWith('/api/') || path.startsWith('/taxgpt/api/')) && !unlimitedPaths.has(path);
}

/**
 * A ceiling on API requests (@fastify/rate-limit), far above what a person's screens ask for, so
 * one client cannot take the server for itself. A signed-in request spends its account's budget,
 * so colleagues behind one office address do not share one; any other request, including one whose
 * session cookie names no valid session (made up, expired, revoked, a disabled account's), spends
 * its client address's, the one TRUST_PROXY lets us believe, so a new cookie is not a new budget.
 * No budget per practice on top: each member's own already keeps a colleague from using up theirs,
 * and one shared by the practice would bring back the shared budget this replaces.
 * Sign-in, sign-up and resets keep their own, tighter limits per address and e-mail
 * (features/auth/routes.ts); those requests count here too, against the address or account.
 * Over it: 429 RATE_LIMITED with Retry-After, and the message says the same number of seconds.
 */
async function apiRateLimit(app: FastifyInstance, options: ApiRateLimitOptions) {
  if (options.perMinute === 0) return;
  await app.register(rateLimit, {
    // Not the plugin's per-route hooks: Fastify runs a route's hooks after the instance's, so
    // access control would answer 401 first and those requests would never be counted.
    global: false,
    max: options.perMinute,
    timeWindow: 60_000,
    keyGenerator: async (request) => {
      // The database unreachable: count by address, and leave the failure to the routes that need it.
      const user = await options.resolveUser(request).catch(() => null);
      return user ? `account:${user.id}` : `address:${request.ip}`;
    },
    ...(options.redis ? { redis: options.redis.client, nameSpace: options.redis.nameSpace } : {}),
    // Redis unreachable for a moment: serve rather than refuse everyone.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => {
      // The plugin's Retry-After is the same whole seconds.
      const seconds = Math.ceil(context.ttl / 1000);
      return new AppError(
        'RATE_LIMITED',
        `Too many requests. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
      );
    },
  });
  const limit = app.rateLimit();
  // An instance hook registered before access control's (app.ts), so it runs first for every request.
  app.addHook('onRequest', async function (request, reply) {
    if (limited(request)) await limit.call(this, request, reply);
  });
}

export default fp(apiRateLimit, { name: 'api-rate-limit' });
