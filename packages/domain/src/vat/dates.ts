/**
 * Calendar dates as 'YYYY-MM-DD' text (UTC-free: a VAT date is a day, not an instant), and the
 * date-range rules of spec section 5 / hmrc-mtd-vat.md 3.4 and 3.7, checked in the form before any
 * call and again on the server.
 */

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(text: string): boolean {
  const match = isoDatePattern.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The date `years` later, the day clamped to the month's end (2024-02-29 + 1 year = 2025-02-28), as HMRC. */
export function addYears(date: string, years: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year + years, month, 0)).getUTCDate();
  return `${String(year + years).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Today's date in the UK, where HMRC's dates are. */
export function ukToday(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Which HMRC list a date range is for: the rules differ (hmrc-mtd-vat.md 3.13). */
export type DateRangeKind = 'obligations' | 'liabilities' | 'payments';

export type DateRangeProblem =
  'FROM_INVALID' | 'TO_INVALID' | 'FROM_AFTER_TO' | 'TOO_LONG' | 'TO_IN_FUTURE' | 'FROM_TOO_EARLY';

/** The earliest `from` HMRC's liabilities and payments accept (hmrc-mtd-vat.md 3.7). */
export const earliestFinancialDate = '2016-04-06';

/**
 * Obligations: `from` before `to`, and `to` at most one calendar year after `from` ("366 days or
 * less"). Liabilities and payments: the same but one year less a day ("365 days or less"), `to` not
 * after today and `from` not before 6 April 2016. Undefined when the range is good.
 */
export function dateRangeProblem(
  kind: DateRangeKind,
  from: string,
  to: string,
  today: string,
): DateRangeProblem | undefined {
  if (!isCalendarDate(from)) return 'FROM_INVALID';
  if (!isCalendarDate(to)) return 'TO_INVALID';
  if (from >= to) return 'FROM_AFTER_TO';
  if (kind === 'obligations') return to > addYears(from, 1) ? 'TOO_LONG' : undefined;
  if (from < earliestFinancialDate) return 'FROM_TOO_EARLY';
  if (to > today) return 'TO_IN_FUTURE';
  return to > addDays(addYears(from, 1), -1) ? 'TOO_LONG' : undefined;
}

/** The longest range each list accepts, in days, for messages ("366 days or less"). */
export const maxRangeDays: Record<DateRangeKind, number> = { obligations: 366, liabilities: 365, payments: 365 };
