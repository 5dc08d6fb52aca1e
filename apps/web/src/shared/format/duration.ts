import type { TFunction } from 'i18next';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** A year as a reader counts one for a length of time: 365 days. */
const YEAR_DAYS = 365;

/**
 * A length of time in the units it is read in, each rounded down: years and days from a day up
 * (no hours), hours and minutes below a day, minutes below an hour. All zero when nothing is left.
 */
export interface DurationParts {
  years: number;
  days: number;
  hours: number;
  minutes: number;
}

export function durationParts(ms: number): DurationParts {
  const none = { years: 0, days: 0, hours: 0, minutes: 0 };
  if (!Number.isFinite(ms) || ms <= 0) return none;
  const wholeDays = Math.floor(ms / DAY_MS);
  if (wholeDays >= 1) return { ...none, years: Math.floor(wholeDays / YEAR_DAYS), days: wholeDays % YEAR_DAYS };
  return { ...none, hours: Math.floor(ms / HOUR_MS), minutes: Math.floor((ms % HOUR_MS) / MINUTE_MS) };
}

/**
 * A length of time for people: '1 year 182 days', '300 days' below a year, '5 hours 12 min'
 * below a day, '12 min' below an hour, 'less than a minute' below that (plurals per language,
 * from the common namespace's `duration` keys). Never '13,127 hours 59 min'.
 */
export function formatDuration(ms: number, t: TFunction): string {
  const parts = durationParts(ms);
  // durationParts leaves hours and minutes at zero from a day up, so each unit that is not zero is read.
  const words = (['years', 'days', 'hours', 'minutes'] as const)
    .filter((unit) => parts[unit] > 0)
    .map((unit) => t(`common:duration.${unit}`, { count: parts[unit] }));
  if (words.length > 0) return words.join(' ');
  return ms > 0 ? t('common:duration.lessThanMinute') : t('common:duration.minutes', { count: 0 });
}
