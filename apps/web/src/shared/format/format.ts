import { type BoxNumber, formatGbp, isWholePoundsBox, localesOf } from '@vatwise/domain';
import { leftToRightIn } from './bidi';

/**
 * Money and dates as a UK accountant reads them, one style across the app: £1,234.56, −£12.50
 * (a true minus sign), 23 Nov 2026 and 23 Nov 2026, 14:05 (24-hour, UK time), or the chosen
 * language's own form of the same (23 nov 2026). Never the browser's locale, never month-first.
 * Money arrives in pence and stays whole numbers until it is text. In a right-to-left language each
 * value is one left-to-right run (bidi.ts), so '−£12.50' and '23 Nov 2026' are not reordered.
 */

/** The locale the app formats in for a language: en-GB for English whatever the browser says. */
export const localeOf = (language: string) => localesOf(language).intl;

/**
 * One format per locale and style, made on first use: making an Intl format costs far more than
 * using one, and a table of 100 records formats hundreds of dates (70 ms at a cold start).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormatOf(locale: string, style: 'date' | 'dateTime'): Intl.DateTimeFormat {
  const key = `${locale} ${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      style === 'date'
        ? { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }
        : {
            day: 'numeric',
            month: 'short',
            year: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
            timeZone: 'Europe/London',
          },
    );
    dateFormats.set(key, format);
  }
  return format;
}

export function formatMoney(pence: number | null | undefined, language = 'en'): string {
  return pence === null || pence === undefined ? '—' : leftToRightIn(formatGbp(pence, localeOf(language)), language);
}

/**
 * A nine-box figure: boxes 1-5 in pounds and pence, boxes 6-9 in the whole pounds HMRC takes them
 * in ('£1,250'). A box 6-9 figure that does have pence keeps them, so the problem shows.
 */
export function formatBoxAmount(box: BoxNumber, pence: number | null | undefined, language = 'en'): string {
  if (pence === null || pence === undefined) return '—';
  return leftToRightIn(formatGbp(pence, localeOf(language), { wholePounds: isWholePoundsBox(box) }), language);
}

/** '23 Nov 2026' for '2026-11-23' (a calendar date: no time zone can move it). */
export function formatDate(isoDate: string | null | undefined, language = 'en'): string {
  if (!isoDate) return '—';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return leftToRightIn(isoDate, language);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return leftToRightIn(dateFormatOf(localeOf(language), 'date').format(date), language);
}

/** '23 Nov 2026, 14:05' in the UK's time for an instant. */
export function formatDateTime(instant: string | null | undefined, language = 'en'): string {
  if (!instant) return '—';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return leftToRightIn(instant, language);
  return leftToRightIn(dateFormatOf(localeOf(language), 'dateTime').format(date), language);
}

/** ISO instants ('2026-11-24T01:32:00.000Z') and calendar dates ('2026-11-24') inside a sentence. */
const isoInText =
  /(?<![\w/=.:-])(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2}))?(?![\w/=:-]|\.\w)/g;

/**
 * A message written by the server (an agent's dialogue line, say) with its ISO dates and instants
 * as the app writes them: 'valid until 2026-11-24T01:32:00Z' → 'valid until 24 Nov 2026, 01:32'.
 * Dates inside a path or query ('?from=2026-01-01') are left alone.
 */
export function formatDatesInText(text: string, language = 'en'): string {
  return text.replace(isoInText, (whole: string, date: string, time: string | undefined) =>
    time ? formatDateTime(whole, language) : formatDate(date, language),
  );
}
