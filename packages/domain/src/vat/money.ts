/**
 * Money is integer pence everywhere in VAT Wise. HMRC sends JSON numbers with at most two decimals
 * (hmrc-mtd-vat.md 3.2); they become pence at the edge and pounds again only as text.
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

/** '£1,234.05' (or '-£1,234.05') in the given locale's digit grouping; pounds and pence kept apart. */
export function formatGbp(pence: number, locale = 'en-GB'): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Pence must be a whole number: ${pence}`);
  const magnitude = Math.abs(pence);
  const { pounds, decimal } = poundsFormatOf(locale);
  return `${pence < 0 ? '-' : ''}£${pounds.format(Math.floor(magnitude / 100))}${decimal}${String(magnitude % 100).padStart(2, '0')}`;
}
