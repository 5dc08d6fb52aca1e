import { addDays, addMonths, endOfMonth, firstOfMonth, isCalendarDate, isLastDayOfMonth } from '../vat/dates';

/**
 * The Annual Accounting Scheme's arithmetic (VAT Notice 732; docs/reference/vat-rules.md §3.4, 3.7; VATAAS4200,
 * VATAAS5100), in integer pence: the instalments paid during the year from the previous year's
 * liability, and the balancing payment or repayment with the year's return.
 */

/** Join when taxable turnover in the next 12 months is expected to be £1.35 million or less (N732). */
export const annualAccountingJoinLimitPence = 135_000_000;
/** Leave when taxable turnover goes above £1.6 million (N732). */
export const annualAccountingLeaveLimitPence = 160_000_000;

export const instalmentPlans = ['monthly', 'quarterly'] as const;
/** Nine monthly instalments of 10% (end of months 4-12) or three quarterly of 25% (end of months 4, 7, 10). */
export type InstalmentPlan = (typeof instalmentPlans)[number];

const planShape: Record<InstalmentPlan, { months: readonly number[]; percent: number }> = {
  monthly: { months: [4, 5, 6, 7, 8, 9, 10, 11, 12], percent: 10 },
  quarterly: { months: [4, 7, 10], percent: 25 },
};

export interface AnnualInstalment {
  /** 1-based. */
  number: number;
  /** The last day of the year's month it falls in (month 1 is the month the year starts in). */
  dueOn: string;
  amountPence: number;
}

const wholePence = (value: number, what: string): void => {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number of pence: ${value}`);
};

/**
 * The year's instalments: each 10% (monthly) or 25% (quarterly) of `basisPence`, the previous year's
 * net VAT liability (a business registered under 12 months uses its estimate), due at the end of
 * the year's month 4 to 12, or 4, 7 and 10. A fraction of a penny is dropped (our rule: HMRC's letter
 * states the amounts; whatever is short is settled by the balancing payment). No liability (nil or a
 * repayment last year) means no instalments.
 */
export function annualInstalments(input: {
  yearStart: string;
  basisPence: number;
  plan: InstalmentPlan;
}): AnnualInstalment[] {
  const { yearStart, basisPence, plan } = input;
  if (!isCalendarDate(yearStart)) throw new RangeError(`Not a date: ${yearStart}`);
  wholePence(basisPence, 'The previous year’s liability');
  if (basisPence <= 0) return [];
  const { months, percent } = planShape[plan];
  const amountPence = Number((BigInt(basisPence) * BigInt(percent)) / 100n);
  return months.map((month, index) => ({
    number: index + 1,
    dueOn: endOfMonth(addMonths(firstOfMonth(yearStart), month - 1)),
    amountPence,
  }));
}

/**
 * The year's return is due, with its balancing payment, two months after the year ends — one month
 * when the annual period is shorter than four months (VATAAS3400, VATAAS5100). A year ending on a
 * month's last day is due on the last day of the month two months on (31 March → 31 May).
 */
export function annualReturnDueDate(yearStart: string, yearEnd: string): string {
  if (!isCalendarDate(yearStart) || !isCalendarDate(yearEnd)) throw new RangeError('Dates must be YYYY-MM-DD');
  const shorterThanFourMonths = addDays(yearEnd, 1) < addMonths(yearStart, 4);
  const months = shorterThanFourMonths ? 1 : 2;
  return isLastDayOfMonth(yearEnd) ? endOfMonth(addMonths(yearEnd, months)) : addMonths(yearEnd, months);
}

export interface BalancingPayment {
  /** The year's net VAT less the instalments paid: positive to pay, negative to be repaid. */
  amountPence: number;
  dueOn: string;
}

/**
 * The balancing payment (N732; docs/reference/vat-rules.md §3.7): the year's net VAT — box 3 less box 4 of the annual
 * return, signed (box 5 is its size) — less the instalments already paid. Negative: HMRC repays.
 */
export function balancingPayment(input: {
  yearStart: string;
  yearEnd: string;
  yearNetVatPence: number;
  instalmentsPaidPence: number;
}): BalancingPayment {
  wholePence(input.yearNetVatPence, 'The year’s VAT');
  wholePence(input.instalmentsPaidPence, 'The instalments paid');
  if (input.instalmentsPaidPence < 0) throw new RangeError('The instalments paid cannot be negative');
  return {
    amountPence: input.yearNetVatPence - input.instalmentsPaidPence,
    dueOn: annualReturnDueDate(input.yearStart, input.yearEnd),
  };
}

/** Whether the expected taxable turnover of the next 12 months allows joining (£1.35m or less). */
export const mayJoinAnnualAccounting = (expectedTurnoverPence: number): boolean =>
  expectedTurnoverPence <= annualAccountingJoinLimitPence;

/** Whether taxable turnover has gone above £1.6m, so the business must leave. */
export const mustLeaveAnnualAccounting = (turnoverPence: number): boolean =>
  turnoverPence > annualAccountingLeaveLimitPence;

/**
 * A return period about a year long (11 to 13 whole months, so a first year starting mid-month
 * counts): the Return page then offers the annual accounting panel.
 */
export function isAboutAYear(start: string, end: string): boolean {
  if (!isCalendarDate(start) || !isCalendarDate(end) || start > end) return false;
  return end >= addMonths(start, 11) && end < addMonths(start, 13);
}
