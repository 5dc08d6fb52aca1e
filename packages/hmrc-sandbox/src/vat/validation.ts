/**
 * Request validation of the VAT (MTD) API, in HMRC's order and with HMRC's wire bodies
 * (docs/reference/hmrc-vat-api.md §3.3-3.13). HMRC's validators run in stages: within a stage every error is
 * collected, and the first stage with errors is the answer (vat-api Validator.run). One error is
 * sent on its own; several are wrapped in INVALID_REQUEST (vat-api RequestParser, ErrorWrapper).
 * Every function returns undefined when the request is valid.
 */
import {
  businessError,
  type ErrorItem,
  flat,
  invalidRequest,
  legacy,
  messages,
  type SandboxAnswer,
} from '../http/errors';
import { addDays, addYears, hmrcBoxFieldOrder, isIsoDate } from '@vatwise/domain';
import { compareDecimals, type Decimal, decimal, decimalOfNumber, isWhole, parseDecimal, toPence } from './decimal';
import { JsonNumber, type LosslessObject, parseLosslessJson } from './lossless-json';

// ---------------------------------------------------------------------------------------------
// VRN, period key, charge reference (3.2, 3.6, 3.10)
// ---------------------------------------------------------------------------------------------

const vrnPattern = /^\d{9}$/;
const periodKeyPattern = /^[#0-9A-Z]{4}$/;
const chargeReferencePattern = /^X[a-zA-Z]\d{12}$/;

export const isValidVrn = (vrn: string): boolean => vrnPattern.test(vrn);

const vrnItem: ErrorItem = { code: 'VRN_INVALID', message: messages.VRN_INVALID };

/** 400 A VRN_INVALID unless exactly 9 digits; no check digits, no GB prefix (3.2). */
export const validateVrn = (vrn: string): SandboxAnswer | undefined =>
  isValidVrn(vrn) ? undefined : flat(400, 'VRN_INVALID', messages.VRN_INVALID);

/** The period key a view-return path segment stands for: percent-decoded once, undefined if malformed. */
export function decodePeriodKeyPath(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * View return's path check (3.6): the decoded key must match `^[#0-9A-Z]{4}$`, else 400 C
 * INVALID_REQUEST -> PERIOD_KEY_INVALID "Invalid period key" (no path). vat-api checks the VRN in
 * the same stage (ViewReturnValidator), so with `vrn` given and also bad both come back wrapped.
 */
export function validatePeriodKeyPath(raw: string, vrn?: string): SandboxAnswer | undefined {
  const decoded = decodePeriodKeyPath(raw);
  const keyBad = decoded === undefined || !periodKeyPattern.test(decoded);
  const periodKeyItem: ErrorItem = { code: 'PERIOD_KEY_INVALID', message: messages.PERIOD_KEY_INVALID };
  return pathAnswer(vrn, keyBad, periodKeyItem, invalidRequest([periodKeyItem]));
}

/**
 * Financial details' path check (3.10): 400 A CHARGE_REFERENCE_INVALID unless `^X[a-zA-Z]\d{12}$`;
 * with `vrn` given and also bad, 400 C INVALID_REQUEST carrying both (FinancialDataValidator checks
 * them in one stage).
 */
export function validateChargeReference(chargeReference: string, vrn?: string): SandboxAnswer | undefined {
  const referenceBad = !chargeReferencePattern.test(chargeReference);
  const item: ErrorItem = { code: 'CHARGE_REFERENCE_INVALID', message: messages.CHARGE_REFERENCE_INVALID };
  return pathAnswer(vrn, referenceBad, item, flat(400, item.code, item.message));
}

function pathAnswer(
  vrn: string | undefined,
  otherBad: boolean,
  otherItem: ErrorItem,
  otherAlone: SandboxAnswer,
): SandboxAnswer | undefined {
  const vrnBad = vrn !== undefined && !isValidVrn(vrn);
  if (vrnBad && otherBad) return invalidRequest([vrnItem, otherItem]);
  if (vrnBad) return validateVrn(vrn);
  return otherBad ? otherAlone : undefined;
}

// ---------------------------------------------------------------------------------------------
// Query parameters (3.4, 3.7, 3.8) — shape B
// ---------------------------------------------------------------------------------------------

/** A query parameter as a web framework hands it over: absent, once, or repeated. */
export type QueryValue = string | readonly string[] | undefined;

/** Play's getQueryString reads the first value of a repeated parameter. */
export const firstQueryValue = (value: QueryValue): string | undefined =>
  typeof value === 'string' ? value : value?.[0];

export interface ObligationsQuery {
  from?: QueryValue;
  to?: QueryValue;
  status?: QueryValue;
}

/**
 * Retrieve obligations (3.4 table; vat-api ObligationParameterFormatValidation then
 * DateRangeValidation). Presence decides first, then the first bad one of from / to / status, then
 * the range: `from` strictly before `to`, and `to` no later than `from` plus one calendar year.
 * `_today` is not consulted: vat-api does not refuse a future `from` (only HMRC's backend does,
 * ISSUE-201), it is accepted so every query validator has the same form.
 */
export function validateObligationsQuery(query: ObligationsQuery, _today?: string): SandboxAnswer | undefined {
  const from = firstQueryValue(query.from);
  const to = firstQueryValue(query.to);
  const status = firstQueryValue(query.status);

  if (from === undefined && to === undefined) {
    if (status === 'O') return undefined;
    if (status === 'F') return legacy(400, 'MISSING_DATE_RANGE');
    return legacy(400, status === undefined ? 'INVALID_DATE_FROM' : 'INVALID_STATUS');
  }
  if (to === undefined) return legacy(400, 'INVALID_DATE_TO');
  if (from === undefined) return legacy(400, 'INVALID_DATE_FROM');

  if (!isIsoDate(from)) return legacy(400, 'INVALID_DATE_FROM');
  if (!isIsoDate(to)) return legacy(400, 'INVALID_DATE_TO');
  // An empty `status=` is present and not O/F (3.4).
  if (status !== undefined && status !== 'O' && status !== 'F') return legacy(400, 'INVALID_STATUS');

  if (!(from < to) || to > addYears(from, 1)) return legacy(400, 'INVALID_DATE_RANGE');
  return undefined;
}

export interface FinancialDataQuery {
  from?: QueryValue;
  to?: QueryValue;
}

/** vat-api FinancialDataDateFormatValidation: the code allows 2016-04-06; the OAS says 2017-12-01 (3.7). */
export const earliestFinancialDataDate = '2016-04-06';

/**
 * Retrieve liabilities and payments (3.7, 3.8; vat-api LiabilitiesValidator). Three stages, each
 * stopping: `from` (missing, malformed, before 2016-04-06), `to` (missing, malformed, after today),
 * then the range (`from` strictly before `to`, `to` no later than `from` + 1 year − 1 day).
 */
export function validateFinancialDataQuery(query: FinancialDataQuery, today: string): SandboxAnswer | undefined {
  const from = firstQueryValue(query.from);
  const to = firstQueryValue(query.to);
  if (from === undefined || !isIsoDate(from) || from < earliestFinancialDataDate) {
    return legacy(400, 'DATE_FROM_INVALID');
  }
  if (to === undefined || !isIsoDate(to) || to > today) return legacy(400, 'DATE_TO_INVALID');
  if (!(from < to) || to > addDays(addYears(from, 1), -1)) return legacy(400, 'DATE_RANGE_INVALID');
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Submit return body (3.5 stages 2-5)
// ---------------------------------------------------------------------------------------------

/** The nine boxes in HMRC's field order (3.5 table; SubmitReturnValidator). */
export const returnBoxes = hmrcBoxFieldOrder;

export type ReturnBox = (typeof returnBoxes)[number];

/** The nine boxes in integer pence (boxes 6-9 are whole pounds, so multiples of 100). */
export type ReturnBoxesPence = Record<ReturnBox, number>;

/** A submission that passed stages 2-5. */
export interface ValidSubmission {
  periodKey: string;
  boxes: ReturnBoxesPence;
}

/** Wire messages of the submit validators (vat-api submitReturnErrors.scala, the `customJson` bodies). */
export const submitMessages = {
  INVALID_JSON: 'Invalid Json',
  MANDATORY_FIELD_MISSING: 'a mandatory field is missing',
  INVALID_NUMERIC_VALUE: 'please provide a numeric field',
  INVALID_STRING_VALUE: 'please provide a string field',
  UNMAPPED_PLAY_ERROR: 'error.expected.jsboolean',
  PERIOD_KEY_INVALID: 'period key should be a 4 character string',
  AMOUNT_BOXES_1_TO_4:
    'amount should be a monetary value (to 2 decimal places), between -9,999,999,999,999.99 and 9,999,999,999,999.99',
  AMOUNT_BOX_5: 'amount should be a monetary value (to 2 decimal places), between 0 and 99,999,999,999.99',
  AMOUNT_BOXES_6_TO_9: 'The value must be between -9999999999999 and 9999999999999',
  // The errors[] item text; the shorter MtdError.message ("…equal to the sum of…") never reaches the wire.
  VAT_TOTAL_VALUE: 'totalVatDue should be equal to vatDueSales + vatDueAcquisitions',
  VAT_NET_VALUE:
    'netVatDue should be the difference between the largest and the smallest values among totalVatDue and vatReclaimedCurrPeriod',
} as const;

type BoxKind = 'regular' | 'net' | 'whole';

const boxKind = (box: ReturnBox): BoxKind =>
  box === 'netVatDue'
    ? 'net'
    : box === 'vatDueSales' || box === 'vatDueAcquisitions' || box === 'totalVatDue' || box === 'vatReclaimedCurrPeriod'
      ? 'regular'
      : 'whole';

const limits: Record<BoxKind, { min: Decimal; max: Decimal; message: string }> = {
  regular: {
    min: decimal('-9999999999999.99'),
    max: decimal('9999999999999.99'),
    message: submitMessages.AMOUNT_BOXES_1_TO_4,
  },
  net: { min: decimal('0'), max: decimal('99999999999.99'), message: submitMessages.AMOUNT_BOX_5 },
  whole: { min: decimal('-9999999999999'), max: decimal('9999999999999'), message: submitMessages.AMOUNT_BOXES_6_TO_9 },
};

type Field =
  | { kind: 'missing' }
  | { kind: 'number'; value: Decimal }
  | { kind: 'string'; value: string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'other' };

type BodyReader = (name: string) => Field;

const invalidJson = (): SandboxAnswer => legacy(400, submitMessages.INVALID_JSON);

/** Thrown inside a reader when a number cannot be a BigDecimal (Jackson would refuse the document). */
class UnreadableNumber extends Error {}

function classify(value: unknown): Field {
  if (value instanceof JsonNumber) {
    const parsed = parseDecimal(value.source);
    if (!parsed) throw new UnreadableNumber();
    return { kind: 'number', value: parsed };
  }
  if (typeof value === 'number') {
    const parsed = decimalOfNumber(value);
    return parsed ? { kind: 'number', value: parsed } : { kind: 'other' };
  }
  if (typeof value === 'string') return { kind: 'string', value };
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  return { kind: 'other' };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Map);

function readerFor(body: unknown): BodyReader | undefined {
  let document: unknown = body;
  if (body instanceof Uint8Array) {
    try {
      document = new TextDecoder('utf-8', { fatal: true }).decode(body);
    } catch {
      return undefined;
    }
  }
  if (typeof document === 'string') document = parseLosslessJson(document);
  if (document instanceof Map) {
    const object = document as LosslessObject;
    return (name) => (object.has(name) ? classify(object.get(name)) : { kind: 'missing' });
  }
  if (isPlainObject(document)) {
    const object = document;
    // A property holding undefined cannot come from JSON; it counts as absent.
    return (name) =>
      object[name] === undefined || !Object.hasOwn(object, name) ? { kind: 'missing' } : classify(object[name]);
  }
  return undefined;
}

export type SubmitBodyResult = { ok: true; submission: ValidSubmission } | { ok: false; answer: SandboxAnswer };

/**
 * Stages 2-5 of 3.5 (stage 1, the VRN, is validateVrn). `body` is either the raw request text (or
 * bytes) — preferred, because only the text shows a number's written scale (decimal.ts) — or the
 * value JSON.parse made of it; undefined means there was no parsable body.
 *
 * 2. Not JSON, or JSON that is not an object -> 400 B "Invalid Json".
 * 3. Field checks, all collected in vat-api's order (SubmitReturnValidator.responseFieldValidation):
 *    every missing field, then decimals/pence, then types, then the period key pattern, then ranges;
 *    duplicates dropped (`.distinct`) -> 400 C INVALID_REQUEST.
 * 4. Arithmetic: VAT_NET_VALUE, then VAT_TOTAL_VALUE (tierFourValidation's order) -> 400 C.
 * 5. `finalised: false` -> 403 C BUSINESS_ERROR NOT_FINALISED.
 */
export function parseSubmitBody(body: unknown): SubmitBodyResult {
  const read = readerFor(body);
  if (!read) return { ok: false, answer: invalidJson() };

  let fields: Map<string, Field>;
  try {
    fields = new Map(['periodKey', ...returnBoxes, 'finalised'].map((name) => [name, read(name)]));
  } catch (error) {
    if (error instanceof UnreadableNumber) return { ok: false, answer: invalidJson() };
    throw error;
  }
  const field = (name: string): Field => fields.get(name) ?? { kind: 'missing' };

  const errors: ErrorItem[] = [];
  const add = (code: string, message: string, name: string): void => {
    const path = `/${name}`;
    if (!errors.some((e) => e.code === code && e.message === message && e.path === path)) {
      errors.push({ code, message, path });
    }
  };

  for (const [name, value] of fields) {
    if (value.kind === 'missing') add('MANDATORY_FIELD_MISSING', submitMessages.MANDATORY_FIELD_MISSING, name);
  }
  for (const box of returnBoxes) {
    const value = field(box);
    if (value.kind !== 'number') continue;
    const kind = boxKind(box);
    const badFormat = kind === 'whole' ? !isWhole(value.value) : value.value.scale > 2;
    if (badFormat) add('INVALID_MONETARY_AMOUNT', limits[kind].message, box);
  }
  const periodKey = field('periodKey');
  if (periodKey.kind !== 'missing' && periodKey.kind !== 'string') {
    add('INVALID_STRING_VALUE', submitMessages.INVALID_STRING_VALUE, 'periodKey');
  }
  for (const box of returnBoxes) {
    const value = field(box);
    if (value.kind !== 'missing' && value.kind !== 'number') {
      add('INVALID_NUMERIC_VALUE', submitMessages.INVALID_NUMERIC_VALUE, box);
    }
  }
  const finalised = field('finalised');
  if (finalised.kind !== 'missing' && finalised.kind !== 'boolean') {
    add('UNMAPPED_PLAY_ERROR', submitMessages.UNMAPPED_PLAY_ERROR, 'finalised');
  }
  if (periodKey.kind === 'string' && !periodKeyPattern.test(periodKey.value)) {
    add('PERIOD_KEY_INVALID', submitMessages.PERIOD_KEY_INVALID, 'periodKey');
  }
  for (const box of returnBoxes) {
    const value = field(box);
    if (value.kind !== 'number') continue;
    const { min, max, message } = limits[boxKind(box)];
    if (compareDecimals(value.value, min) < 0 || compareDecimals(value.value, max) > 0) {
      add('INVALID_MONETARY_AMOUNT', message, box);
    }
  }
  if (errors.length > 0) return { ok: false, answer: invalidRequest(errors) };

  // Every box is now a number of at most 2 decimals (or whole) within range, so pence are exact.
  const boxes = Object.fromEntries(
    returnBoxes.map((box) => {
      const value = field(box);
      const pence = value.kind === 'number' ? toPence(value.value) : undefined;
      if (pence === undefined) throw new Error(`Unreachable: ${box} passed validation without exact pence`);
      return [box, pence];
    }),
  ) as ReturnBoxesPence;

  const arithmetic: ErrorItem[] = [];
  if (Math.abs(boxes.totalVatDue - boxes.vatReclaimedCurrPeriod) !== boxes.netVatDue) {
    arithmetic.push({ code: 'VAT_NET_VALUE', message: submitMessages.VAT_NET_VALUE, path: '/netVatDue' });
  }
  if (boxes.vatDueSales + boxes.vatDueAcquisitions !== boxes.totalVatDue) {
    arithmetic.push({ code: 'VAT_TOTAL_VALUE', message: submitMessages.VAT_TOTAL_VALUE, path: '/totalVatDue' });
  }
  if (arithmetic.length > 0) return { ok: false, answer: invalidRequest(arithmetic) };

  if (finalised.kind === 'boolean' && !finalised.value) {
    return {
      ok: false,
      answer: businessError([{ code: 'NOT_FINALISED', message: messages.NOT_FINALISED, path: '/finalised' }]),
    };
  }

  return {
    ok: true,
    submission: { periodKey: periodKey.kind === 'string' ? periodKey.value : '', boxes },
  };
}

/** parseSubmitBody's verdict alone: undefined when the body would be accepted. */
export function validateSubmitBody(body: unknown): SandboxAnswer | undefined {
  const result = parseSubmitBody(body);
  return result.ok ? undefined : result.answer;
}
