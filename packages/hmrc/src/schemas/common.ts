import { z } from 'zod';

/**
 * Building blocks shared by HMRC's VAT (MTD) bodies: dates, period keys and money
 * (docs/reference/hmrc-vat-api.md §3.2). They are strict where HMRC is strict, so they can also check that a
 * simulator answers the way HMRC does.
 */

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    const isLeapYear = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return isLeapYear ? 29 : 28;
  }
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True for a real calendar date written `YYYY-MM-DD`: HMRC rejects `2017-02-30` and `2017-13-01` (3.2). */
export function isCalendarDate(text: string): boolean {
  const match = isoDatePattern.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** A date as HMRC writes it: `YYYY-MM-DD`, and a day that exists (3.2). */
export const isoDateSchema = z.string().refine(isCalendarDate, { message: 'must be a real date written YYYY-MM-DD' });

// Wire form is `2018-03-01T11:43:43.195Z`; HMRC's own example has `+0000` (3.5), so both offset forms pass.
const dateTimePattern =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,9})?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/;

/** A timestamp such as the submit response's `processingDate` (3.5). */
export const hmrcDateTimeSchema = z.string().refine(
  (text) => {
    const match = dateTimePattern.exec(text);
    return match !== null && isCalendarDate(match[1] ?? '');
  },
  { message: 'must be a date-time such as 2018-03-01T11:43:43.195Z' },
);

/** Four characters from `[#0-9A-Z]`, e.g. `18A1`, `0418`, `#001` (3.4, 3.5). */
export const periodKeySchema = z.string().regex(/^[#0-9A-Z]{4}$/, { message: 'must be 4 characters from # 0-9 A-Z' });

/**
 * How many decimal places a number has as written in JSON. `String()` gives the shortest text that
 * reads back as the same number, which is what `JSON.stringify` puts on the wire, so a float such as
 * `0.30000000000000004` counts as 17 places, as HMRC sees it (3.2).
 */
export function decimalPlaces(value: number): number {
  const [mantissa = '', exponent = '0'] = String(Math.abs(value)).split('e');
  const fractionDigits = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fractionDigits - Number(exponent));
}

const atMostTwoDecimals = (value: number): boolean => decimalPlaces(value) <= 2;

/** A money amount: a JSON number with at most 2 decimal places, within HMRC's range for the field. */
export function moneySchema(range: { min: number; max: number }) {
  return z
    .number()
    .min(range.min)
    .max(range.max)
    .refine(atMostTwoDecimals, { message: 'must have at most 2 decimal places' });
}

/** HMRC's `monetaryPosNeg13`: boxes 1–4, liabilities, payments, penalty amounts (3.5, 3.7–3.9). */
export const signedMoneySchema = moneySchema({ min: -9_999_999_999_999.99, max: 9_999_999_999_999.99 });

/** HMRC's `monetaryPos11`: box 5 is never negative; HMRC works out payable or repayable (3.5). */
export const netVatDueSchema = moneySchema({ min: 0, max: 99_999_999_999.99 });

/** HMRC's `monetaryPosNegZeroDec13`: boxes 6–9 are whole pounds, `500` or `500.00` but not `500.5` (3.5). */
export const wholePoundsSchema = z
  .number()
  .min(-9_999_999_999_999)
  .max(9_999_999_999_999)
  .refine(Number.isInteger, { message: 'must be whole pounds (no pence)' });
