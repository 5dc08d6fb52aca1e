import { type FlatError, flat, type SandboxAnswer } from '../http/errors';

/**
 * The VAT Assist (MTD) API's errors, with the status, code and wording of HMRC's definition
 * (reference/vat-assist/application.yaml): every body is `{ code, message }` (its ErrorResponse).
 * The two operations word some errors differently (the feedback request's "The provided VRN is
 * invalid" against the acknowledgement's FORMAT_VRN "…invalid."); each keeps its own.
 */
const feedbackErrors = {
  VRN_INVALID: [400, 'VRN_INVALID', 'The provided VRN is invalid'],
  PERIOD_KEY_INVALID: [400, 'PERIOD_KEY_INVALID', 'Invalid period key'],
  INVALID_REQUEST: [400, 'INVALID_REQUEST', 'Invalid request'],
  VAT_TOTAL_VALUE: [
    400,
    'VAT_TOTAL_VALUE',
    'totalVatDue should be equal to the sum of vatDueSales and vatDueAcquisitions',
  ],
  VAT_NET_VALUE: [
    400,
    'VAT_NET_VALUE',
    'netVatDue should be the difference between the largest and the smallest values among totalVatDue and vatReclaimedCurrPeriod',
  ],
  INVALID_NUMERIC_VALUE: [400, 'INVALID_NUMERIC_VALUE', 'please provide a numeric field'],
  TAX_PERIOD_NOT_ENDED: [
    403,
    'TAX_PERIOD_NOT_ENDED',
    'The remote endpoint has indicated that the submission is for a tax period that has not ended',
  ],
  CLIENT_OR_AGENT_NOT_AUTHORISED: [403, 'CLIENT_OR_AGENT_NOT_AUTHORISED', 'The client and/or agent is not authorised'],
  RULE_INSOLVENT_TRADER: [
    403,
    'RULE_INSOLVENT_TRADER',
    'The remote endpoint has indicated that the Trader is insolvent',
  ],
  VRN_NOT_FOUND: [404, 'VRN_NOT_FOUND', 'The remote endpoint has indicated that the VRN could not be found.'],
  INTERNAL_SERVER_ERROR: [500, 'INTERNAL_SERVER_ERROR', 'An unexpected error occurred.'],
  // Not in the definition: HMRC's service answers an unknown scenario so (mtd-transaction-risking MtdErrors).
  RULE_INCORRECT_GOV_TEST_SCENARIO: [400, 'RULE_INCORRECT_GOV_TEST_SCENARIO', 'The Gov-Test-Scenario was not found'],
} as const satisfies Record<string, readonly [number, string, string]>;

const acknowledgeErrors = {
  FORMAT_VRN: [400, 'FORMAT_VRN', 'The provided VRN is invalid.'],
  FORMAT_REPORT_ID: [400, 'FORMAT_REPORT_ID', 'The provided Report ID is invalid.'],
  FORMAT_DATETIME: [400, 'FORMAT_DATETIME', 'The provided Presented Date Time is invalid.'],
  INVALID_CREDENTIALS: [401, 'INVALID_CREDENTIALS', 'Invalid authentication information provided.'],
  CLIENT_OR_AGENT_NOT_AUTHORISED: [403, 'CLIENT_OR_AGENT_NOT_AUTHORISED', 'Client and/or agent is not authorised.'],
  CORRELATION_ID: [403, 'CORRELATION_ID', 'The Correlation ID is not the expected value for this report.'],
  MATCHING_RESOURCE_NOT_FOUND: [
    404,
    'MATCHING_RESOURCE_NOT_FOUND',
    'A resource with the name in the request can not be found in the API.',
  ],
  INTERNAL_SERVER_ERROR: [500, 'INTERNAL_SERVER_ERROR', 'An unexpected error occurred.'],
  RULE_INCORRECT_GOV_TEST_SCENARIO: feedbackErrors.RULE_INCORRECT_GOV_TEST_SCENARIO,
} as const satisfies Record<string, readonly [number, string, string]>;

export type FeedbackError = keyof typeof feedbackErrors;
export type AcknowledgeError = keyof typeof acknowledgeErrors;

export function feedbackError(error: FeedbackError): SandboxAnswer<FlatError> {
  const [status, code, message] = feedbackErrors[error];
  return flat(status, code, message);
}

export function acknowledgeError(error: AcknowledgeError): SandboxAnswer<FlatError> {
  const [status, code, message] = acknowledgeErrors[error];
  return flat(status, code, message);
}

/**
 * INVALID_MONETARY_AMOUNT with the range of the box it is about. The definition gives only box 5's
 * wording; the others are the VAT (MTD) API's, whose validation HMRC's service runs on the draft
 * (mtd-transaction-risking VatApiConnector.validate).
 */
export const monetaryAmountMessages = {
  boxes1To4:
    'amount should be a monetary value (to 2 decimal places), between -9,999,999,999,999.99 and 9,999,999,999,999.99',
  box5: 'amount should be a monetary value (to 2 decimal places), between 0 and 99,999,999,999.99',
  boxes6To9: 'The value must be between -9999999999999 and 9999999999999',
} as const;

export const invalidMonetaryAmount = (message: string): SandboxAnswer<FlatError> =>
  flat(400, 'INVALID_MONETARY_AMOUNT', message);
