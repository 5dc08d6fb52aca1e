import { describe, expect, it } from 'vitest';
import { addYears, dateRangeProblem, isCalendarDate, ukToday } from './dates';

describe('date ranges (spec section 5, hmrc-mtd-vat.md 3.4 and 3.7)', () => {
  const today = '2026-11-23';

  it('allows obligations to span one calendar year, 366 days in a leap year, and no more', () => {
    expect(dateRangeProblem('obligations', '2024-01-01', '2025-01-01', today)).toBeUndefined();
    expect(dateRangeProblem('obligations', '2024-01-01', '2025-01-02', today)).toBe('TOO_LONG');
  });

  it('allows liabilities and payments one year less a day, never into the future or before April 2016', () => {
    expect(dateRangeProblem('liabilities', '2025-01-01', '2025-12-31', today)).toBeUndefined();
    expect(dateRangeProblem('payments', '2025-01-01', '2026-01-01', today)).toBe('TOO_LONG');
    expect(dateRangeProblem('payments', '2026-01-01', '2026-11-24', today)).toBe('TO_IN_FUTURE');
    expect(dateRangeProblem('liabilities', '2016-04-05', '2016-12-01', today)).toBe('FROM_TOO_EARLY');
  });

  it('wants real dates with from before to', () => {
    expect(dateRangeProblem('obligations', '2025-02-30', '2025-06-01', today)).toBe('FROM_INVALID');
    expect(dateRangeProblem('obligations', '2025-01-01', '25-06-01', today)).toBe('TO_INVALID');
    expect(dateRangeProblem('obligations', '2025-06-01', '2025-06-01', today)).toBe('FROM_AFTER_TO');
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
  });

  it('steps a year from 29 February to 28 February, as HMRC does', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
  });

  it('tells the date in the UK, which is a day ahead of UTC just after midnight in summer', () => {
    expect(ukToday(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(ukToday(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });
});
