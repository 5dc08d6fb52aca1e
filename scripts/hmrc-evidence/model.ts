/**
 * What `npm run hmrc:evidence` captures and records: an HMRC exchange as the recording proxy saw it,
 * the validator's verdict on its fraud prevention headers, HMRC's feedback, and the journeys' steps.
 */

/** Header names as they were sent (lower case from Node's fetch), repeated values joined with ", ". */
export type HeaderMap = Record<string, string>;

/** One request VAT Wise sent HMRC and HMRC's answer, as the recording proxy saw them on the wire. */
export interface Exchange {
  /** 1, 2, … in the order the requests arrived. */
  id: number;
  /** The journey running when the request arrived (background calls included). */
  scenario: string;
  startedAt: string;
  /** From the first byte of the request to the last byte of the answer, through the proxy. */
  durationMs: number;
  method: string;
  /** Path and query as sent, below HMRC's base URL. */
  url: string;
  requestHeaders: HeaderMap;
  requestBody: string;
  /** 0 when HMRC could not be reached (then `error` says why). */
  status: number;
  responseHeaders: HeaderMap;
  responseBody: string;
  error?: string;
}

/** A finding of HMRC's validator (the Test Fraud Prevention Headers API's `validate` shape). */
export interface Issue {
  code: string;
  message: string;
  headers: string[];
}

/** `validateFraudHeaders` of one captured request: the verdict HMRC's validate endpoint would give. */
export interface Verdict {
  code: 'VALID_HEADERS' | 'INVALID_HEADERS' | 'POTENTIALLY_INVALID_HEADERS' | string;
  message: string;
  errors?: Issue[];
  warnings?: Issue[];
}

export interface CheckedExchange extends Exchange {
  endpoint: string;
  /** Gov-Client-Connection-Method as sent; `none` when absent. */
  connectionMethod: string;
  /** Only for the calls that must carry fraud prevention headers (VAT and Agent Authorisation). */
  verdict?: Verdict;
}

/** HMRC's validation feedback for one connection method (GET …/validation-feedback?connectionMethod=). */
export interface FeedbackResult {
  connectionMethod: string;
  /** The feedback was read (HTTP 200 with a `requests` list). */
  ok: boolean;
  status: number;
  /** Why it was not read, when it was not. */
  problem?: string;
  /** HMRC's answer as it came. */
  body?: unknown;
  /** The client-credentials token request and the feedback request, redacted. */
  exchanges: Exchange[];
}

export interface FeedbackRequest {
  method: string;
  path: string;
  requestTimestamp?: string;
  code: string;
  headers?: { header: string; value?: string; code: string; errors?: string[]; warnings?: string[] }[];
  crossValidation?: { headers: string[]; code: string; errors?: string[] }[];
}

export interface Step {
  /** What the person did, in words. */
  action: string;
  /** The VAT Wise API request the browser made (`POST /api/exchange_code`), or a page on HMRC's site. */
  request: string;
  status: number;
  /** Ids of the HMRC exchanges that arrived while the step ran. */
  hmrc: number[];
}

export interface ScenarioResult {
  id: string;
  title: string;
  description: string;
  passed: boolean;
  error?: string;
  steps: Step[];
}
