import { type Obligation, type ReturnDraft, addDays } from '@vatwise/domain';
import { formatDate } from '../../../shared/format/format';

export interface DateRange {
  from: string;
  to: string;
}

/**
 * The last 24 months up to today (UK) as two ranges, because HMRC answers for at most a year of
 * obligations at a time: [today − 729 days, today − 365] and [today − 364, today]. Each is 365 days
 * counting both ends, so leap years never push one over HMRC's limit.
 */
export function openPeriodRanges(today: string): [DateRange, DateRange] {
  return [
    { from: addDays(today, -364), to: today },
    { from: addDays(today, -729), to: addDays(today, -365) },
  ];
}

/**
 * The open periods from the two answers: one row per period (a period spanning both ranges comes
 * back twice), fulfilled ones left out, the most urgent (earliest due) first.
 */
export function mergeOpenObligations(...lists: readonly (readonly Obligation[])[]): Obligation[] {
  const byPeriod = new Map<string, Obligation>();
  for (const obligation of lists.flat()) {
    if (obligation.status !== 'O') continue;
    byPeriod.set(`${obligation.periodKey}|${obligation.start}|${obligation.end}`, obligation);
  }
  return [...byPeriod.values()].sort(
    (a, b) => a.due.localeCompare(b.due) || a.start.localeCompare(b.start) || a.end.localeCompare(b.end),
  );
}

/** A return due today is on time until the day ends in the UK; `today` is ukToday(). */
export function isOverdue(due: string, today: string): boolean {
  return due < today;
}

/** '1 Jan 2026 – 31 Mar 2026': a period as people read it (never as HMRC's period key). */
export function formatPeriod(from: string, to: string, language: string): string {
  return `${formatDate(from, language)} – ${formatDate(to, language)}`;
}

/** The return already started for each period, by period key, so a period offers "Continue" rather than "Start". */
export function returnsByPeriod(returns: readonly ReturnDraft[]): Map<string, ReturnDraft> {
  const map = new Map<string, ReturnDraft>();
  for (const draft of returns) map.set(draft.periodKey, draft);
  return map;
}

/** Newest period first, as an accountant scans a history; ties by when the return was last changed. */
export function sortHistory(returns: readonly ReturnDraft[]): ReturnDraft[] {
  return [...returns].sort((a, b) => b.periodEnd.localeCompare(a.periodEnd) || b.updatedAt.localeCompare(a.updatedAt));
}

/** A return whose sending has started and whose outcome HMRC has not yet told us. */
export function isInFlight(status: ReturnDraft['status']): boolean {
  return status === 'submitting' || status === 'unknown';
}

/** HMRC holds a return for the period: ours, or one filed another way. Either way it is not overdue. */
export function isFiledAtHmrc(status: ReturnDraft['status']): boolean {
  return status === 'submitted' || status === 'filed_elsewhere';
}

/** Only a draft, or a return HMRC refused, may still change. */
export function isEditable(status: ReturnDraft['status']): boolean {
  return status === 'draft' || status === 'failed';
}
