import { type Language, directionOf, languages } from '../theme/preferences';

/**
 * Values that read left to right whatever the page's direction: a VRN ('747 0996 59'), money
 * ('−£12.50'), a date ('23 Nov 2026'), a period key, a reference, a percentage, a phone number.
 * Laid out right to left, the Unicode bidirectional algorithm reorders their parts ('59 0996 747',
 * '£12.50−'), so in a right-to-left language each is isolated as one run with Unicode's isolates
 * (understood by every current browser, in text, titles, toasts and attributes alike). In a
 * left-to-right language the text is left exactly as it was: nothing invisible to copy or search.
 */
export const LEFT_TO_RIGHT_ISOLATE = '\u2066';
export const FIRST_STRONG_ISOLATE = '\u2068';
export const POP_DIRECTIONAL_ISOLATE = '\u2069';

/** Letters of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their forms). */
const rightToLeftLetter = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

function isRightToLeft(language: string): boolean {
  return languages.includes(language as Language) && directionOf(language as Language) === 'rtl';
}

/** Already one isolated run: formatted values are isolated once, not again inside a sentence. */
function isIsolated(text: string): boolean {
  return (
    (text.startsWith(LEFT_TO_RIGHT_ISOLATE) || text.startsWith(FIRST_STRONG_ISOLATE)) &&
    text.endsWith(POP_DIRECTIONAL_ISOLATE)
  );
}

/** A value that always reads left to right (digits, codes, money, dates), kept whole in `language`. */
export function leftToRightIn(text: string, language: string): string {
  if (!isRightToLeft(language) || text === '' || isIsolated(text)) return text;
  return `${LEFT_TO_RIGHT_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
}

/**
 * A value put into a translated sentence, kept whole in `language`: left to right unless it is
 * written in a right-to-left script (a name in Arabic, say), which then keeps its own direction.
 */
export function isolatedIn(text: string, language: string): string {
  if (!isRightToLeft(language) || text === '' || isIsolated(text)) return text;
  const opening = rightToLeftLetter.test(text) ? FIRST_STRONG_ISOLATE : LEFT_TO_RIGHT_ISOLATE;
  return `${opening}${text}${POP_DIRECTIONAL_ISOLATE}`;
}
