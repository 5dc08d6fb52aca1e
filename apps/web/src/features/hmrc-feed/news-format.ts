import { ukToday } from '@vatwise/domain';
import { localeOf } from '../../shared/format/format';

/** The news card's small rules: how old the news is in words, and which day a news item is from. */

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
