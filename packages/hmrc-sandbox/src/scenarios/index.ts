/** Gov-Test-Scenario handling for the eight VAT (MTD) endpoints (hmrc-mtd-vat.md 4). */
export {
  resolveScenario,
  scenarioValues,
  vatEndpoints,
  type Endpoint,
  type ScenarioContext,
  type ScenarioResolution,
} from './resolve';
export type {
  CustomerInformation,
  LatePaymentPenaltyDetail,
  LateSubmissionPenaltyDetail,
  Liability,
  Obligation,
  Penalties,
} from './canned-data';
