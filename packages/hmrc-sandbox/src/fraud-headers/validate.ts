import { analyseFraudHeaders, type FraudHeaderAnalysis, type IncomingHeaders } from './analyse';
import { type ErrorCode, type WarningCode } from './findings';
import { messages } from './messages';

/**
 * HMRC's Test Fraud Prevention Headers API, `GET /test/fraud-prevention-headers/validate`, for the
 * two connection methods VAT Wise uses, picked by the request's Gov-Client-Connection-Method:
 *  - WEB_APP_VIA_SERVER, what a person does in the browser (docs/reference/hmrc-vat-api.md §5.3): the 16 headers of
 *    5.2 and the Gov-Vendor-Forwarded cross-check;
 *  - BATCH_PROCESS_DIRECT, work no user starts (the nightly deadline watcher, the submission
 *    checker): the 11 headers of the "Batch process direct" page of HMRC's fraud prevention
 *    specification 3.3, each in the variant of its header page for that method.
 * Each header is checked for presence and format under the encoding rules of 5.1. Codes and fields
 * are those of 5.3.
 */

export interface ValidationIssue<Code extends string> {
  code: Code;
  message: string;
  /** Header names in lower case (5.3). */
  headers: string[];
}

export interface ValidationResult {
  specVersion: string;
  code: 'VALID_HEADERS' | 'INVALID_HEADERS' | 'POTENTIALLY_INVALID_HEADERS';
  message: string;
  errors?: ValidationIssue<ErrorCode>[];
  warnings?: ValidationIssue<WarningCode>[];
}

/** The specification version HMRC's validator reports; 3.3 is the current one (January 2025). */
export const SPEC_VERSION = '3.3';

/**
 * Groups findings into HMRC's `errors[]` / `warnings[]`: one item per distinct code and message,
 * naming every header it applies to, in the order the headers were checked.
 */
function group<Code extends string>(entries: { headers: string[]; code: Code; message: string }[]) {
  const items: ValidationIssue<Code>[] = [];
  for (const entry of entries) {
    const same = items.find((item) => item.code === entry.code && item.message === entry.message);
    if (same) same.headers.push(...entry.headers.filter((header) => !same.headers.includes(header)));
    else items.push({ code: entry.code, message: entry.message, headers: [...entry.headers] });
  }
  return items;
}

/** The `/validate` body for an analysis (5.3): empty `errors`/`warnings` are left out, as HMRC does. */
export function validationResult(analysis: FraudHeaderAnalysis): ValidationResult {
  if (!analysis.submitted) return { specVersion: SPEC_VERSION, code: 'INVALID_HEADERS', message: messages.noHeaders };
  const all = [
    ...analysis.headers.flatMap((entry) => entry.findings.map((finding) => ({ finding, headers: [entry.header] }))),
    ...analysis.crossChecks.flatMap((check) => check.findings.map((finding) => ({ finding, headers: check.headers }))),
  ];
  const errors = group(
    all.flatMap(({ finding, headers }) => (finding.severity === 'error' ? [{ ...finding, headers }] : [])),
  );
  const warnings = group(
    all.flatMap(({ finding, headers }) => (finding.severity === 'warning' ? [{ ...finding, headers }] : [])),
  );
  if (errors.length > 0) {
    const result: ValidationResult = {
      specVersion: SPEC_VERSION,
      code: 'INVALID_HEADERS',
      message: messages.invalid,
      errors,
    };
    return warnings.length > 0 ? { ...result, warnings } : result;
  }
  if (warnings.length > 0) {
    return {
      specVersion: SPEC_VERSION,
      code: 'POTENTIALLY_INVALID_HEADERS',
      message: messages.potentiallyInvalid,
      warnings,
    };
  }
  return { specVersion: SPEC_VERSION, code: 'VALID_HEADERS', message: messages.valid };
}

/** What HMRC's `GET /test/fraud-prevention-headers/validate` answers (always 200) for these request headers. */
export function validateFraudHeaders(headers: IncomingHeaders): ValidationResult {
  return validationResult(analyseFraudHeaders(headers));
}
