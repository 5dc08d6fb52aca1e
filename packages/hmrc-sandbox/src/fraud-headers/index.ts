/**
 * HMRC fraud prevention headers for WEB_APP_VIA_SERVER and BATCH_PROCESS_DIRECT: the Test Fraud
 * Prevention Headers API (docs/reference/hmrc-vat-api.md §5.3).
 */
export { analyseFraudHeaders, type FraudHeaderAnalysis, type IncomingHeaders } from './analyse';
export { type ErrorCode, type WarningCode } from './findings';
export { messages as fraudHeaderMessages } from './messages';
export {
  connectionMethods,
  isConnectionMethod,
  requiredFraudHeaders,
  requiredFraudHeadersFor,
  toleratedFraudHeaders,
  toleratedFraudHeadersFor,
  type ConnectionMethod,
  type FraudHeaderName,
} from './methods';
export {
  SPEC_VERSION,
  validateFraudHeaders,
  validationResult,
  type ValidationIssue,
  type ValidationResult,
} from './validate';
export {
  createFraudHeaderLog,
  endpointOf,
  type CrossValidationFeedback,
  type FeedbackApi,
  type FeedbackIssue,
  type FraudHeaderLog,
  type FraudHeaderLogOptions,
  type HeaderFeedback,
  type HeaderFeedbackCode,
  type RecordedRequest,
  type RequestFeedback,
  type ValidationFeedback,
} from './feedback-log';
