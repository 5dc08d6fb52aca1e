import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { flat, messages, type SandboxAnswer } from '../http/errors';
import { applyFault, authenticate, checkAccept, dropConnection, isAnswer, send, throttle } from '../platform/http';
import { type Endpoint, resolveScenario } from '../scenarios';
import type { StoredAccount } from '../store/store';
import { advanceAccount } from './account';
import { mayActForVrn } from './authority';
import {
  customerInformationFor,
  financialDetailsFor,
  liabilitiesFor,
  obligationsFor,
  paymentsFor,
  penaltiesFor,
  returnFor,
} from './queries';
import { submitReturn } from './submit';
import type { VatAccount } from './model';
import {
  decodePeriodKeyPath,
  firstQueryValue,
  type QueryValue,
  validateChargeReference,
  validateFinancialDataQuery,
  validateObligationsQuery,
  validatePeriodKeyPath,
  validateSubmitBody,
  validateVrn,
} from './validation';

/**
 * The eight VAT (MTD) 1.0 endpoints (docs/reference/hmrc-vat-api.md §3). Each call goes through HMRC's stages in
 * HMRC's order: Accept header, bearer token and scope, rate limit, VRN format, the token's user
 * owning the VRN (or an agent its owner authorised), the endpoint's own validation, then a Gov-Test-Scenario (4) or the simulated
 * account (vat/account.ts). Every call's Gov-* headers are recorded for the fraud prevention
 * feedback endpoint (5.3).
 */

type Params = { vrn: string; periodKey?: string; chargeReference?: string };
type Query = Record<string, QueryValue>;

interface CallState {
  vrn: string;
  today: string;
  stored: StoredAccount;
  account: VatAccount;
}

interface EndpointDefinition {
  name: Endpoint;
  method: 'GET' | 'POST';
  url: string;
  scope: 'read:vat' | 'write:vat';
  /** Path checks made together with the VRN's (view return, financial details). */
  pathCheck?: (params: Params) => SandboxAnswer | undefined;
  /** The endpoint's own request validation, after authorisation. */
  validate?: (request: FastifyRequest, today: string) => SandboxAnswer | undefined;
  /** The answer from the simulated account when no Gov-Test-Scenario is sent. */
  answer: (request: FastifyRequest, reply: FastifyReply, call: CallState) => Promise<SandboxAnswer> | SandboxAnswer;
}

/** Retries of a submission that lost a race with another write to the same account. */
const writeAttempts = 3;

