import { type DateRangeProblem, addDays } from '@vatwise/domain';
import { formatDate } from '../../shared/format/format';

export interface DateRange {
  from: string;
  to: string;
}

/**
 * The last 12 months up to today (UK): `from` is 364 days before `to`, so the range is 365 days
 * counting both ends, which every list accepts (liabilities and payments allow no more).
 */
export function defaultDateRange(today: string): DateRange {
  return { from: addDays(today, -364), to: today };
}

/** Which of the two fields a range problem is about, so the message appears under it. */
export function problemField(problem: DateRangeProblem): keyof DateRange {
  return problem === 'FROM_INVALID' || problem === 'FROM_TOO_EARLY' ? 'from' : 'to';
}

/** '1 Jan 2017 – 31 Mar 2017': a period as people read it (never as HMRC's period key). */
export function formatPeriod(from: string, to: string, language: string): string {
  return `${formatDate(from, language)} – ${formatDate(to, language)}`;
}
