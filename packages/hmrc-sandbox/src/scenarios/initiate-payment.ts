import type { PaymentStatus } from '../store/payment-journeys';

/**
 * Gov-Test-Scenario values of the Initiate payment API (reference/initiate-payment/application.yaml,
 * `GET /status` "Test data"): each names the state a journey reports. The definition says to send
 * them on the `POST /pay` that starts the journey, which then starts in that state (COMPLETED also
 * pays, as the payment pages would); HMRC's service reads them on `GET /status`
 * (FindPaymentController), where the simulator also takes them, to answer that state without
 * changing the journey.
 */
export const initiatePaymentScenarios = ['COMPLETED', 'FAILED', 'IN_PROGRESS'] as const;

export type InitiatePaymentScenario = (typeof initiatePaymentScenarios)[number];

const statuses: Record<InitiatePaymentScenario, PaymentStatus> = {
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  IN_PROGRESS: 'InProgress',
};

/**
 * The amount HMRC's sandbox reports for a journey it does not know when a scenario is sent
 * (ExternalTest.newPaymentJourney). Its canned taxRegime, the text "taxRegime", is outside the
 * definition's enum, so the simulator says Vat.
 */
export const cannedJourney = { taxRegime: 'Vat', amountInPence: 123_456 } as const;

export type PaymentScenarioResolution =
  { kind: 'default' } | { kind: 'status'; status: PaymentStatus } | { kind: 'unknown'; message: string };

export function resolvePaymentScenario(value: string | string[] | undefined): PaymentScenarioResolution {
  const name = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!name) return { kind: 'default' };
  if ((initiatePaymentScenarios as readonly string[]).includes(name)) {
    return { kind: 'status', status: statuses[name as InitiatePaymentScenario] };
  }
  return {
    kind: 'unknown',
    message: `Gov-Test-Scenario ${name} is not one of ${initiatePaymentScenarios.join(', ')}.`,
  };
}
