/** Pure VAT (MTD) logic of the simulator: request validation and the simulated account (docs/reference/hmrc-vat-api.md §3). */
export {
  decodePeriodKeyPath,
  earliestFinancialDataDate,
  firstQueryValue,
  isValidVrn,
  parseSubmitBody,
  returnBoxes,
  submitMessages,
  validateChargeReference,
  validateFinancialDataQuery,
  validateObligationsQuery,
  validatePeriodKeyPath,
  validateSubmitBody,
  validateVrn,
  type FinancialDataQuery,
  type ObligationsQuery,
  type QueryValue,
  type ReturnBox,
  type ReturnBoxesPence,
  type SubmitBodyResult,
  type ValidSubmission,
} from './validation';
export { advanceAccount, createVatAccount, type CreateVatAccountInput } from './account';
export { returnDebitChargeType } from './filing';
export { annualDueDateFor, annualPeriodKey, dueDateFor, monthlyPeriodKey, quarterlyPeriodKey } from './periods';
export {
  customerInformationFor,
  financialDetailsFor,
  liabilitiesFor,
  obligationsFor,
  paymentsFor,
  penaltiesFor,
  returnFor,
} from './queries';
export { submitReturn, type SubmitReturnResult } from './submit';
export type * from './model';
export { obligationPatterns } from './model';
