import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import type { SandboxAnswer } from '../http/errors';
import { authenticate, checkAccept, isAnswer, send, throttle } from '../platform/http';
import { resolveAcknowledgeScenario, resolveFeedbackScenario } from '../scenarios/vat-assist';
import { advanceAccount } from '../vat/account';
import { mayActForVrn } from '../vat/authority';
import type { VatAccount } from '../vat/model';
import { isValidVrn } from '../vat/validation';
import { draftPeriodFor } from './draft-period';
import { acknowledgeError, feedbackError } from './errors';
import { feedbackMessages, type FeedbackMessages, type VatAssistReport } from './feedback-messages';
import { assessDraft } from './feedback-rules';
import { isReportId, parseAssistDraft, presentedInstant } from './validation';

/**
 * HMRC's VAT Assist (MTD) API 1.0 (reference/vat-assist/application.yaml): a draft return in,
 * HMRC Assist feedback out (RequestVATAssistFeedback), then the software's receipt that it showed
 * the feedback verbatim (AcknowledgeVATAssistReport). Both are user-restricted with write:vat, and
 * go through the VAT (MTD) API's stages in its order: Accept header, bearer token and scope, rate
 * limit, the Gov-* headers recorded for the fraud prevention feedback (under `vat-mtd`, as the VAT
 * endpoints; HMRC has not said which {api} VAT Assist's feedback is kept under), the VRN's format,
 * the token's user acting for the VRN, the request's own checks, then a Gov-Test-Scenario
 * (scenarios/vat-assist.ts) or the simulated account. Every report given is stored so that its
 * acknowledgement can be checked.
 */

type FeedbackParams = { vrn: string };
type AcknowledgeParams = { vrn: string; reportId: string; correlationId: string };

/** How far a presentedDateTime may stray outside the report's life for clock differences. */
export const presentedSlackMs = 2 * 60_000;

export const assistPaths = {
  feedback: '/misc/transaction-risking/assist/:vrn',
  acknowledge: '/misc/transaction-risking/acknowledge/:vrn/:reportId/:correlationId',
} as const;

interface Admitted {
  clientId: string;
  vrn: string;
  account: VatAccount;
}

/** The report's ids: a UUID, and 32 random bytes in upper-case hex, the form of HMRC's examples and stub. */
const newReportIds = () => ({ reportId: randomUUID(), correlationId: randomBytes(32).toString('hex').toUpperCase() });

