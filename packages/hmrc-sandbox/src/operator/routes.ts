import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AgentAuthorisations } from '../agents/service';
import type { SandboxContext } from '../context';
import { createFraudHeaderLog } from '../fraud-headers';
import { faultKinds, faultTargets } from '../platform/faults';
import { createVatAccount } from '../vat/account';
import { obligationPatterns } from '../vat/model';

/**
 * Controls for tests and demos, under /operator (never registered in production): forget all
 * state, put faults on the next calls of an endpoint, move the simulator's clock, and choose how
 * often a test user's business files, and end a client's agent as the client would.
 */

const faultSchema = z.object({
  endpoint: z.enum(faultTargets),
  kind: z.enum(faultKinds),
  count: z.number().int().min(1).max(1000).default(1),
  delayMs: z.number().int().min(0).max(600_000).default(2000),
});

const obligationPatternSchema = z.object({ pattern: z.enum(obligationPatterns) }).strict();

const day = 86_400_000;
const clockSchema = z.union([
  z.object({ offsetMs: z.number().int() }).strict(),
  z.object({ advanceDays: z.number().int() }).strict(),
  z.object({ now: z.iso.datetime() }).strict(),
]);

function parseJson(body: unknown): unknown {
  if (typeof body !== 'string' || !body.trim()) return {};
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function invalid(reply: FastifyReply, error: z.ZodError | undefined) {
  const message = error
    ? error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')
    : 'The body must be JSON';
  return reply.code(400).send({ code: 'INVALID_REQUEST', message });
}

/** A browser's request sent by a page of another origin (Origin, or Sec-Fetch-Site when Origin is absent). */
export function isCrossSite(headers: IncomingHttpHeaders): boolean {
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== headers.host;
  } catch {
    return true;
  }
}

export function operatorRoutes(context: SandboxContext) {
  const clockState = () => ({
    now: context.clock.iso(),
    today: context.clock.today(),
    offsetMs: context.clock.offset,
  });

  return async function register(app: FastifyInstance) {
    // A web page elsewhere must not reset the simulator or put faults on it through a visitor's
    // browser: a change from another site is refused (tests and scripts send no Origin and pass).
    app.addHook('onRequest', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD') return;
      if (isCrossSite(request.headers)) {
        return reply
          .code(403)
          .send({ code: 'FORBIDDEN', message: 'The operator controls refuse requests from another site.' });
      }
    });

    app.post('/operator/reset', async (request, reply) => {
      await context.store.reset();
      await context.clock.setOffset(0);
      context.faults.clear();
      context.throttle.reset();
      context.callCounts.clear();
      context.requestLog.clear();
      context.fraudLog = createFraudHeaderLog({ now: () => context.clock.now() });
      request.log.info('HMRC sandbox: state reset by the operator');
      return reply.code(204).send();
    });

    app.get('/operator/faults', async () => ({ faults: context.faults.list() }));

    /** How many calls each VAT endpoint has received since the start (or the last reset). */
    app.get('/operator/calls', async () => ({ calls: Object.fromEntries(context.callCounts) }));

    /**
     * Every request received since the start (or the last reset), oldest first, with when it arrived
     * by the real clock: `?since=` (epoch milliseconds or an ISO time) keeps the later ones only.
     */
    app.get('/operator/requests', async (request, reply) => {
      const since = (request.query as { since?: unknown }).since;
      if (since === undefined) return { requests: context.requestLog.list() };
      const at = typeof since === 'string' ? (/^\d+$/.test(since) ? Number(since) : Date.parse(since)) : NaN;
      if (!Number.isFinite(at)) {
        return reply.code(400).send({ code: 'INVALID_REQUEST', message: 'since: epoch milliseconds or an ISO time' });
      }
      return { requests: context.requestLog.list(at) };
    });

    app.post('/operator/faults', async (request, reply) => {
      const body = parseJson(request.body);
      const parsed = body === undefined ? undefined : faultSchema.safeParse(body);
      if (!parsed?.success) return invalid(reply, parsed?.error);
      return reply.code(201).send(context.faults.add({ ...parsed.data, remaining: parsed.data.count }));
    });

    app.delete('/operator/faults', async (_request, reply) => {
      context.faults.clear();
      return reply.code(204).send();
    });

    /**
     * A test user's VAT account made again with monthly, quarterly or annual obligations (HMRC sets
     * a business's frequency; its Create Test User API has no such choice). Its history starts again:
     * returns filed through the simulator before are forgotten.
     */
    app.put('/operator/vat-accounts/:vrn/obligation-pattern', async (request, reply) => {
      const body = parseJson(request.body);
      const parsed = body === undefined ? undefined : obligationPatternSchema.safeParse(body);
      if (!parsed?.success) return invalid(reply, parsed?.error);
      const { vrn } = request.params as { vrn: string };
      const stored = await context.store.account(vrn);
      if (!stored) {
        return reply.code(404).send({ code: 'NOT_FOUND', message: `No test user has a VAT account for ${vrn}` });
      }
      const account = createVatAccount({
        vrn,
        registrationDate: stored.account.registrationDate,
        today: context.clock.today(),
        obligationPattern: parsed.data.pattern,
      });
      if (!(await context.store.updateAccount(account, stored.version))) {
        return reply.code(409).send({ code: 'CONFLICT', message: 'The account changed meanwhile; try again' });
      }
      return { vrn, pattern: parsed.data.pattern, obligations: account.obligations };
    });

    /**
     * The client removes their agent for VAT, as they would in their HMRC account: every agent's
     * relationship for the VRN ends, so the agents' relationship checks and VAT calls are refused.
     */
    app.delete('/operator/clients/:vrn/agents', async (request, reply) => {
      const { vrn } = request.params as { vrn: string };
      if (!(await context.store.account(vrn))) {
        return reply.code(404).send({ code: 'NOT_FOUND', message: `No test user has a VAT account for ${vrn}` });
      }
      const ended = await new AgentAuthorisations(context).removeAgentsOfClient('MTD-VAT', vrn);
      return { vrn, ended };
    });

    /**
     * An agent test user's agency name as registered with HMRC: the name its clients are asked to
     * appoint. HMRC's Create Test User API takes none; without one the client's pages say "your agent".
     */
    app.put('/operator/agents/:userId/agency-name', async (request, reply) => {
      const body = parseJson(request.body) as { name?: unknown } | undefined;
      const name = typeof body?.name === 'string' ? body.name.trim() : '';
      if (!name || name.length > 160) {
        return reply.code(400).send({ code: 'INVALID_REQUEST', message: 'Give the agency name, 1 to 160 characters' });
      }
      const { userId } = request.params as { userId: string };
      if (!(await context.store.setAgencyName(userId, name))) {
        return reply.code(404).send({ code: 'NOT_FOUND', message: `No agent test user ${userId}` });
      }
      return { userId, agencyName: name };
    });

    app.get('/operator/clock', async () => clockState());

    app.put('/operator/clock', async (request, reply) => {
      const body = parseJson(request.body);
      const parsed = body === undefined ? undefined : clockSchema.safeParse(body);
      if (!parsed?.success) return invalid(reply, parsed?.error);
      const change = parsed.data;
      const offset =
        'offsetMs' in change
          ? change.offsetMs
          : 'advanceDays' in change
            ? context.clock.offset + change.advanceDays * day
            : Date.parse(change.now) - (context.clock.now().getTime() - context.clock.offset);
      await context.clock.setOffset(offset);
      return clockState();
    });

    app.delete('/operator/clock', async (_request, reply) => {
      await context.clock.setOffset(0);
      return reply.code(204).send();
    });
  };
}
