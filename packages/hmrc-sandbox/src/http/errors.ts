/**
 * HMRC's error bodies, in the four shapes of the reference (docs/reference/hmrc-vat-api.md §3.3):
 *  A. flat     { code, message }
 *  B. legacy   { statusCode, message: CODE }        (query-parameter validation, malformed JSON)
 *  C. wrapped  { code: INVALID_REQUEST | BUSINESS_ERROR, message, errors: [{ code, message, path? }] }
 *  D. empty    404 with no body                      (view return for a period with no return)
 * Every simulator answer that is an error is built here, so the shapes cannot drift.
 */
export interface FlatError {
  code: string;
  message: string;
}

export interface LegacyError {
  statusCode: number;
  message: string;
}

export interface ErrorItem {
  code: string;
  message: string;
  path?: string;
}

export interface WrappedError {
  code: 'INVALID_REQUEST' | 'BUSINESS_ERROR';
  message: string;
  errors: ErrorItem[];
}

export type HmrcErrorBody = FlatError | LegacyError | WrappedError;

/** A complete answer: status and body (undefined = shape D, no body at all). */
export interface SandboxAnswer<Body = unknown> {
  status: number;
  body: Body | undefined;
}

export const flat = (status: number, code: string, message: string): SandboxAnswer<FlatError> => ({
  status,
  body: { code, message },
});

export const legacy = (status: number, code: string): SandboxAnswer<LegacyError> => ({
  status,
  body: { statusCode: status, message: code },
});

export const invalidRequest = (errors: ErrorItem[]): SandboxAnswer<WrappedError> => ({
  status: 400,
  body: { code: 'INVALID_REQUEST', message: 'Invalid request', errors },
});

export const businessError = (errors: ErrorItem[]): SandboxAnswer<WrappedError> => ({
  status: 403,
  body: { code: 'BUSINESS_ERROR', message: 'Business validation error', errors },
});

export const emptyNotFound: SandboxAnswer<never> = { status: 404, body: undefined };

/** Wire messages fixed by HMRC's code (reference 3.2–3.12). */
export const messages = {
  VRN_INVALID: 'The provided VRN is invalid',
  CLIENT_OR_AGENT_NOT_AUTHORISED: 'The client and/or agent is not authorised.',
  RULE_INSOLVENT_TRADER: 'The remote endpoint has indicated that the Trader is insolvent',
  NOT_FOUND: 'The remote endpoint has indicated that no data can be found',
  INTERNAL_SERVER_ERROR: 'An internal server error occurred',
  SERVICE_UNAVAILABLE: 'Internal server error',
  RULE_INCORRECT_GOV_TEST_SCENARIO: 'The Gov-Test-Scenario was not found',
  DUPLICATE_SUBMISSION: 'The VAT return was already submitted for the given period.',
  TAX_PERIOD_NOT_ENDED: 'The remote endpoint has indicated that the submission is for a tax period that has not ended',
  NOT_FINALISED: 'The return cannot be accepted without a declaration it is finalised.',
  CHARGE_REFERENCE_INVALID: 'The provided chargeReference is invalid',
  MATCHING_RESOURCE_NOT_FOUND: 'The supplied income source could not be found',
  DATE_FROM_INVALID: 'The provided from date is invalid',
  DATE_RANGE_TOO_LARGE_VIEW:
    'The date of the requested return cannot be further than four years from the current date.',
  PERIOD_KEY_INVALID: 'Invalid period key',
  INVALID_CREDENTIALS: 'Invalid Authentication information provided',
  MISSING_CREDENTIALS: 'Authentication information is not provided',
  INCORRECT_ACCESS_TOKEN_TYPE: 'The access token type used is not supported when invoking the API',
  INVALID_SCOPE: 'Cannot access the requested resource with the specified scope',
  ACCEPT_HEADER_INVALID: 'The accept header is missing or invalid',
  MESSAGE_THROTTLED_OUT: 'The request for the API is throttled as you have exceeded your quota.',
} as const;
