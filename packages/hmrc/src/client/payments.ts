import {
  type PaymentStatusResponse,
  paymentStatusResponseSchema,
  type PayRequest,
  payResponseSchema,
} from '../schemas/initiate-payment';
import { HmrcError, normaliseHmrcError } from '../errors';
import { type HttpAnswer, hmrcTimeouts, readBody } from './http';
import { hmrcAccept, type HmrcTransport } from './transport';

/**
 * Initiate payment API 1.0 (packages/hmrc-sandbox/reference/initiate-payment/application.yaml),
 * application-restricted: start a payment journey the user's browser is sent to, then ask its status.
 */

export interface PaymentCallOptions {
  /** HMRC sandbox's Gov-Test-Scenario (COMPLETED, FAILED, IN_PROGRESS). */
  testScenario?: string;
  timeoutMs?: number;
}

export interface InitiatedPayment {
  /** HMRC's redirectURL: where to send the user's browser. */
  redirectUrl: string;
  /** HMRC's clientJourneyId, for paymentStatus. */
  journeyId: string;
}

const paymentsPath = (transport: HmrcTransport, rest: string) => `${transport.baseUrl}/payments/make-payment/${rest}`;

async function appHeaders(transport: HmrcTransport, options: PaymentCallOptions, extra: Record<string, string> = {}) {
  return {
    accept: hmrcAccept,
    authorization: `Bearer ${await transport.appToken()}`,
    ...(options.testScenario ? { 'Gov-Test-Scenario': options.testScenario } : {}),
    ...extra,
  };
}

/**
 * The Initiate payment API's refusals carry no codes, only messages: `{ errors: [...] }` from /pay,
 * `{ error }` from /status. They become an HmrcError with those messages; any other body as usual.
 */
function refusal(answer: HttpAnswer): HmrcError {
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    return normaliseHmrcError(answer.status, answer.text);
  }
  const body = (typeof json === 'object' && json !== null ? json : {}) as { errors?: unknown; error?: unknown };
  const messages = Array.isArray(body.errors) ? body.errors : [body.error];
  if (messages.length === 0 || !messages.every((message) => typeof message === 'string')) {
    return normaliseHmrcError(answer.status, answer.text);
  }
  return new HmrcError({ status: answer.status, kind: 'unknown', message: messages.join(' '), details: [] });
}

const readPaymentBody: typeof readBody = (answer, expected, schema) => {
  if (answer.status !== expected) throw refusal(answer);
  return readBody(answer, expected, schema);
};

/** Starts a payment journey (HMRC answers 201); optional fields are left out, never sent as null. */
export async function initiatePayment(
  transport: HmrcTransport,
  request: PayRequest,
  options: PaymentCallOptions = {},
): Promise<InitiatedPayment> {
  const body = Object.fromEntries(Object.entries(request).filter((entry) => entry[1] !== undefined));
  const answer = await transport.send({
    method: 'POST',
    url: paymentsPath(transport, 'pay'),
    headers: await appHeaders(transport, options, { 'content-type': 'application/json' }),
    body: JSON.stringify(body),
    timeoutMs: options.timeoutMs ?? hmrcTimeouts.default,
  });
  const started = readPaymentBody(answer, 201, payResponseSchema);
  return { redirectUrl: started.redirectURL, journeyId: started.clientJourneyId };
}

/** Where a payment journey stands: Completed, Failed or InProgress, and the amount actually paid. */
export async function paymentStatus(
  transport: HmrcTransport,
  journeyId: string,
  options: PaymentCallOptions = {},
): Promise<PaymentStatusResponse> {
  const answer = await transport.send({
    method: 'GET',
    url: paymentsPath(transport, `status?${new URLSearchParams({ clientJourneyId: journeyId }).toString()}`),
    headers: await appHeaders(transport, options),
    timeoutMs: options.timeoutMs ?? hmrcTimeouts.default,
    retry: transport.retry,
    ...(transport.sleep ? { sleep: transport.sleep } : {}),
  });
  return readPaymentBody(answer, 200, paymentStatusResponseSchema);
}
