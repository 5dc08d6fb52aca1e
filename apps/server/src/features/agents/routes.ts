import {
  type AgentId,
  agentIds,
  agentInfoSchema,
  agentLogEntrySchema,
  browserChoiceSchema,
  vatLogEntrySchema,
  authorizeUserBodySchema,
  browserIdSchema,
  exchangeCodeResponseSchema,
  setAgentStatusBodySchema,
} from '@vatwise/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accountHolders, adminsOnly, currentUser, everyone, practiceMay, type SessionUser } from '../../plugins/access';
import { AppError } from '../../plugins/errors';
import { replyOf } from '../../plugins/reply-schemas';
import { parseOrThrow } from '../../plugins/validation';
import type { FraudHeaderSource } from '../hmrc-connection';
import type { AgentService } from './agent-service';
import type { LogRepo } from './logs/log-repo';
import type { SandboxAuthoriser } from './sandbox-authoriser/sandbox-authoriser';
import type { LiveEvents } from '../../platform/live';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export interface AgentRouteOptions {
  agents: AgentService;
  logs: LogRepo;
  events: LiveEvents;
  authoriser: SandboxAuthoriser;
  fraud: FraudHeaderSource;
  /** The session of a public route's caller, if any (statuses are personal to who asks). */
  resolveUser(request: FastifyRequest): Promise<SessionUser | null>;
}

const agentIdParamsSchema = z.object({
  id: z.enum(agentIds, { error: `The agent id must be one of ${agentIds.join(', ')}.` }),
});

/** A sandbox user authorised in the browser: the code exchange's answer, as POST /api/exchange_code gives it. */
const authorisedSchema = replyOf<Awaited<ReturnType<SandboxAuthoriser['authorise']>>>()(exchangeCodeResponseSchema);

/** Agents, their logs and the sandbox authoriser (docs/reference/product.md §7). */
export async function agentRoutes(app: FastifyInstance, options: AgentRouteOptions) {
  // The routes' zod schemas check each request and describe it in the API's document (plugins/api-docs.ts).
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { agents, logs, events, authoriser } = options;

  // Public, as the Agents screen is shown to guests too; a signed-in user also sees their own runs.
  const statuses = {
    config: everyone,
    schema: { response: { 200: z.object({ agents: z.array(agentInfoSchema) }) } },
  };
  api.get('/agents/statuses', statuses, async (request) => {
    const viewer = await options.resolveUser(request);
    return { agents: agents.list(viewer) };
  });

  api.put(
    '/agents/statuses/:id',
    {
      config: adminsOnly,
      schema: { params: agentIdParamsSchema, body: setAgentStatusBodySchema, response: { 200: agentInfoSchema } },
    },
    async (request) => {
      const { id } = request.params;
      const { status } = request.body;
      return agents.setStatus(id, status, currentUser(request));
    },
  );

  /** An Admin's "Run now" for a scheduled agent. */
  const run = { config: adminsOnly, schema: { params: agentIdParamsSchema, response: { 200: agentInfoSchema } } };
  api.post('/agents/:id/run', run, async (request, reply) => {
    const { id } = request.params;
    await agents.runNow(id as AgentId);
    return reply.code(200).send(agents.info(id, currentUser(request)));
  });

  // --- logs: newest last, as a dialogue reads ------------------------------------------------
  // A guest is asked to sign in to see the agent dialogue (docs/reference/product.md §6), as on the socket.

  /**
   * The agents' dialogue: what they said to the person, and to the practice the person works in
   * (the deadline watcher speaks to a business's workspace). HMRC calls are the workspace's.
   */
  const dialogueOwners = (user: SessionUser) => [...new Set([user.id, user.workspaceId])];

  const agentEntries = {
    config: accountHolders,
    schema: { response: { 200: z.object({ entries: z.array(agentLogEntrySchema) }) } },
  };
  const vatEntries = {
    config: accountHolders,
    schema: { response: { 200: z.object({ entries: z.array(vatLogEntrySchema) }) } },
  };
  api.get('/agents/logs', agentEntries, async (request) => ({
    entries: (await logs.agentLog(dialogueOwners(currentUser(request)))).reverse(),
  }));

  api.get('/log', vatEntries, async (request) => ({
    entries: (await logs.vatLog(currentUser(request).workspaceId)).reverse(),
  }));

  const bothLogs = z.object({ agent: z.array(agentLogEntrySchema), vat: z.array(vatLogEntrySchema) });
  api.get('/logs/user', { config: accountHolders, schema: { response: { 200: bothLogs } } }, async (request) => {
    const user = currentUser(request);
    const [agent, vat] = await Promise.all([logs.agentLog(dialogueOwners(user)), logs.vatLog(user.workspaceId)]);
    return { agent: agent.reverse(), vat: vat.reverse() };
  });

  const clearing = {
    config: practiceMay('clearLogs'),
    schema: { response: { 200: z.object({ cleared: z.number().int() }) } },
  };
  api.delete('/logs/clear', clearing, async (request) => {
    // Clears what the person sees, the practice's lines included (for every member of it).
    const owners = dialogueOwners(currentUser(request));
    const cleared = await logs.clear('agent_log', owners);
    for (const owner of owners) events.send({ user: owner }, 'logs:cleared', 'agent');
    return { cleared };
  });

  api.delete('/logs/vat/clear', clearing, async (request) => {
    const { workspaceId } = currentUser(request);
    const cleared = await logs.clear('vat_log', [workspaceId]);
    events.send({ user: workspaceId }, 'logs:cleared', 'vat');
    return { cleared };
  });

  // --- sandbox authoriser ----------------------------------------------------------------------

  const browsers = z.object({ available: z.boolean(), browsers: z.array(browserChoiceSchema), running: z.boolean() });
  api.get(
    '/authorize_user/browsers',
    { config: accountHolders, schema: { response: { 200: browsers } } },
    async (request) => ({
      ...authoriser.browsers(),
      running: authoriser.isRunningFor(currentUser(request).id),
    }),
  );

  api.post(
    '/authorize_user',
    {
      config: practiceMay('connectBusiness'),
      schema: { body: authorizeUserBodySchema, response: { 200: authorisedSchema } },
    },
    async (request) => {
      const body = request.body;
      const browser = parseOrThrow(z.object({ browser: browserIdSchema }), { browser: body.browser }).browser;
      const user = currentUser(request);
      return authoriser.authorise(user, await options.fraud.forRequest(request, user), {
        userId: body.userId,
        browser,
      });
    },
  );

  const aborted = { config: accountHolders, schema: { response: { 200: z.object({ aborted: z.boolean() }) } } };
  api.delete('/authorize_user', aborted, async (request) => {
    if (!authoriser.abort(currentUser(request).id)) {
      throw new AppError('NOT_FOUND', 'The sandbox authoriser is not running for you.');
    }
    return { aborted: true };
  });
}
