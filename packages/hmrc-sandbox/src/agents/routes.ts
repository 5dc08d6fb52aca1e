import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { flat, type SandboxAnswer } from '../http/errors';
import { errorPage } from '../oauth/pages';
import { browserSessionCsrf, browserSessionUser, clientPagesPath } from '../oauth/session';
import { authenticate, isAnswer, send, throttle } from '../platform/http';
import { type AgentError, agentError } from './errors';
import { answeredPage, clientRequestsPage, noRequestsPage } from './pages';
import {
  type Agent,
  type AgentAuthorisations,
  agentOf,
  clientLinkPath,
  normalisedAgentName,
  type Invitation,
  invitationPath,
  serviceOfUrlPart,
} from './service';
import { arnPattern, parseJsonObject, validateClientAccessData, validateDeauthoriseData } from './validation';

/**
 * HMRC's Agent Authorisation API 1.0 (reference/hmrc-api-definitions/agent-authorisation) and the
 * client's page behind the link it gives. Each call goes through HMRC's stages in order: Accept
 * header, bearer token and scope, rate limit, the token's user being an agent with this ARN, the
 * body, then the agent's state (service.ts).
 */

type Params = { arn: string; invitationId?: string };

// HMRC's service serves versions 1.0 and 2.0 of this API; the Accept header names one.
const acceptPattern = /^application\/vnd\.hmrc\.(.*)\+(.*)$/;
const supportedVersions = ['1.0', '2.0'];

function checkAgentAccept(request: FastifyRequest): SandboxAnswer | undefined {
  const accept = request.headers.accept?.trim();
  if (!accept) return agentError('ACCEPT_HEADER_MISSING');
  const match = acceptPattern.exec(accept);
  if (!match) return agentError('ACCEPT_HEADER_INVALID');
  if (!supportedVersions.includes(match[1] ?? '')) return agentError('UNSUPPORTED_VERSION');
  if ((match[2] ?? '').toLowerCase() !== 'json') return agentError('UNSUPPORTED_CONTENT_TYPE');
  return undefined;
}

const isJson = (request: FastifyRequest) => /^(application|text)\/json\b/i.test(request.headers['content-type'] ?? '');

const htmlPage = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

/** The page's absolute address (HMRC's clientActionUrl is a full URL), at the simulator's public origin when set. */
const origin = (context: SandboxContext, request: FastifyRequest) =>
  context.publicOrigin ?? `${request.protocol}://${request.host}`;

