import { ukLocale } from '../languages';

/**
 * Money is integer pence everywhere in VAT Wise. HMRC sends JSON numbers with at most two decimals
 * (docs/reference/hmrc-vat-api.md §3.2); they become pence at the edge and pounds again only as text.
 */

/** Pence for an amount HMRC sent in pounds (at most 2 decimals, within 15 significant digits). */
export function poundsToPence(pounds: number): number {
  if (!Number.isFinite(pounds)) throw new RangeError(`Not an amount: ${pounds}`);
  // Scaling a 2-decimal double by 100 lands within a hair of the integer; rounding removes the hair.
  return Math.round(pounds * 100);
}

/** '-1234.05' for -123405 pence, by integer arithmetic (for CSV files and HMRC bodies). */
export function penceToDecimalText(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Pence must be a whole number: ${pence}`);
  const sign = pence < 0 ? '-' : '';
  const magnitude = Math.abs(pence);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

/** Each locale's whole-pounds format and decimal sign, made once: an Intl format is slow to make. */
const poundsFormats = new Map<string, { pounds: Intl.NumberFormat; decimal: string }>();
function poundsFormatOf(locale: string) {
  let format = poundsFormats.get(locale);
  if (!format) {
    format = {
      pounds: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
      decimal: new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.',
    };
    poundsFormats.set(locale, format);
  }
  return format;
}

/** The locale's decimal sign: '.' in en-GB, ',' in es-ES. */
export const decimalSignOf = (locale: string): string => poundsFormatOf(locale).decimal;

/** The minus sign accountants write (U+2212), not the hyphen: '−£12.50'. Text for people only. */
export const minusSign = '\u2212';

export interface FormatGbpOptions {
  /**
   * Leave out '.00' (boxes 6-9, which HMRC takes in whole pounds): '£1,250'. An amount that does
   * have pence keeps them, so a figure HMRC would refuse is never shown as if it were whole.
   */
  wholePounds?: boolean;
}

/**
 * '£1,234.05' (or '−£1,234.05', with a true minus sign before the pound sign) in the given locale's
 * digit grouping; pounds and pence kept apart. For people to read: CSV files and HMRC bodies take
 * penceToDecimalText's plain '-1234.05'.
 */
export function formatGbp(pence: number, locale = ukLocale, options: FormatGbpOptions = {}): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Pence must be a whole number: ${pence}`);
  const magnitude = Math.abs(pence);
  const { pounds, decimal } = poundsFormatOf(locale);
  const sign = pence < 0 ? minusSign : '';
  const whole = `${sign}£${pounds.format(Math.floor(magnitude / 100))}`;
  if (options.wholePounds && magnitude % 100 === 0) return whole;
  return `${whole}${decimal}${String(magnitude % 100).padStart(2, '0')}`;
}
