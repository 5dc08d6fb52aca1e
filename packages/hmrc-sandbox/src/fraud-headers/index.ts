/**
 * HMRC fraud prevention headers for WEB_APP_VIA_SERVER and BATCH_PROCESS_DIRECT: the Test Fraud
 * Prevention Headers API (hmrc-mtd-vat.md 5.3).
 */
export {
  analyseFraudHeaders,
  connectionMethods,
  isConnectionMethod,
  messages as fraudHeaderMessages,
  requiredFraudHeaders,
  requiredFraudHeadersFor,
  SPEC_VERSION,
  toleratedFraudHeaders,
  toleratedFraudHeadersFor,
  validateFraudHeaders,
  validationResult,
  type ConnectionMethod,
  type ErrorCode,
  type FraudHeaderAnalysis,
  type FraudHeaderName,
  type IncomingHeaders,
  type ValidationIssue,
  type ValidationResult,
  type WarningCode,
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
