import { addDays, isCalendarDate } from '../vat/dates';
import { firstYearReductionTenths, limitedCostRateTenths } from './flat-rate-sectors';

/**
 * The flat rate scheme's arithmetic (docs/reference/vat-rules.md §2.3-2.5), in integer pence and tenths of a per cent,
 * with bigint wherever a product could pass Number.MAX_SAFE_INTEGER (turnover × rate can reach 10^18).
 */

/**
 * How long a VAT period is, for the limited cost test's "£1,000 × period length / 1 year": a whole number
 * of calendar months (a quarter is 3), or, for a period that is not whole months, its number of days
 * (then the time part is £1,000 × days / 365).
 */
export type PeriodLength = number | { days: number };

const pennies = (value: number, what: string): bigint => {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number of pence: ${value}`);
  return BigInt(value);
};

function dayNumber(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

/**
 * The length of the period start..end (both inclusive). Whole months when the day after the end has the
 * same day of the month as the start, n months later (1 Jan-31 Mar and 15 Jan-14 Apr are both 3 months);
 * otherwise the number of days (a period of 4-4-5 weeks, or a first period starting mid-month).
 */
export function periodLength(start: string, end: string): PeriodLength {
  if (!isCalendarDate(start) || !isCalendarDate(end)) throw new RangeError(`Not a period: ${start} to ${end}`);
  if (start > end) throw new RangeError(`A period cannot end before it starts: ${start} to ${end}`);
  const next = addDays(end, 1);
  const [startYear, startMonth, startDay] = start.split('-').map(Number) as [number, number, number];
  const [nextYear, nextMonth, nextDay] = next.split('-').map(Number) as [number, number, number];
  const months = (nextYear - startYear) * 12 + (nextMonth - startMonth);
  if (months > 0 && nextDay === startDay) return months;
  return { days: dayNumber(end) - dayNumber(start) + 1 };
}

/** a ÷ b rounded up (towards +∞), b > 0. */
function divideCeil(a: bigint, b: bigint): bigint {
  const quotient = a / b; // truncates towards zero
  return a % b > 0n ? quotient + 1n : quotient;
}

/**
 * a ÷ b to the nearest whole number, a half rounded away from zero ("round half up" as accountants and
 * Java's RoundingMode.HALF_UP mean it, so a credit note mirrors a sale exactly); b > 0.
 */
export function divideRoundHalfUp(a: bigint, b: bigint): bigint {
  if (b <= 0n) throw new RangeError('The divisor must be positive');
  const magnitude = a < 0n ? -a : a;
  const rounded = (2n * magnitude + b) / (2n * b);
  return a < 0n ? -rounded : rounded;
}

function timePartPence(length: PeriodLength): bigint {
  if (typeof length === 'number') {
    if (!Number.isSafeInteger(length) || length < 0) throw new RangeError(`Not a number of months: ${length}`);
    return divideCeil(100_000n * BigInt(length), 12n);
  }
  if (!Number.isSafeInteger(length.days) || length.days < 0)
    throw new RangeError(`Not a number of days: ${length.days}`);
  // A year is taken as 365 days, also in a leap year (a 366-day period then gives £1,002.74).
  return divideCeil(100_000n * BigInt(length.days), 365n);
}

/**
 * The limited cost test's bar (docs/reference/vat-rules.md §2.5): the higher of 2% of the VAT-inclusive flat rate turnover
 * and £1,000 × months / 12 (or × days / 365), in pence, rounded UP to the whole penny. Rounding up keeps
 * the test exact: for a whole number of pence g, g < x exactly when g < ⌈x⌉ (a month's £83.333… → £83.34).
 */
export function specifiedAmountPence(turnoverPence: number, months: PeriodLength): number {
  return Number(specifiedAmountBig(pennies(turnoverPence, 'Turnover'), months));
}

/** specifiedAmountPence for a bigint turnover (sums of records). */
export function specifiedAmountBig(turnoverPence: bigint, months: PeriodLength): bigint {
  const twoPercent = divideCeil(2n * turnoverPence, 100n);
  const timePart = timePartPence(months);
  return twoPercent > timePart ? twoPercent : timePart;
}

/**
 * A limited cost trader for the period (must use 16.5%): spent less on relevant goods, VAT included,
 * than the specified amount (docs/reference/vat-rules.md §2.5). `months` as for specifiedAmountPence.
 */
export function isLimitedCostTrader(relevantGoodsPence: number, turnoverPence: number, months: PeriodLength): boolean {
  return pennies(relevantGoodsPence, 'Relevant goods') < specifiedAmountBig(pennies(turnoverPence, 'Turnover'), months);
}

/** One stretch of a period at one flat rate. */
export interface FlatRatePart {
  from: string;
  to: string;
  /** Whether the first-year 1% reduction applies in this part. */
  firstYear: boolean;
}

/**
 * The period cut at the end of the first-year reduction (`firstYearUntil` is its last day): one part
 * when the reduction covers all or none of the period, two when it ends inside it.
 */
export function flatRateParts(period: { start: string; end: string }, firstYearUntil: string | null): FlatRatePart[] {
  const { start, end } = period;
  if (firstYearUntil === null || firstYearUntil < start) return [{ from: start, to: end, firstYear: false }];
  if (firstYearUntil >= end) return [{ from: start, to: end, firstYear: true }];
  return [
    { from: start, to: firstYearUntil, firstYear: true },
    { from: addDays(firstYearUntil, 1), to: end, firstYear: false },
  ];
}

/**
 * The rate for a part: the sector's rate (or HMRC's for the business), 16.5% instead for a limited cost
 * trader, then 1 percentage point off in the first year (never below 0).
 */
export function flatRateFor(rateTenths: number, limitedCost: boolean, firstYear: boolean): number {
  const base = limitedCost ? limitedCostRateTenths : rateTenths;
  return firstYear ? Math.max(0, base - firstYearReductionTenths) : base;
}
