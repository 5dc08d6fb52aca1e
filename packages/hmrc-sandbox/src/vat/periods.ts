import {
  addDays,
  addMonths,
  addYears,
  endOfMonth,
  firstOfMonth,
  isLastDayOfMonth,
  maxDate,
  parseIsoDate,
  formatIsoDate,
} from '@vatwise/domain';
import type { ObligationPattern } from './model';

/**
 * The simulated account's periods: their keys and due dates as HMRC gives them, and how each
 * obligation pattern (quarterly, monthly, annual) steps through the calendar (docs/reference/hmrc-vat-api.md §3.4).
 */

/**
 * Return (and payment) due date: one calendar month and seven days after the period ends
 * (docs/reference/vat-rules.md §3.4). For a period ending on a month's last day the month step lands on the next
 * month's last day, as HMRC dates them (quarter to 30 June -> 7 August; HMRC's sandbox: 2017-03-31 ->
 * 2017-05-07), which LocalDate-style clamping alone would not give (30 June + 1 month = 30 July).
 */
export const dueDateFor = (end: string): string =>
  addDays(isLastDayOfMonth(end) ? endOfMonth(addMonths(end, 1)) : addMonths(end, 1), 7);

export const quarterStartOf = (date: string): string => {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return formatIsoDate({ year: parts.year, month: Math.floor((parts.month - 1) / 3) * 3 + 1, day: 1 });
};

/** `24A1` for January-March 2024: two-digit year, 'A', quarter — HMRC's quarterly form `18A1` (3.4). */
export function quarterlyPeriodKey(quarterStart: string): string {
  const parts = parseIsoDate(quarterStart);
  if (!parts) throw new RangeError(`Not a YYYY-MM-DD date: ${quarterStart}`);
  return `${String(parts.year % 100).padStart(2, '0')}A${Math.floor((parts.month - 1) / 3) + 1}`;
}

/**
 * An annual accounting return (and its balancing payment) is due two months after the year ends
 * (docs/reference/vat-rules.md §3.4, 3.7; VATAAS3400): a year ending 31 March is due by 31 May.
 */
export const annualDueDateFor = (end: string): string =>
  isLastDayOfMonth(end) ? endOfMonth(addMonths(end, 2)) : addMonths(end, 2);

const monthLetters = 'ABCDEFGHIJKL';

/**
 * `24AA` for January 2024 … `24AL` for December: HMRC's alphanumeric monthly form `NNAA`
 * (docs/reference/vat-rules.md, period keys; docs/reference/hmrc-vat-api.md §3.4 lists `18AD`). Never a quarterly key (`24A1`).
 */
export function monthlyPeriodKey(monthStart: string): string {
  const parts = parseIsoDate(monthStart);
  if (!parts) throw new RangeError(`Not a YYYY-MM-DD date: ${monthStart}`);
  return `${String(parts.year % 100).padStart(2, '0')}A${monthLetters[parts.month - 1] ?? 'A'}`;
}

/**
 * `24YF` for the year starting in June 2024: year, 'Y', the starting month's letter. Ours: HMRC
 * does not publish its annual keys beyond the `NNAA` form; this one meets no monthly or quarterly key.
 */
export function annualPeriodKey(yearStart: string): string {
  const parts = parseIsoDate(yearStart);
  if (!parts) throw new RangeError(`Not a YYYY-MM-DD date: ${yearStart}`);
  return `${String(parts.year % 100).padStart(2, '0')}Y${monthLetters[parts.month - 1] ?? 'A'}`;
}

export interface Period {
  periodKey: string;
  start: string;
  end: string;
  due: string;
}

/** How each pattern steps through the calendar: the period holding `today`, its length, key and due date. */
export const patternShapes: Record<
  ObligationPattern,
  {
    months: number;
    currentStart: (today: string, registrationDate: string) => string;
    key: (start: string) => string;
    due: (end: string) => string;
  }
> = {
  quarterly: { months: 3, currentStart: quarterStartOf, key: quarterlyPeriodKey, due: dueDateFor },
  monthly: { months: 1, currentStart: (today) => firstOfMonth(today), key: monthlyPeriodKey, due: dueDateFor },
  // The accounting year runs from the first of the registration month, so the first year is
  // (almost) whole and later ones fall on its anniversaries.
  annual: {
    months: 12,
    currentStart: (today, registrationDate) => {
      const month = parseIsoDate(registrationDate)?.month ?? 1;
      const thisYear = formatIsoDate({ year: parseIsoDate(today)?.year ?? 0, month, day: 1 });
      return thisYear <= today ? thisYear : addYears(thisYear, -1);
    },
    key: annualPeriodKey,
    due: annualDueDateFor,
  },
};

/**
 * The pattern's periods from two years before the current one up to the one containing `today`.
 * None ends before registration; the first one starts on the registration date (the first return
 * covers the business from its effective date of registration).
 */
export function periodsFor(
  registrationDate: string,
  today: string,
  pattern: ObligationPattern = 'quarterly',
): Period[] {
  const shape = patternShapes[pattern];
  const periods: Period[] = [];
  const first = addYears(shape.currentStart(today, registrationDate), -2);
  for (let start = first; start <= today; start = addMonths(start, shape.months)) {
    const end = endOfMonth(addMonths(start, shape.months - 1));
    if (end < registrationDate || registrationDate > today) continue;
    periods.push({ periodKey: shape.key(start), start: maxDate(start, registrationDate), end, due: shape.due(end) });
  }
  return periods;
}
