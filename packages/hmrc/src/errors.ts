/**
 * One error type for every HMRC failure. HMRC's VAT API answers errors in four shapes it will not
 * make consistent (docs/reference/hmrc-vat-api.md §3.3), and the OAuth token endpoint in a fifth (1.4); callers
 * branch on `codes` and never on the shape.
 */

/**
 * Which body shape the error came in (docs/reference/hmrc-vat-api.md §3.3 A–D, and OAuth 1.4); or, with status 0,
 * that no answer came: `timeout` (the call's time-out passed) or `network` (no connection).
 */
export type HmrcErrorKind = 'flat' | 'legacy' | 'wrapped' | 'empty' | 'oauth' | 'unknown' | 'timeout' | 'network';

/** One specific problem; `path` names the request field, e.g. `/totalVatDue`. */
export interface HmrcErrorDetail {
  code: string;
  message: string;
  path?: string;
}

export interface HmrcErrorInit {
  status: number;
  kind: HmrcErrorKind;
  message: string;
  details: HmrcErrorDetail[];
}

export class HmrcError extends Error {
  override readonly name = 'HmrcError';
  /** The HTTP status HMRC answered with. */
  readonly status: number;
  readonly kind: HmrcErrorKind;
  /** The specific codes, e.g. `['VAT_TOTAL_VALUE', 'VAT_NET_VALUE']`; empty when the body had none. */
  readonly codes: string[];
  /** The request fields the problems are about, e.g. `['/totalVatDue']`. */
  readonly fieldPaths: string[];
  /** Each specific problem with its own message. */
  readonly details: HmrcErrorDetail[];

  constructor(init: HmrcErrorInit) {
    super(init.message);
    this.status = init.status;
    this.kind = init.kind;
    this.details = init.details;
    this.codes = init.details.map((detail) => detail.code);
    this.fieldPaths = init.details.flatMap((detail) => (detail.path === undefined ? [] : [detail.path]));
  }

  hasCode(code: string): boolean {
    return this.codes.includes(code);
  }
}

type JsonRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringField = (record: JsonRecord, key: string): string | undefined =>
  typeof record[key] === 'string' ? record[key] : undefined;

// Enough of an unexpected body to recognise it in a log, no more.
const bodyExcerptLength = 200;

function errorItem(value: unknown): HmrcErrorDetail | undefined {
  if (!isRecord(value)) return undefined;
  const code = stringField(value, 'code');
  if (code === undefined) return undefined;
  const path = stringField(value, 'path');
  return { code, message: stringField(value, 'message') ?? code, ...(path === undefined ? {} : { path }) };
}

function fromJsonBody(status: number, body: unknown): HmrcError | undefined {
  if (!isRecord(body)) return undefined;
  const code = stringField(body, 'code');
  const message = stringField(body, 'message');

  // C. wrapped: the specific codes are inside `errors`; the outer code is only a category.
  if (code !== undefined && Array.isArray(body.errors)) {
    const items = body.errors.map(errorItem).filter((item) => item !== undefined);
    const details = items.length > 0 ? items : [{ code, message: message ?? code }];
    return new HmrcError({ status, kind: 'wrapped', message: message ?? code, details });
  }
  // B. legacy: `statusCode` marks it, and the code is in `message`.
  if (typeof body.statusCode === 'number' && message !== undefined) {
    return new HmrcError({ status, kind: 'legacy', message, details: [{ code: message, message }] });
  }
  // OAuth 2.0 token endpoint: `{error, error_description}` (1.4).
  const oauthError = stringField(body, 'error');
  if (oauthError !== undefined) {
    const description = stringField(body, 'error_description') ?? oauthError;
    return new HmrcError({
      status,
      kind: 'oauth',
      message: description,
      details: [{ code: oauthError, message: description }],
    });
  }
  // A. flat.
  if (code !== undefined) {
    return new HmrcError({
      status,
      kind: 'flat',
      message: message ?? code,
      details: [{ code, message: message ?? code }],
    });
  }
  return undefined;
}

function parseJsonText(text: string): { parsed: true; value: unknown } | { parsed: false } {
  try {
    return { parsed: true, value: JSON.parse(text) };
  } catch {
    return { parsed: false };
  }
}

/**
 * Turns any HMRC error answer into an `HmrcError`. `body` is what the client read: the parsed JSON,
 * or the raw text (JSON is parsed here), or undefined/null/'' when there was none. Pure: no I/O.
 */
export function normaliseHmrcError(status: number, body: unknown): HmrcError {
  let json = body;
  if (typeof body === 'string') {
    const text = body.trim();
    if (text === '') json = undefined;
    else {
      const attempt = parseJsonText(text);
      if (!attempt.parsed) {
        // e.g. Create Test User's plain-text 400 for an unknown service name (2.3).
        const excerpt = text.slice(0, bodyExcerptLength);
        return new HmrcError({ status, kind: 'unknown', message: `HMRC answered ${status}: ${excerpt}`, details: [] });
      }
      json = attempt.value;
    }
  }
  // D. empty: e.g. view return for a period with no return is a 404 with no body (3.6).
  if (json === undefined || json === null) {
    return new HmrcError({ status, kind: 'empty', message: `HMRC answered ${status} with no body`, details: [] });
  }
  return (
    fromJsonBody(status, json) ??
    new HmrcError({
      status,
      kind: 'unknown',
      message: `HMRC answered ${status} with an error body of unknown shape`,
      details: [],
    })
  );
}
