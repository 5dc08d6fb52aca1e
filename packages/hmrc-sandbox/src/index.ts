/**
 * The embedded HMRC sandbox simulator: HMRC's paths, headers, validation order, error codes and
 * error bodies (docs/reference/hmrc-vat-api.md; for VAT Assist and Initiate payment, HMRC's definitions in
 * reference/), offline. A Fastify plugin (plugin.ts) and a standalone entry
 * (standalone.ts, `npm run sandbox`).
 */
export { hmrcSandbox, type HmrcSandboxOptions } from './plugin';
export { defaultApplication, type SandboxApplication } from './oauth/applications';
export { startPageLink } from './oauth/pages';
export { SandboxStore, openMemoryDatabase, openFileDatabase, type SandboxTables } from './store/store';
export { faultKinds, faultTargets, type FaultKind, type FaultTarget } from './platform/faults';
export { scenarioValues, vatEndpoints, type Endpoint } from './scenarios';
export { validateFraudHeaders } from './fraud-headers';
export {
  initiatePaymentScenarios,
  vatAssistAcknowledgeScenarios,
  vatAssistFeedbackScenarios,
  type InitiatePaymentScenario,
  type VatAssistAcknowledgeScenario,
  type VatAssistFeedbackScenario,
} from './scenarios';
export type {
  FeedbackItem as VatAssistFeedbackItem,
  FeedbackLink as VatAssistFeedbackLink,
  VatAssistReport,
} from './vat-assist/feedback-messages';
export type { AssistDraft as VatAssistDraft } from './vat-assist/validation';
export { paymentPageOutcomes, type PaymentPageOutcome } from './payments/pages';
export type { PayRequest, PayRequestResult } from './payments/validation';
export type { PayResponseBody, PaymentStatusBody } from './payments/journeys';
export type { PaymentStatus, TaxRegime as PaymentTaxRegime } from './store/payment-journeys';
