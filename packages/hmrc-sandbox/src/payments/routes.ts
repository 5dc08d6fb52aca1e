import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import type { SandboxAnswer } from '../http/errors';
import { authenticate, checkAccept, isAnswer, send, throttle } from '../platform/http';
import { cannedJourney, resolvePaymentScenario } from '../scenarios/initiate-payment';
import { PaymentJourneys, type PayResponseBody, type PaymentStatusBody, paymentPagePath } from './journeys';
import { parsePayRequest } from './validation';

/**
 * HMRC's Initiate payment API 1.0 (reference/initiate-payment/application.yaml), served at its
 * context `payments/make-payment`: `POST /pay` starts a payment journey and answers where to send
 * the person paying; `GET /status` reports the journey. Application-restricted (any token of the
 * application, no scope), after HMRC's platform checks: Accept header, bearer token, rate limit.
 */

export const paymentApiPaths = {
  pay: '/payments/make-payment/pay',
  status: '/payments/make-payment/status',
} as const;

const isJsonType = (request: FastifyRequest) =>
  /^(application|text)\/json\b/i.test(request.headers['content-type'] ?? '');

const uuidPattern = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** The page's absolute address, at the simulator's public origin when set (as agents/routes.ts). */
const origin = (context: SandboxContext, request: FastifyRequest) =>
  context.publicOrigin ?? `${request.protocol}://${request.host}`;

export function paymentRoutes(context: SandboxContext, basePath: string, journeys: PaymentJourneys) {
  /** The platform's checks; the calling application, or the answer refusing the call. */
  async function admit(request: FastifyRequest, reply: FastifyReply): Promise<{ clientId: string } | SandboxAnswer> {
    const accept = checkAccept(request);
    if (accept) return accept;
    const caller = await authenticate(request, context, { userRestricted: false });
    if (isAnswer(caller)) return caller;
    return throttle(reply, context, caller.clientId) ?? { clientId: caller.clientId };
  }

  async function pay(request: FastifyRequest, reply: FastifyReply): Promise<SandboxAnswer> {
    const caller = await admit(request, reply);
    if ('status' in caller) return caller;
    const parsed = parsePayRequest(request.body, isJsonType(request));
    if (!parsed.ok) return { status: parsed.status, body: { errors: parsed.errors } };
    const scenario = resolvePaymentScenario(request.headers['gov-test-scenario']);
    if (scenario.kind === 'unknown') return { status: 400, body: { errors: [scenario.message] } };
    const { journey, pageToken } = await journeys.start(
      caller.clientId,
      parsed.request,
      scenario.kind === 'status' ? scenario.status : 'InProgress',
    );
    const body: PayResponseBody = {
      redirectURL: `${origin(context, request)}${basePath}${paymentPagePath(pageToken)}`,
      clientJourneyId: journey.journeyId,
    };
    return { status: 201, body };
  }

  async function status(request: FastifyRequest, reply: FastifyReply): Promise<SandboxAnswer> {
    const caller = await admit(request, reply);
    if ('status' in caller) return caller;
    const query = (request.query as Record<string, string | string[] | undefined>).clientJourneyId;
    const clientJourneyId = Array.isArray(query) ? query[0] : query;
    if (clientJourneyId === undefined || clientJourneyId === '') {
      return { status: 400, body: { error: 'Mandatory clientJourneyId field of query was omitted.' } };
    }
    if (!uuidPattern.test(clientJourneyId)) {
      return { status: 400, body: { error: 'The clientJourneyId field of query must be a UUID.' } };
    }
    const scenario = resolvePaymentScenario(request.headers['gov-test-scenario']);
    if (scenario.kind === 'unknown') return { status: 400, body: { error: scenario.message } };
    const journey = await journeys.byId(clientJourneyId.toLowerCase());
    if (scenario.kind === 'status') {
      const body: PaymentStatusBody = journey
        ? PaymentJourneys.statusBody(journey, scenario.status)
        : { clientJourneyId, ...cannedJourney, paymentStatus: scenario.status };
      return { status: 200, body };
    }
    // HMRC's service: either the journey never existed or it has no record of it any more.
    if (!journey) return { status: 404, body: undefined };
    return { status: 200, body: PaymentJourneys.statusBody(journey) };
  }

  return async function register(app: FastifyInstance) {
    // Any body type reaches `POST /pay`, which answers a body that is not JSON as HMRC does (400).
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.post(paymentApiPaths.pay, async (request, reply) => send(reply, await pay(request, reply)));
    app.get(paymentApiPaths.status, async (request, reply) => send(reply, await status(request, reply)));
  };
}