export function vatRoutes(context: SandboxContext, basePath: string) {
  const { store, clock } = context;

  /** Writes the account when something changed; a lost race is harmless for reads. */
  const saveIfChanged = async (call: CallState) => {
    if (call.account !== call.stored.account) await store.updateAccount(call.account, call.stored.version);
  };

  const endpoints: EndpointDefinition[] = [
    {
      name: 'obligations',
      method: 'GET',
      url: '/organisations/vat/:vrn/obligations',
      scope: 'read:vat',
      validate: (request) => validateObligationsQuery(request.query as Query),
      answer: (request, _reply, call) => obligationsFor(call.account, request.query as Query, call.today),
    },
    {
      name: 'submitReturn',
      method: 'POST',
      url: '/organisations/vat/:vrn/returns',
      scope: 'write:vat',
      // The body is checked before any Gov-Test-Scenario applies (4.2).
      validate: (request) => validateSubmitBody(request.body),
      answer: async (request, reply, call) => {
        let current = call;
        for (let attempt = 1; attempt <= writeAttempts; attempt += 1) {
          const result = submitReturn(current.account, request.body, clock.now());
          if (result.answer.status !== 201 || !result.receipt) return result.answer;
          if (await store.updateAccount(result.account, current.stored.version)) {
            reply.header('receipt-timestamp', result.receipt.timestamp);
            reply.header('receipt-signature', 'This has been deprecated - DO NOT USE');
            return result.answer;
          }
          const stored = await store.account(call.vrn);
          if (!stored) break;
          current = { ...call, stored, account: advanceAccount(stored.account, call.today) };
        }
        return flat(500, 'INTERNAL_SERVER_ERROR', messages.INTERNAL_SERVER_ERROR);
      },
    },
    {
      name: 'viewReturn',
      method: 'GET',
      url: '/organisations/vat/:vrn/returns/:periodKey',
      scope: 'read:vat',
      pathCheck: (params) => validatePeriodKeyPath(params.periodKey ?? '', params.vrn),
      answer: (request, _reply, call) =>
        returnFor(call.account, decodePeriodKeyPath((request.params as Params).periodKey ?? '') ?? '', call.today),
    },
    {
      name: 'liabilities',
      method: 'GET',
      url: '/organisations/vat/:vrn/liabilities',
      scope: 'read:vat',
      validate: (request, today) => validateFinancialDataQuery(request.query as Query, today),
      answer: (request, _reply, call) => liabilitiesFor(call.account, dateRange(request)),
    },
    {
      name: 'payments',
      method: 'GET',
      url: '/organisations/vat/:vrn/payments',
      scope: 'read:vat',
      validate: (request, today) => validateFinancialDataQuery(request.query as Query, today),
      answer: (request, _reply, call) => paymentsFor(call.account, dateRange(request)),
    },
    {
      name: 'penalties',
      method: 'GET',
      url: '/organisations/vat/:vrn/penalties',
      scope: 'read:vat',
      answer: (_request, _reply, call) => penaltiesFor(call.account, call.today),
    },
    {
      name: 'financialDetails',
      method: 'GET',
      url: '/organisations/vat/:vrn/financial-details/:chargeReference',
      scope: 'read:vat',
      pathCheck: (params) => validateChargeReference(params.chargeReference ?? '', params.vrn),
      answer: (request, _reply, call) =>
        financialDetailsFor(call.account, (request.params as Params).chargeReference ?? '', call.today),
    },
    {
      name: 'customerInformation',
      method: 'GET',
      url: '/organisations/vat/:vrn/information',
      scope: 'read:vat',
      answer: (_request, _reply, call) => customerInformationFor(call.account),
    },
  ];

  /** Every stage before the endpoint's own work; an answer when one of them refuses the call. */
  async function admit(
    endpoint: EndpointDefinition,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<SandboxAnswer | CallState> {
    const accept = checkAccept(request);
    if (accept) return accept;
    const caller = await authenticate(request, context, { userRestricted: true, scope: endpoint.scope });
    if (isAnswer(caller)) return caller;
    const throttled = throttle(reply, context, caller.clientId);
    if (throttled) return throttled;

    context.fraudLog.record(caller.clientId, 'vat-mtd', request.headers, {
      method: request.method,
      path: request.url.slice(basePath.length),
    });

    const params = request.params as Params;
    const pathProblem = endpoint.pathCheck ? endpoint.pathCheck(params) : validateVrn(params.vrn);
    if (pathProblem) return pathProblem;

    // The token's user must hold HMRC-MTD-VAT for this VRN, or be an agent the client has
    // authorised for MTD-VAT (3.2; agents/).
    const user = caller.grant ? await store.testUser(caller.grant.user_id) : undefined;
    const stored = (await mayActForVrn(store, user, params.vrn)) ? await store.account(params.vrn) : undefined;
    if (!stored) return flat(403, 'CLIENT_OR_AGENT_NOT_AUTHORISED', messages.CLIENT_OR_AGENT_NOT_AUTHORISED);

    const today = clock.today();
    return { vrn: params.vrn, today, stored, account: advanceAccount(stored.account, today) };
  }

  return async function register(app: FastifyInstance) {
    for (const endpoint of endpoints) {
      app.route({
        method: endpoint.method,
        url: endpoint.url,
        handler: async (request, reply) => {
          context.callCounts.set(endpoint.name, (context.callCounts.get(endpoint.name) ?? 0) + 1);
          if (await applyFault(request, reply, context, endpoint.name)) return reply;
          const respond = (answer: SandboxAnswer) => {
            if (!context.answersToDrop.has(request)) return send(reply, answer);
            dropConnection(request, reply);
            return reply;
          };
          const admitted = await admit(endpoint, request, reply);
          if ('status' in admitted) return respond(admitted);
          if (endpoint.name === 'submitReturn') {
            // Errors after authorisation carry the receipt headers too (3.5).
            reply.header('receipt-id', reply.getHeader('x-correlationid'));
            reply.header('receipt-timestamp', clock.iso().replace(/\.\d{3}Z$/, 'Z'));
          }
          const invalid = endpoint.validate?.(request, admitted.today);
          if (invalid) return respond(invalid);

          const scenarioHeader = request.headers['gov-test-scenario'];
          const range = endpoint.name === 'liabilities' || endpoint.name === 'payments' ? dateRange(request) : {};
          const scenario = resolveScenario(
            endpoint.name,
            Array.isArray(scenarioHeader) ? scenarioHeader[0] : scenarioHeader,
            {
              vrn: admitted.vrn,
              today: admitted.today,
              ...range,
              ...((request.params as Params).periodKey ? { periodKey: (request.params as Params).periodKey } : {}),
            },
          );
          if (scenario.kind === 'answer') return respond(scenario.answer);

          const answer = await endpoint.answer(request, reply, admitted);
          if (endpoint.name !== 'submitReturn') await saveIfChanged(admitted);
          return respond(answer);
        },
      });
    }
  };
}

/** The validated from/to of a liabilities or payments query (also used to filter canned data). */
function dateRange(request: FastifyRequest): { from: string; to: string } {
  const query = request.query as Query;
  return { from: firstQueryValue(query.from) ?? '', to: firstQueryValue(query.to) ?? '' };
}
