import { isCalendarDate } from '@vatwise/domain';

/**
 * Reading one cell of an imported file: amounts become integer pence by string arithmetic (never a
 * float sum), dates become 'YYYY-MM-DD' read day first as in the UK. Each reader returns either the
 * value or the reason, worded to finish a sentence that starts with the row and column.
 */

/** A cell as read from the file: CSV cells are text; XLSX cells may also be numbers, booleans or dates. */
export type CellValue = string | number | boolean | Date | null;

export type CellResult<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Pounds in a box or a record stay below £10 trillion (13 digits), well within safe integers in pence. */
const maxPoundDigits = 13;

const excelErrors = /^#(?:NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NAME!|NUM!|N\/A|SPILL!|CALC!|GETTING_DATA)$/i;

const amountPattern =
  /^(?<open>\()?\s*(?<sign>[-+\u2212])?\s*(?:£|GBP)?\s*(?<sign2>[-+\u2212])?\s*(?<int>\d{1,3}(?:,\d{3})+|\d*)(?:\.(?<frac>\d*))?\s*(?<close>\))?$/i;

/** The cell as the user would recognise it in a message. */
export function showCell(value: CellValue): string {
  if (value === null) return '(empty)';
  if (value instanceof Date) return formatUkDate(utcCalendarDate(value));
  if (typeof value === 'string') return `"${value}"`;
  return String(value);
}

