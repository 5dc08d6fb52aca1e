import type { SandboxAnswer } from '../http/errors';
import {
  compareDecimals,
  type Decimal,
  decimal,
  decimalOfNumber,
  isWhole,
  parseDecimal,
  toPence,
} from '../vat/decimal';
import { JsonNumber, type LosslessJson, parseLosslessJson } from '../vat/lossless-json';
import { type ReturnBox, type ReturnBoxesPence, returnBoxes } from '../vat/validation';
import { feedbackError, invalidMonetaryAmount, monetaryAmountMessages } from './errors';

/**
 * Validation of the VAT Assist (MTD) API's requests (reference/vat-assist/application.yaml). The
 * draft is the nine-box return of the VAT (MTD) API without `finalised` (its VATAssistRequest), read
 * from the request text so that a number's written decimals count, as the VAT API's submit does
 * (vat/validation.ts). The definition's errors are flat, one at a time, so the first problem in this
 * order is the answer:
 *  1. not a JSON object, or a field missing -> INVALID_REQUEST;
 *  2. periodKey not a string -> PERIOD_KEY_INVALID; a box not a number -> INVALID_NUMERIC_VALUE;
 *  3. periodKey not `^[#0-9A-Z]{4}$` -> PERIOD_KEY_INVALID;
 *  4. a box with more than 2 decimals (boxes 1-5), pence (6-9) or out of range -> INVALID_MONETARY_AMOUNT;
 *  5. box 3 ≠ box 1 + box 2 -> VAT_TOTAL_VALUE, then box 5 ≠ |box 3 − box 4| -> VAT_NET_VALUE.
 * Fields the definition does not name are ignored, as HMRC's JSON reader does.
 */

export interface AssistDraft {
  periodKey: string;
  /** The nine boxes in integer pence (boxes 6-9 whole pounds). */
  boxes: ReturnBoxesPence;
}

export type DraftResult = { ok: true; draft: AssistDraft } | { ok: false; answer: SandboxAnswer };

const periodKeyPattern = /^[#0-9A-Z]{4}$/;

type BoxKind = 'regular' | 'net' | 'whole';

const boxKind = (box: ReturnBox): BoxKind =>
  box === 'netVatDue' ? 'net' : returnBoxes.indexOf(box) < 4 ? 'regular' : 'whole';

const limits: Record<BoxKind, { min: Decimal; max: Decimal; message: string }> = {
  regular: {
    min: decimal('-9999999999999.99'),
    max: decimal('9999999999999.99'),
    message: monetaryAmountMessages.boxes1To4,
  },
  net: { min: decimal('0'), max: decimal('99999999999.99'), message: monetaryAmountMessages.box5 },
  whole: { min: decimal('-9999999999999'), max: decimal('9999999999999'), message: monetaryAmountMessages.boxes6To9 },
};

/** The document as an object of fields, or undefined when it is not a JSON object. */
function fieldsOf(body: unknown): Map<string, LosslessJson | number> | undefined {
  const document: unknown = typeof body === 'string' ? parseLosslessJson(body) : body;
  if (document instanceof Map) return document as Map<string, LosslessJson>;
  if (typeof document === 'object' && document !== null && !Array.isArray(document)) {
    return new Map(Object.entries(document as Record<string, LosslessJson | number>));
  }
  return undefined;
}

/** A field's number, 'unreadable' for a number no decimal can hold, or undefined when it is not a number. */
function numberOf(value: unknown): Decimal | 'unreadable' | undefined {
  if (value instanceof JsonNumber) return parseDecimal(value.source) ?? 'unreadable';
  if (typeof value === 'number') return decimalOfNumber(value) ?? 'unreadable';
  return undefined;
}

/** Checks the feedback request's body; the draft in pence, or the error to answer. */
export function parseAssistDraft(body: unknown): DraftResult {
  const refuse = (answer: SandboxAnswer): DraftResult => ({ ok: false, answer });
  const fields = fieldsOf(body);
  if (!fields) return refuse(feedbackError('INVALID_REQUEST'));
  const names = ['periodKey', ...returnBoxes];
  if (names.some((name) => fields.get(name) === undefined)) return refuse(feedbackError('INVALID_REQUEST'));

  const periodKey = fields.get('periodKey');
  if (typeof periodKey !== 'string') return refuse(feedbackError('PERIOD_KEY_INVALID'));
  const numbers = new Map<ReturnBox, Decimal>();
  for (const box of returnBoxes) {
    const value = numberOf(fields.get(box));
    if (value === 'unreadable') return refuse(feedbackError('INVALID_REQUEST'));
    if (value === undefined) return refuse(feedbackError('INVALID_NUMERIC_VALUE'));
    numbers.set(box, value);
  }
  if (!periodKeyPattern.test(periodKey)) return refuse(feedbackError('PERIOD_KEY_INVALID'));

  const boxes = {} as ReturnBoxesPence;
  for (const box of returnBoxes) {
    const value = numbers.get(box) as Decimal;
    const { min, max, message } = limits[boxKind(box)];
    const badFormat = boxKind(box) === 'whole' ? !isWhole(value) : value.scale > 2;
    const outOfRange = compareDecimals(value, min) < 0 || compareDecimals(value, max) > 0;
    const pence = toPence(value);
    if (badFormat || outOfRange || pence === undefined) return refuse(invalidMonetaryAmount(message));
    boxes[box] = pence;
  }

  if (boxes.vatDueSales + boxes.vatDueAcquisitions !== boxes.totalVatDue) {
    return refuse(feedbackError('VAT_TOTAL_VALUE'));
  }
  if (Math.abs(boxes.totalVatDue - boxes.vatReclaimedCurrPeriod) !== boxes.netVatDue) {
    return refuse(feedbackError('VAT_NET_VALUE'));
  }
  return { ok: true, draft: { periodKey, boxes } };
}

// ---------------------------------------------------------------------------------------------
// The acknowledgement's path and query (AcknowledgeVATAssistReport)
// ---------------------------------------------------------------------------------------------

/** The definition's reportId pattern (its `\b`s always hold between a hex digit and a hyphen). */
const reportIdPattern = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const isReportId = (reportId: string): boolean => reportIdPattern.test(reportId);

/** Whole seconds in UTC with a Z, as HMRC's service reads presentedDateTime (AcknowledgeValidate). */
const presentedPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** The instant of a presentedDateTime in milliseconds, or undefined when it is not one (2026-02-30 is not). */
export function presentedInstant(value: unknown): number | undefined {
  if (typeof value !== 'string' || !presentedPattern.test(value)) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms) || new Date(ms).toISOString() !== value.replace('Z', '.000Z')) return undefined;
  return ms;
}