export function vatAssistRoutes(context: SandboxContext, basePath: string) {
  const { store, clock } = context;

  /** Every stage before the operation's own checks; the caller and account, or the answer refusing it. */
  async function admit(
    request: FastifyRequest,
    reply: FastifyReply,
    errors: { vrn: SandboxAnswer; notAuthorised: SandboxAnswer },
  ): Promise<Admitted | SandboxAnswer> {
    const accept = checkAccept(request);
    if (accept) return accept;
    const caller = await authenticate(request, context, { userRestricted: true, scope: 'write:vat' });
    if (isAnswer(caller)) return caller;
    const throttled = throttle(reply, context, caller.clientId);
    if (throttled) return throttled;
    context.fraudLog.record(caller.clientId, 'vat-mtd', request.headers, {
      method: request.method,
      path: request.url.slice(basePath.length),
    });

    const { vrn } = request.params as FeedbackParams;
    if (!isValidVrn(vrn)) return errors.vrn;
    // As on the VAT API: the user (or their client) must be signed up to MTD VAT, which a test
    // user made without mtd-vat is not, though it has a VRN ("the client is not subscribed to MTD").
    const user = caller.grant ? await store.testUser(caller.grant.user_id) : undefined;
    const stored = (await mayActForVrn(store, user, vrn)) ? await store.account(vrn) : undefined;
    if (!stored) return errors.notAuthorised;
    return { clientId: caller.clientId, vrn, account: advanceAccount(stored.account, clock.today()) };
  }

  async function report(admitted: Admitted, periodKey: string, messages: FeedbackMessages): Promise<SandboxAnswer> {
    const body: VatAssistReport = { ...newReportIds(), ...messages };
    await store.assistReports.insert({
      report_id: body.reportId,
      vrn: admitted.vrn,
      correlation_id: body.correlationId,
      period_key: periodKey,
      client_id: admitted.clientId,
      created_at: clock.iso(),
      feedback: JSON.stringify(body),
      acknowledged_at: null,
      presented_at: null,
    });
    return { status: 200, body };
  }

  async function requestFeedback(request: FastifyRequest, reply: FastifyReply): Promise<SandboxAnswer> {
    const admitted = await admit(request, reply, {
      vrn: feedbackError('VRN_INVALID'),
      notAuthorised: feedbackError('CLIENT_OR_AGENT_NOT_AUTHORISED'),
    });
    if ('status' in admitted) return admitted;
    const parsed = parseAssistDraft(request.body);
    if (!parsed.ok) return parsed.answer;
    const { periodKey, boxes } = parsed.draft;

    const scenario = resolveFeedbackScenario(request.headers['gov-test-scenario']);
    if (scenario.kind === 'answer') return scenario.answer;
    if (scenario.kind === 'feedback') return report(admitted, periodKey, scenario.messages);

    const period = draftPeriodFor(admitted.account, periodKey, clock.today());
    if (!period.ok) return feedbackError(period.problem);
    return report(admitted, periodKey, feedbackMessages(assessDraft(boxes, period.context)));
  }

  async function acknowledge(request: FastifyRequest, reply: FastifyReply): Promise<SandboxAnswer> {
    const admitted = await admit(request, reply, {
      vrn: acknowledgeError('FORMAT_VRN'),
      notAuthorised: acknowledgeError('CLIENT_OR_AGENT_NOT_AUTHORISED'),
    });
    if ('status' in admitted) return admitted;
    const { reportId, correlationId } = request.params as AcknowledgeParams;
    if (!isReportId(reportId)) return acknowledgeError('FORMAT_REPORT_ID');
    const presentedDateTime = (request.query as Record<string, unknown>).presentedDateTime;
    const presented = presentedInstant(Array.isArray(presentedDateTime) ? presentedDateTime[0] : presentedDateTime);
    if (presented === undefined) return acknowledgeError('FORMAT_DATETIME');

    const scenario = resolveAcknowledgeScenario(request.headers['gov-test-scenario']);
    if (scenario.kind === 'answer') return scenario.answer;
    const acknowledged: SandboxAnswer = { status: 204, body: undefined };
    if (scenario.kind === 'acknowledged') return acknowledged;

    const given = await store.assistReports.find(admitted.vrn, reportId);
    if (!given) return acknowledgeError('MATCHING_RESOURCE_NOT_FOUND');
    if (given.correlation_id !== correlationId) return acknowledgeError('CORRELATION_ID');
    // Shown after the report was given (to the second HMRC's format has) and not later than now.
    const givenAt = Math.floor(Date.parse(given.created_at) / 1000) * 1000;
    if (presented < givenAt - presentedSlackMs || presented > clock.now().getTime() + presentedSlackMs) {
      return acknowledgeError('FORMAT_DATETIME');
    }
    // A second receipt for the same report is answered alike; the first one is what is kept.
    await store.assistReports.acknowledge(reportId, new Date(presented).toISOString(), clock.iso());
    return acknowledged;
  }

  return async function register(app: FastifyInstance) {
    const route =
      (name: string, handle: (request: FastifyRequest, reply: FastifyReply) => Promise<SandboxAnswer>) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        context.callCounts.set(name, (context.callCounts.get(name) ?? 0) + 1);
        return send(reply, await handle(request, reply));
      };
    app.post(assistPaths.feedback, route('vatAssistFeedback', requestFeedback));
    app.post(assistPaths.acknowledge, route('vatAssistAcknowledge', acknowledge));
  };
}