export function isBlank(value: CellValue): boolean {
  return value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Pence from '1,234.56', '£1,234.56', '-12.30', '(12.30)' (negative), '12' or an XLSX number. More
 * than two decimal places is refused (zeros beyond the pence, as in '12.300', are fine).
 */
export function parseAmount(value: CellValue): CellResult<number> {
  if (value === null) return { ok: false, reason: 'is empty: enter the amount (0 if there is none)' };
  if (typeof value === 'boolean')
    return { ok: false, reason: `${showCell(value)} is not an amount in pounds and pence` };
  if (value instanceof Date)
    return { ok: false, reason: `${showCell(value)} is a date, not an amount in pounds and pence` };
  if (typeof value === 'number') return parseNumberCell(value);
  const text = value.trim();
  if (text === '') return { ok: false, reason: 'is empty: enter the amount (0 if there is none)' };
  if (excelErrors.test(text)) {
    return { ok: false, reason: `"${text}" is a formula error: correct the formula in the spreadsheet` };
  }
  const notAmount: CellResult<number> = { ok: false, reason: `"${text}" is not an amount in pounds and pence` };
  const match = amountPattern.exec(text);
  const groups = match?.groups;
  if (!groups) return notAmount;
  const { open, close, sign, sign2, int = '', frac } = groups;
  if (Boolean(open) !== Boolean(close) || (open && (sign || sign2)) || (sign && sign2)) return notAmount;
  if (int === '' && !frac) return notAmount;
  const decimals = (frac ?? '').replace(/0+$/, '');
  if (decimals.length > 2) {
    return {
      ok: false,
      reason: `"${text}" has more than 2 decimal places: amounts are in pounds and pence, such as 12.35`,
    };
  }
  const poundsDigits = int.replace(/,/g, '').replace(/^0+(?=\d)/, '');
  if (poundsDigits.length > maxPoundDigits) return { ok: false, reason: `"${text}" is too large an amount` };
  const magnitude = Number(poundsDigits || '0') * 100 + Number(decimals.padEnd(2, '0'));
  const negative = Boolean(open) || sign === '-' || sign === '\u2212' || sign2 === '-' || sign2 === '\u2212';
  return { ok: true, value: negative && magnitude !== 0 ? -magnitude : magnitude };
}

/**
 * An XLSX number cell holds a binary double (a formula such as =B2*0.2 gives 2.4600000000000004).
 * Excel shows at most 15 significant digits, so the number is read as that text and then as any
 * other amount: the pence come from the digits, and 12.345 is still refused.
 */
function parseNumberCell(value: number): CellResult<number> {
  if (!Number.isFinite(value)) return { ok: false, reason: `${value} is not an amount in pounds and pence` };
  const text = String(Number(value.toPrecision(15)));
  if (/e/i.test(text)) {
    return Math.abs(value) < 1
      ? { ok: false, reason: `${text} has more than 2 decimal places: amounts are in pounds and pence, such as 12.35` }
      : { ok: false, reason: `${text} is too large an amount` };
  }
  const result = parseAmount(text);
  // Reword the text-cell messages for a number cell (no quotes: the user typed a number).
  return result.ok ? result : { ok: false, reason: result.reason.replace(`"${text}"`, text) };
}

const monthNames = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const shortMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const isoPattern = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const dayFirstPattern = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;
const shortYearPattern = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{2})$/;
const monthNamePattern = /^(\d{1,2})[\s-]+([a-z]{3,9})\.?[\s-]+(\d{4})$/i;
/** A time after the date, as some exports add ('31/03/2026 00:00:00'); without a zone it does not move the day. */
const timeSuffix = /(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const iso = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** The calendar date of a Date from read-excel-file (it gives dates at midnight UTC: no time-zone shift). */
export function utcCalendarDate(date: Date): string {
  return iso(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** '2026-04-01' → '1 Apr 2026'. */
export function formatLongDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return `${day} ${shortMonths[month - 1] ?? '?'} ${year}`;
}

/** '2026-04-01' → '01/04/2026'. */
export function formatUkDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * 'YYYY-MM-DD' from '2026-03-31', '31/03/2026', '31-03-2026', '31.03.2026', '31 Mar 2026' or an
 * XLSX date cell. Numbers are read day first, always (US month-first dates are not guessed).
 */
export function parseDate(value: CellValue): CellResult<string> {
  if (value === null) return { ok: false, reason: 'is empty: enter the date, such as 31/03/2026' };
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return { ok: false, reason: 'is not a date' };
    return { ok: true, value: utcCalendarDate(value) };
  }
  if (typeof value === 'number') {
    return {
      ok: false,
      reason: `${value} is a number, not a date: format the column as a date, or write dates such as 31/03/2026`,
    };
  }
  if (typeof value === 'boolean') return { ok: false, reason: `${showCell(value)} is not a date` };
  const written = value.trim();
  if (written === '') return { ok: false, reason: 'is empty: enter the date, such as 31/03/2026' };
  const text = written.replace(timeSuffix, '');
  const notReal = (hint = '') => ({ ok: false as const, reason: `${written} is not a real date${hint}` });

  const isoMatch = isoPattern.exec(text);
  if (isoMatch) {
    const date = iso(Number(isoMatch[1]), Number(isoMatch[2]), Number(isoMatch[3]));
    return isCalendarDate(date) ? { ok: true, value: date } : notReal();
  }
  const dayFirst = dayFirstPattern.exec(text);
  if (dayFirst) {
    const [day, month, year] = [Number(dayFirst[1]), Number(dayFirst[3]), Number(dayFirst[4])];
    const date = iso(year, month, day);
    if (isCalendarDate(date)) return { ok: true, value: date };
    const swapped = iso(year, day, month);
    return notReal(
      month > 12 && isCalendarDate(swapped)
        ? ` (dates are read day first, as in ${formatUkDate(swapped).replace(/\//g, dayFirst[2] ?? '/')})`
        : '',
    );
  }
  const named = monthNamePattern.exec(text);
  if (named) {
    const month = monthNames.indexOf((named[2] ?? '').slice(0, 3).toLowerCase()) + 1;
    const date = iso(Number(named[3]), month, Number(named[1]));
    if (month > 0 && isCalendarDate(date)) return { ok: true, value: date };
    return month > 0 ? notReal() : { ok: false, reason: `"${written}" is not a date: write it as 31/03/2026` };
  }
  if (shortYearPattern.test(text)) {
    return { ok: false, reason: `${written} has a two-digit year: write the year in full, such as 31/03/2026` };
  }
  return { ok: false, reason: `"${written}" is not a date: write it as 31/03/2026 or 2026-03-31` };
}

/** Text for a description: trimmed, dates as the UK writes them. */
export function cellText(value: CellValue): string {
  if (value === null) return '';
  if (value instanceof Date) return formatUkDate(utcCalendarDate(value));
  return String(value).replace(/\s+/g, ' ').trim();
}
