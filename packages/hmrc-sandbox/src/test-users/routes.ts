import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { flat } from '../http/errors';
import { applyFault, authenticate, checkAccept, isAnswer, send, throttle } from '../platform/http';
import { sha256 } from '../platform/secrets';
import type { UserType } from '../store/store';
import { createVatAccount } from '../vat/account';
import { generateTestUser, parseCreateRequest } from './generate';
import { testUserServices } from './services';

/**
 * HMRC's Create Test User API (docs/reference/hmrc-vat-api.md §2.1): application-restricted, so a client-credentials
 * token is enough. An mtd-vat user also gets a simulated VAT account (vat/account.ts).
 */

const paths: Record<UserType, string> = {
  individual: '/create-test-user/individuals',
  organisation: '/create-test-user/organisations',
  agent: '/create-test-user/agents',
};

/** Random identifiers rarely collide; when one does, draw again. */
const attempts = 5;

const plainError = (reply: FastifyReply, message: string) =>
  reply.code(400).type('text/plain; charset=utf-8').send(message);

export function testUserRoutes(context: SandboxContext) {
  const { store, clock } = context;

  /** The checks every Create Test User call starts with; true when they have answered. */
  async function refused(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const accept = checkAccept(request);
    if (accept) return Boolean(send(reply, accept));
    const caller = await authenticate(request, context, { userRestricted: false });
    if (isAnswer(caller)) return Boolean(send(reply, caller));
    const throttled = throttle(reply, context, caller.clientId);
    return throttled ? Boolean(send(reply, throttled)) : false;
  }

  return async function register(app: FastifyInstance) {
    for (const [userType, path] of Object.entries(paths) as [UserType, string][]) {
      app.post(path, async (request, reply) => {
        if (await applyFault(request, reply, context, 'createTestUser')) return reply;
        if (await refused(request, reply)) return reply;

        let body: unknown;
        try {
          body = typeof request.body === 'string' && request.body.trim() ? JSON.parse(request.body) : undefined;
        } catch {
          return plainError(reply, 'Invalid Json');
        }
        const parsed = parseCreateRequest(userType, body);
        if (!parsed.ok) return plainError(reply, parsed.message);
        const { nino, pillar2Id } = parsed.fields;
        if (nino && (await store.identifierInUse('nino', nino))) {
          return send(reply, flat(400, 'NINO_ALREADY_USED', 'The nino specified has already been used'));
        }
        if (pillar2Id && (await store.identifierInUse('pillar2_id', pillar2Id))) {
          return send(reply, flat(400, 'PILLAR2_ID_ALREADY_USED', 'The pillar2Id specified has already been used'));
        }

        const today = clock.today();
        for (let attempt = 1; attempt <= attempts; attempt += 1) {
          const user = generateTestUser(userType, parsed, today);
          const clash =
            (await store.identifierInUse('user_id', user.userId)) ||
            (user.vrn !== undefined && (await store.identifierInUse('vrn', user.vrn))) ||
            (user.nino !== undefined && !nino && (await store.identifierInUse('nino', user.nino)));
          if (clash) continue;
          const { password, ...details } = user.body;
          await store.insertTestUser({
            userId: user.userId,
            passwordSha256: sha256(`${user.userId}:${user.password}`),
            userType,
            vrn: user.vrn ?? null,
            nino: user.nino ?? null,
            pillar2Id: user.pillar2Id ?? null,
            details,
            createdAt: clock.iso(),
          });
          if (user.mtdVat && user.vrn) {
            await store.insertAccount(
              createVatAccount({
                vrn: user.vrn,
                registrationDate: String(user.body.vatRegistrationDate),
                today,
              }),
            );
          }
          request.log.info({ userType, vrn: user.vrn }, 'HMRC sandbox: test user created');
          return reply
            .code(201)
            .type('application/json')
            .send({ ...details, userId: user.userId, password });
        }
        return send(reply, flat(500, 'INTERNAL_SERVER_ERROR', 'An unexpected error occurred'));
      });
    }

    app.get('/create-test-user/services', async (request, reply) => {
      if (await refused(request, reply)) return reply;
      return reply.type('application/json').send(testUserServices);
    });
  };
}
