import { decimalSignOf, penceToDecimalText } from '@vatwise/domain';
import { localeOf } from '../../../shared/format/format';

/**
 * Amounts typed by people, read as text so no floating-point step can move a penny: the pounds and
 * pence digits are joined as a string and only then become a number of pence.
 */

/** Optional sign, optional £ (either side of the sign), pounds with or without correct comma grouping, up to 2 decimals. */
const amountPattern = /^([+\-\u2212]?)£?([+\-\u2212]?)(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d{0,2}))?$/;

/** 15 digits of pence stay exact in a double (Number.MAX_SAFE_INTEGER has 16). */
const maxDigits = 15;

/**
 * '1,234.56' → 123456; '-£12.5' → -1250; '£0.07' → 7. Null for anything that is not plainly an
 * amount in pounds and pence ('12,50', '1.234', '12.345', 'abc', ''), so a Spanish-style '12,50'
 * is refused rather than read as £1,250.
 */
export function parsePounds(text: string): number | null {
  const trimmed = text.trim().replaceAll(' ', '');
  const match = amountPattern.exec(trimmed);
  if (!match) return null;
  const [, signBefore = '', signAfter = '', poundsText = '', penceText] = match;
  if (signBefore && signAfter) return null;
  if (poundsText === '' && !penceText) return null;
  const pounds = poundsText.replaceAll(',', '').replace(/^0+(?=\d)/, '') || '0';
  const digits = `${pounds}${(penceText ?? '').padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > maxDigits) return null;
  const magnitude = Number(digits);
  const negative = (signBefore || signAfter) === '-' || (signBefore || signAfter) === '\u2212';
  return negative && magnitude !== 0 ? -magnitude : magnitude;
}

/** The text an amount is edited as: 123456 → '1234.56', which parsePounds reads back exactly. */
export function penceToInput(pence: number): string {
  return penceToDecimalText(pence);
}

/**
 * '14.5' → 145 tenths of a per cent: a flat rate as the user types it, by the same text rule.
 * A rate has no thousands, so a decimal comma ('14,5') is unambiguous and accepted too.
 * Null when it is not a percentage from 0 to 100 with at most one decimal.
 */
export function parseRateTenths(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d?))?\s?%?$/.exec(text.trim());
  if (!match) return null;
  const tenths = Number(`${match[1]}${match[2] || '0'}`);
  return tenths <= 1000 ? tenths : null;
}

/** 145 → '14.5%', 120 → '12%', written with the language's decimal mark. */
export function formatRateTenths(tenths: number, language = 'en'): string {
  const decimal = decimalSignOf(localeOf(language));
  const whole = Math.trunc(tenths / 10);
  const tenth = tenths % 10;
  return `${whole}${tenth ? `${decimal}${tenth}` : ''}%`;
}