export function agentRoutes(context: SandboxContext, basePath: string, authorisations: AgentAuthorisations) {
  const { store } = context;

  /** Every stage before the operation's own work; the calling agent, or the answer refusing it. */
  async function admit(request: FastifyRequest, reply: FastifyReply, scope: string): Promise<Agent | SandboxAnswer> {
    const accept = checkAgentAccept(request);
    if (accept) return accept;
    // HMRC reads the ARN while routing, before anything is checked of the caller.
    if (!arnPattern.test((request.params as Params).arn)) return agentError('BAD_REQUEST');
    const caller = await authenticate(request, context, { userRestricted: true, scope });
    if (isAnswer(caller)) return caller;
    const throttled = throttle(reply, context, caller.clientId);
    if (throttled) return throttled;
    const agent = agentOf(caller.grant ? await store.testUser(caller.grant.user_id) : undefined);
    if (typeof agent === 'string') return agentError(agent);
    if ((request.params as Params).arn !== agent.arn) return agentError('NO_PERMISSION_ON_AGENCY');
    return agent;
  }

  /** The body of a POST, or the answer refusing it. */
  function bodyOf(request: FastifyRequest, withClientType: boolean) {
    if (!isJson(request)) return agentError('UNSUPPORTED_CONTENT_TYPE');
    const body = parseJsonObject(request.body);
    if (!body) return agentError('BAD_REQUEST');
    return validateClientAccessData(body, { withClientType });
  }

  const answer = (reply: FastifyReply, result: SandboxAnswer | AgentError | undefined) =>
    result === undefined
      ? reply.code(204).send()
      : send(reply, typeof result === 'string' ? agentError(result) : result);

  function view(request: FastifyRequest, agent: Agent, invitation: Invitation) {
    const common = {
      _links: { self: { href: invitationPath(invitation.arn, invitation.invitation_id) } },
      created: invitation.created_at,
    };
    const tail = {
      arn: invitation.arn,
      service: [invitation.service],
      status: invitation.effectiveStatus,
      ...(invitation.agent_type ? { agentType: invitation.agent_type } : {}),
    };
    // HMRC writes the expiry as the start of its day, without a zone.
    return invitation.effectiveStatus === 'Pending'
      ? {
          ...common,
          expiresOn: `${invitation.expires_on}T00:00:00.000`,
          ...tail,
          clientActionUrl: `${origin(context, request)}${basePath}${clientLinkPath(invitation, agent.name ?? agent.arn)}`,
        }
      : { ...common, updated: invitation.effectiveUpdatedAt, ...tail };
  }

  return async function register(app: FastifyInstance) {
    // Any body type reaches the handler, which answers a wrong one as HMRC does (400, not 415).
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    app.post('/agents/:arn/invitations', async (request, reply) => {
      const agent = await admit(request, reply, 'write:sent-invitations');
      if ('status' in agent) return send(reply, agent);
      const data = bodyOf(request, true);
      if ('status' in data) return send(reply, data);
      const result = await authorisations.create(agent, data);
      if (result.location) reply.header('location', result.location);
      return result.created ? reply.code(204).send() : send(reply, result.answer);
    });

    app.get('/agents/:arn/invitations', async (request, reply) => {
      const agent = await admit(request, reply, 'read:sent-invitations');
      if ('status' in agent) return send(reply, agent);
      const invitations = await authorisations.list(agent.arn);
      if (invitations.length === 0) return reply.code(204).send();
      return send(reply, { status: 200, body: invitations.map((invitation) => view(request, agent, invitation)) });
    });

    app.get('/agents/:arn/invitations/:invitationId', async (request, reply) => {
      const agent = await admit(request, reply, 'read:sent-invitations');
      if ('status' in agent) return send(reply, agent);
      const invitation = await authorisations.find(agent.arn, (request.params as Params).invitationId ?? '');
      if (!invitation) return answer(reply, 'INVITATION_NOT_FOUND');
      return send(reply, { status: 200, body: view(request, agent, invitation) });
    });

    app.delete('/agents/:arn/invitations/:invitationId', async (request, reply) => {
      const agent = await admit(request, reply, 'write:cancel-invitations');
      if ('status' in agent) return send(reply, agent);
      return answer(reply, await authorisations.cancel(agent.arn, (request.params as Params).invitationId ?? ''));
    });

    app.post('/agents/:arn/relationships', async (request, reply) => {
      const agent = await admit(request, reply, 'read:check-relationship');
      if ('status' in agent) return send(reply, agent);
      const data = bodyOf(request, false);
      if ('status' in data) return send(reply, data);
      return answer(reply, await authorisations.checkRelationship(agent.arn, data));
    });

    // Version 2.0 only: under 1.0's Accept header HMRC's platform finds no such resource.
    app.put('/agents/:arn/deauthorise-client', async (request, reply) => {
      if (/^application\/vnd\.hmrc\.1\.0\+/.test(request.headers.accept?.trim() ?? '')) {
        return send(
          reply,
          flat(
            404,
            'MATCHING_RESOURCE_NOT_FOUND',
            'A resource with the name in the request can not be found in the API',
          ),
        );
      }
      const agent = await admit(request, reply, 'write:relationships');
      if ('status' in agent) return send(reply, agent);
      if (!isJson(request)) return send(reply, agentError('UNSUPPORTED_CONTENT_TYPE'));
      const body = parseJsonObject(request.body);
      if (!body) return send(reply, agentError('BAD_REQUEST'));
      const data = validateDeauthoriseData(body);
      if ('status' in data) return send(reply, data);
      return answer(reply, await authorisations.deauthorise(agent.arn, data));
    });

    // --- the client's link: sign in, then accept or decline ------------------------------------
    type LinkParams = { uid: string; agentName: string; service: string };
    const linkUrl = `${clientPagesPath}appoint-someone-to-deal-with-HMRC-for-you/:uid/:agentName/:service`;

    /** The signed-in client and the agent's pending requests for them, or the reply already sent. */
    async function clientView(request: FastifyRequest, reply: FastifyReply) {
      const { uid, agentName, service: urlPart } = request.params as LinkParams;
      const service = serviceOfUrlPart(urlPart);
      if (!service) return { sent: htmlPage(reply, 404, errorPage('not_found', 'This link does not name a service.')) };
      const userId = await browserSessionUser(context, request);
      const user = userId ? await store.testUser(userId) : undefined;
      const csrfToken = browserSessionCsrf(request);
      if (!user || !csrfToken) {
        const here = request.url.split('?')[0] ?? '';
        return { sent: reply.redirect(`${basePath}/api-test-login/sign-in?continue=${encodeURIComponent(here)}`, 303) };
      }
      const invitations = await authorisations.pendingForClient(uid, service, user);
      // A link naming only the ARN (no agency name registered) reads "your agent" on the pages.
      const named = invitations.some((invitation) => normalisedAgentName(invitation.arn) === agentName)
        ? null
        : agentName.replace(/-/g, ' ');
      return { user, csrfToken, invitations, agentName: named };
    }

    app.get(linkUrl, async (request, reply) => {
      const current = await clientView(request, reply);
      if ('sent' in current) return current.sent;
      if (current.invitations.length === 0) return htmlPage(reply, 200, noRequestsPage(current.user.userId));
      return htmlPage(
        reply,
        200,
        clientRequestsPage({
          agentName: current.agentName,
          userId: current.user.userId,
          invitations: current.invitations,
          csrfToken: current.csrfToken,
        }),
      );
    });

    app.post(linkUrl, async (request, reply) => {
      const current = await clientView(request, reply);
      if ('sent' in current) return current.sent;
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      if (form.csrfToken !== current.csrfToken) {
        return htmlPage(reply, 403, noRequestsPage(current.user.userId));
      }
      const invitation = current.invitations.find((pending) => pending.invitation_id === form.invitationId);
      const accept = form.answer === 'accept';
      if (
        !invitation ||
        (!accept && form.answer !== 'decline') ||
        !(await authorisations.respond(invitation, accept))
      ) {
        return htmlPage(reply, 409, noRequestsPage(current.user.userId));
      }
      return htmlPage(reply, 200, answeredPage(current.agentName, accept));
    });
  };
}
