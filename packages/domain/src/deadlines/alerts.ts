/**
 * Deadline alerts for open VAT obligations: the pure rules behind the daily deadline watcher (toast
 * and dashboard warnings at 14, 7 and 1 days before the due date, and once overdue).
 *
 * Dates are UK calendar days written 'YYYY-MM-DD' (see vat/dates.ts; the caller passes `ukToday()`).
 *
 * The due date itself is NOT overdue: a return (and payment) received on its due date is on time
 * (docs/reference/vat-rules.md §3.4; a late payment penalty's day 1 is the day after the due date, CH193140). So
 * on the due date daysLeft is 0 and the level is 'due1' ("1 day or less"); the day after it is
 * 'overdue'.
 */

import type { Obligation } from '../hmrc/api';
import { isCalendarDate } from '../vat/dates';

/** Days before the due date at which the watcher warns, largest first. */
export const alertThresholdDays = [14, 7, 1] as const;
export type AlertThresholdDays = (typeof alertThresholdDays)[number];

export type DeadlineAlertLevel = 'due14' | 'due7' | 'due1' | 'overdue';

export interface DeadlineAlert {
  level: DeadlineAlertLevel;
  /** Calendar days from today to the due date: 0 on the due date, negative once it has passed. */
  daysLeft: number;
}

/** The parts of an HMRC obligation the deadline rules read ('O' = open, 'F' = fulfilled). */
export type DeadlineObligation = Pick<Obligation, 'periodKey' | 'start' | 'end' | 'due' | 'status'>;

/** An obligation as the watcher sees it: with the VRN it belongs to. */
export type WatchedObligation = DeadlineObligation & { vrn: string };

/** One alert the watcher should raise now. `key` is stable: record it once the alert is raised. */
export interface DeadlineAlertToSend extends DeadlineAlert {
  /** `${vrn}:${periodKey}:${level}` */
  key: string;
  vrn: string;
  periodKey: string;
  start: string;
  end: string;
  due: string;
}

export interface DeadlineSummaryItem<T extends DeadlineObligation = DeadlineObligation> {
  obligation: T;
  daysLeft: number;
  /** Null when the due date is more than 14 days away. */
  alert: DeadlineAlert | null;
}

export interface DeadlineSummary<T extends DeadlineObligation = DeadlineObligation> {
  /** Open obligations, earliest due date first (overdue ones therefore come first). */
  items: DeadlineSummaryItem<T>[];
  /** The earliest open obligation that is not overdue (due today or later), or null. */
  next: DeadlineSummaryItem<T> | null;
  /** How many open obligations are past their due date. */
  overdueCount: number;
}

const dayMs = 24 * 60 * 60 * 1000;

function dayNumber(date: string, name: string): number {
  if (!isCalendarDate(date)) throw new RangeError(`${name} must be a real date written YYYY-MM-DD, got "${date}"`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / dayMs;
}

/**
 * Calendar days from `today` to `due` (both UK dates): 1 the day before, 0 on the due date, negative
 * after it. Throws a RangeError for anything that is not a real 'YYYY-MM-DD' date.
 */
export function daysUntil(due: string, today: string): number {
  return dayNumber(due, 'due') - dayNumber(today, 'today');
}

/** The level for a number of days left: the smallest threshold daysLeft is at most; below 0 overdue. */
export function deadlineLevelFor(daysLeft: number): DeadlineAlertLevel | null {
  if (daysLeft < 0) return 'overdue';
  if (daysLeft <= 1) return 'due1';
  if (daysLeft <= 7) return 'due7';
  if (daysLeft <= 14) return 'due14';
  return null;
}

/**
 * The alert for a due date seen on `today`: null when more than 14 days away; 14..8 days 'due14',
 * 7..2 'due7', 1..0 'due1' (the due date itself is on time), before that 'overdue'.
 */
export function deadlineAlertFor(due: string, today: string): DeadlineAlert | null {
  const daysLeft = daysUntil(due, today);
  const level = deadlineLevelFor(daysLeft);
  return level === null ? null : { level, daysLeft };
}

export function deadlineAlertKey(vrn: string, periodKey: string, level: DeadlineAlertLevel): string {
  return `${vrn}:${periodKey}:${level}`;
}

function isOpen(obligation: DeadlineObligation): boolean {
  return obligation.status === 'O';
}

function byDue(a: DeadlineObligation, b: DeadlineObligation): number {
  return compare(a.due, b.due) || compare(a.start, b.start) || compare(a.periodKey, b.periodKey);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The alerts to raise now: for each open obligation only its current level (a watcher that missed
 * days does not send the stale earlier levels as well), skipping keys in `alreadySent`. Each
 * obligation (VRN and period key) gives at most one alert even if listed twice. Sorted by due date.
 * A watcher that records every returned key raises each level at most once per obligation, however
 * often it runs.
 */
export function alertsToSend(
  obligations: readonly WatchedObligation[],
  today: string,
  alreadySent: ReadonlySet<string>,
): DeadlineAlertToSend[] {
  const alerts: DeadlineAlertToSend[] = [];
  const seen = new Set<string>();
  for (const obligation of [...obligations].filter(isOpen).sort(byDue)) {
    const alert = deadlineAlertFor(obligation.due, today);
    if (alert === null) continue;
    const key = deadlineAlertKey(obligation.vrn, obligation.periodKey, alert.level);
    if (alreadySent.has(key) || seen.has(key)) continue;
    seen.add(key);
    const { vrn, periodKey, start, end, due } = obligation;
    alerts.push({ key, vrn, periodKey, start, end, due, ...alert });
  }
  return alerts;
}

/** For the dashboard: open obligations by due date with their alert, and the next one due. */
export function deadlineSummary<T extends DeadlineObligation>(
  obligations: readonly T[],
  today: string,
): DeadlineSummary<T> {
  const items = [...obligations]
    .filter(isOpen)
    .sort(byDue)
    .map((obligation): DeadlineSummaryItem<T> => {
      const daysLeft = daysUntil(obligation.due, today);
      const level = deadlineLevelFor(daysLeft);
      return { obligation, daysLeft, alert: level === null ? null : { level, daysLeft } };
    });
  return {
    items,
    next: items.find((item) => item.daysLeft >= 0) ?? null,
    overdueCount: items.filter((item) => item.daysLeft < 0).length,
  };
}
