/**
 * Dates as people type them in VAT Wise's date fields: day first, as UK (and Spanish) users write
 * them, whatever the browser's language. '5/6/2026', '05/06/2026', '05.06.2026' and '05-06-2026'
 * are all 5 June 2026; an ISO '2026-06-05' (pasted from a file) is read too. Null for anything
 * else, or a day the calendar does not have (31/02/2026), so nothing is guessed.
 */
export function parseDayMonthYear(text: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  const parts = iso ? [iso[1], iso[2], iso[3]] : dayFirst ? [dayFirst[3], dayFirst[2], dayFirst[1]] : null;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
