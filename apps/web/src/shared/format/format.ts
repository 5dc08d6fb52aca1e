import { formatGbp } from '@vatwise/domain';

/**
 * Money and dates as a UK accountant reads them: £1,234.56 and 23 Nov 2026 (or the chosen
 * language's own order). Money arrives in pence and stays whole numbers until it is text.
 */

const localeOf = (language: string) => (language.startsWith('es') ? 'es-ES' : 'en-GB');

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
            timeZone: 'Europe/London',
          },
    );
    dateFormats.set(key, format);
  }
  return format;
}

export function formatMoney(pence: number | null | undefined, language = 'en'): string {
  return pence === null || pence === undefined ? '—' : formatGbp(pence, localeOf(language));
}

/** '23 Nov 2026' for '2026-11-23' (a calendar date: no time zone can move it). */
export function formatDate(isoDate: string | null | undefined, language = 'en'): string {
  if (!isoDate) return '—';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return dateFormatOf(localeOf(language), 'date').format(date);
}

/** '23 Nov 2026, 14:05' in the UK's time for an instant. */
export function formatDateTime(instant: string | null | undefined, language = 'en'): string {
  if (!instant) return '—';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  return dateFormatOf(localeOf(language), 'dateTime').format(date);
}
