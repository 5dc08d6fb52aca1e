import { type DashboardRow, ukLocale } from '@vatwise/domain';

/**
 * Sorting, filtering and searching the dashboard's rows: pure, so the screen and its tests share
 * one rule. A row not read yet sorts after every row that has been read, whichever the direction.
 */

export const dashboardSorts = [
  'name',
  'nextDue',
  'overdue',
  'unpaid',
  'points',
  'lastFiled',
  'authority',
  'review',
] as const;
export type DashboardSort = (typeof dashboardSorts)[number];
export const dashboardFilters = ['all', 'attention', 'overdue', 'unpaid', 'authority', 'toReview'] as const;
export type DashboardFilter = (typeof dashboardFilters)[number];

/** HMRC said the agent's authority for this client has ended (the client withdrew it, or the agent ended it). */
export const authorityEnded = (row: DashboardRow): boolean => Boolean(row.authorityEndedAt);

/** Days from `today` to the authority's end; null when there is no authority (or it has ended). */
export function authorityDaysLeft(row: DashboardRow, now: Date): number | null {
  if (!row.authorisation || authorityEnded(row)) return null;
  return Math.floor((Date.parse(row.authorisation.expiresAt) - now.getTime()) / 86_400_000);
}

/** The authority must be granted again: ended, refused by HMRC, missing, or ending within 14 days. */
export function needsAuthority(row: DashboardRow, now: Date): boolean {
  const days = authorityDaysLeft(row, now);
  return (
    authorityEnded(row) || !row.authorisation || row.authorisation.needsReauthorisation || (days !== null && days < 14)
  );
}

/** Review states in the order a reviewer works through them: waiting for them first. */
const reviewOrder = { ready: 0, draft: 1, approved: 2, changed: 1 } as const;

function sortValue(row: DashboardRow, sort: DashboardSort, now: Date): string | number | null {
  const standing = row.standing;
  switch (sort) {
    case 'name':
      return row.name.toLocaleLowerCase(ukLocale);
    case 'nextDue':
      return standing?.nextDue?.due ?? null;
    case 'overdue':
      return standing ? standing.overdueReturns : null;
    case 'unpaid':
      return standing ? standing.unpaidPastDuePence : null;
    case 'points':
      return standing?.penaltyPoints ?? null;
    case 'lastFiled':
      return standing?.lastFiled?.received ?? null;
    case 'authority':
      return authorityDaysLeft(row, now);
    case 'review':
      return row.review ? reviewOrder[row.review.state] : null;
  }
}

export function arrangeRows(
  rows: readonly DashboardRow[],
  options: { sort: DashboardSort; descending: boolean; filter: DashboardFilter; search: string },
  now: Date,
): DashboardRow[] {
  const words = options.search.trim().toLocaleLowerCase(ukLocale).replace(/\s+/g, ' ');
  const digits = words.replace(/\s/g, '');
  const matches = (row: DashboardRow) =>
    !words || row.name.toLocaleLowerCase(ukLocale).includes(words) || (digits !== '' && row.vrn.includes(digits));
  const kept = rows.filter((row) => {
    if (!matches(row)) return false;
    const overdue = (row.standing?.overdueReturns ?? 0) > 0;
    const unpaid = (row.standing?.unpaidPastDuePence ?? 0) > 0;
    const authority = needsAuthority(row, now);
    switch (options.filter) {
      case 'all':
        return true;
      case 'overdue':
        return overdue;
      case 'unpaid':
        return unpaid;
      case 'authority':
        return authority;
      case 'toReview':
        return row.review?.state === 'ready';
      case 'attention':
        return overdue || unpaid || authority || row.problem !== null;
    }
  });
  const direction = options.descending ? -1 : 1;
  return kept.sort((a, b) => {
    const left = sortValue(a, options.sort, now);
    const right = sortValue(b, options.sort, now);
    if (left === null || right === null) {
      if (left === right) return a.name.localeCompare(b.name);
      return left === null ? 1 : -1;
    }
    const order =
      typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right));
    return order * direction || a.name.localeCompare(b.name);
  });
}
