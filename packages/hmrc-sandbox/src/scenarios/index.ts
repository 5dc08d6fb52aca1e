/**
 * Gov-Test-Scenario handling for the eight VAT (MTD) endpoints (docs/reference/hmrc-vat-api.md §4), the VAT Assist
 * (MTD) API (vat-assist.ts) and the Initiate payment API (initiate-payment.ts).
 */
export {
  resolveScenario,
  scenarioValues,
  vatEndpoints,
  type Endpoint,
  type ScenarioContext,
  type ScenarioResolution,
} from './resolve';
export type { CustomerInformation } from './canned/account-details';
export type { Liability } from './canned/liabilities-payments';
export type { Obligation } from './canned/obligations';
export type { LatePaymentPenaltyDetail, LateSubmissionPenaltyDetail, Penalties } from './canned/penalty-shapes';
export {
  resolveAcknowledgeScenario,
  resolveFeedbackScenario,
  vatAssistAcknowledgeScenarios,
  vatAssistFeedbackScenarios,
  type VatAssistAcknowledgeScenario,
  type VatAssistFeedbackScenario,
} from './vat-assist';
export {
  cannedJourney,
  initiatePaymentScenarios,
  resolvePaymentScenario,
  type InitiatePaymentScenario,
} from './initiate-payment';
