import { type DeadlineAlertLevel, ukToday } from '@vatwise/domain';

/**
 * The dashboard cards' small rules: how old the news is in words, which day a news item is from,
 * how a deadline's days left read, and a level's badge colour.
 */

const localeOf = (language: string) => (language.startsWith('es') ? 'es' : 'en-GB');

/**
 * How long ago, in the language's words: '17 minutes ago', '3 hours ago', 'yesterday', '4 days ago'
 * ('hace 17 minutos' in Spanish). At least a minute; hours from 60 minutes, days from 48 hours.
 */
export function relativeAge(ageSeconds: number, language = 'en'): string {
  const format = new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' });
  const minutes = Math.max(1, Math.floor(Math.max(0, ageSeconds) / 60));
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return format.format(-hours, 'hour');
  return format.format(-Math.floor(hours / 24), 'day');
}

/** The UK calendar day of an instant ('2026-07-14' for 23:30 UTC on 13 July in summer); '' if unreadable. */
export function ukDayOf(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? '' : ukToday(date);
}

/** The words for a deadline's days left, as an i18n key under dashboard.deadlines and its count. */
export function daysLeftText(daysLeft: number): { key: string; count: number } {
  if (daysLeft < 0) return { key: 'overdueBy', count: -daysLeft };
  if (daysLeft === 0) return { key: 'dueToday', count: 0 };
  if (daysLeft === 1) return { key: 'dueTomorrow', count: 1 };
  return { key: 'daysLeft', count: daysLeft };
}

export interface LevelBadge {
  color: string;
  variant: 'filled' | 'light';
}

/** Overdue red, 1 day or less red (lighter), 7 days or less orange, 14 days or less yellow; else no badge. */
export function levelBadge(level: DeadlineAlertLevel | null): LevelBadge | null {
  switch (level) {
    case 'overdue':
      return { color: 'red', variant: 'filled' };
    case 'due1':
      return { color: 'red', variant: 'light' };
    case 'due7':
      return { color: 'orange', variant: 'light' };
    case 'due14':
      return { color: 'yellow', variant: 'light' };
    default:
      return null;
  }
}
