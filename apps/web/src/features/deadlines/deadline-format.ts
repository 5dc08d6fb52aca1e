import type { DeadlineAlertLevel } from '@vatwise/domain';

/** The deadlines card's small rules: how a deadline's days left read, and a level's badge colour. */

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
