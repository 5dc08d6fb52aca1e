/** Gov-Test-Scenario handling for the eight VAT (MTD) endpoints (docs/reference/hmrc-vat-api.md §4). */
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
