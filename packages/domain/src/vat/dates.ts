import { ukLocale } from '../languages';

/**
 * Calendar dates as 'YYYY-MM-DD' text (UTC-free: a VAT date is a day, not an instant): the one
 * date module of VAT Wise, its server and its HMRC simulator. HMRC's validators parse dates with
 * java.time's LocalDate, so month and year steps follow LocalDate.plusMonths/plusYears: a day that
 * does not exist in the target month is clamped to its last day (2016-02-29 + 1 year =
 * 2017-02-28, 31 January + 1 month = 28 or 29 February). Then the date-range rules of the product reference
 * section 5 / docs/reference/hmrc-vat-api.md §3.4 and 3.7, checked in the form before any call and again on the
 * server.
 */

const isoPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface Ymd {
  year: number;
  month: number;
  day: number;
}

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const monthLengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Proleptic Gregorian, like LocalDate (Date.UTC would read years 0-99 as 1900-1999). */
export const daysInMonth = (year: number, month: number): number =>
  month === 2 && isLeapYear(year) ? 29 : (monthLengths[month - 1] ?? 31);

/**
 * The parts of a real calendar date, or undefined. Strict on purpose: `2017-02-30` and `2017-13-01`
 * are not dates (docs/reference/hmrc-vat-api.md §3.2).
 */
export function parseIsoDate(text: string): Ymd | undefined {
  const match = isoPattern.exec(text);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

export const isIsoDate = (text: string): boolean => parseIsoDate(text) !== undefined;

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

export const formatIsoDate = ({ year, month, day }: Ymd): string => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;

function mustParse(date: string): Ymd {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return parts;
}

/** Days since 1970-01-01 (negative before); Howard Hinnant's days_from_civil, exact for every year. */
export const toDayNumber = (date: string): number => {
  const { year, month, day } = mustParse(date);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
};

/** The inverse of toDayNumber (civil_from_days). */
export function fromDayNumber(dayNumber: number): string {
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return formatIsoDate({ year, month, day });
}

export const addDays = (date: string, days: number): string => fromDayNumber(toDayNumber(date) + days);

/** LocalDate.plusMonths: clamp the day to the end of the target month. */
export function addMonths(date: string, months: number): string {
  const { year, month, day } = mustParse(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return formatIsoDate({
    year: targetYear,
    month: targetMonth,
    day: Math.min(day, daysInMonth(targetYear, targetMonth)),
  });
}

export const addYears = (date: string, years: number): string => addMonths(date, years * 12);

/** Negative, zero or positive as a is before, on or after b. ISO strings of 4-digit years sort as dates. */
export const compareDates = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export const minDate = (a: string, b: string): string => (a <= b ? a : b);
export const maxDate = (a: string, b: string): string => (a >= b ? a : b);

export const isLastDayOfMonth = (date: string): boolean => {
  const { year, month, day } = mustParse(date);
  return day === daysInMonth(year, month);
};

export const endOfMonth = (date: string): string => {
  const { year, month } = mustParse(date);
  return formatIsoDate({ year, month, day: daysInMonth(year, month) });
};

export const firstOfMonth = (date: string): string => {
  const { year, month } = mustParse(date);
  return formatIsoDate({ year, month, day: 1 });
};

// Made on first use: a formatter with a time zone costs tens of milliseconds to build (the zone's
// rules are loaded), which every page that imports this module would otherwise pay at start.
let ukCalendarFormat: Intl.DateTimeFormat | undefined;
const ukCalendar = (): Intl.DateTimeFormat =>
  (ukCalendarFormat ??= new Intl.DateTimeFormat(ukLocale, {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }));

/**
 * The UK calendar date of an instant. HMRC dates receipts and compares period ends in UK time, so a
 * return sent at 00:30 BST on 1 July is received on 1 July although it is still 30 June in UTC.
 */
export function ukDateOf(instant: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(
      ukCalendar()
        .formatToParts(instant)
        .find((p) => p.type === type)?.value,
    );
  return formatIsoDate({ year: part('year'), month: part('month'), day: part('day') });
}

/** The two languages HMRC writes in (its VAT Assist messages come in both). */
export type HmrcLanguage = 'en' | 'cy';

const longDateFormats = new Map<HmrcLanguage, Intl.DateTimeFormat>();

/**
 * A calendar date written out as GOV.UK writes it: '2026-03-31' is '31 March 2026' in English and
 * '31 Mawrth 2026' in Welsh. The month names are ICU's, read as a date in UTC so no zone moves it.
 */
export function ukLongDate(date: string, language: HmrcLanguage = 'en'): string {
  const ymd = parseIsoDate(date);
  if (!ymd) throw new RangeError(`Not a calendar date: ${date}`);
  let format = longDateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'en' ? ukLocale : 'cy', {
      timeZone: 'UTC',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    longDateFormats.set(language, format);
  }
  return format.format(new Date(Date.UTC(ymd.year, ymd.month - 1, ymd.day)));
}

/** A real calendar date as YYYY-MM-DD (2017-02-30 is not). */
export const isCalendarDate = isIsoDate;

/** Today's date in the UK, where HMRC's dates are. */
export const ukToday = (now: Date = new Date()): string => ukDateOf(now);

/**
 * An ISO instant `months` later, at the same time of day, the day clamped as addMonths does
 * (2026-01-31T10:00:00.000Z + 1 month = 2026-02-28T10:00:00.000Z; Date#setUTCMonth would give
 * 3 March).
 */
export function addMonthsToInstant(instant: string, months: number): string {
  const iso = new Date(instant).toISOString();
  return `${addMonths(iso.slice(0, 10), months)}${iso.slice(10)}`;
}

/** Which HMRC list a date range is for: the rules differ (docs/reference/hmrc-vat-api.md §3.13). */
export type DateRangeKind = 'obligations' | 'liabilities' | 'payments';

export type DateRangeProblem =
  'FROM_INVALID' | 'TO_INVALID' | 'FROM_AFTER_TO' | 'TOO_LONG' | 'TO_IN_FUTURE' | 'FROM_TOO_EARLY';

/** The earliest `from` HMRC's liabilities and payments accept (docs/reference/hmrc-vat-api.md §3.7). */
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
