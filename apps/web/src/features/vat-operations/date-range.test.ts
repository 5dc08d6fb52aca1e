import { addDays, dateRangeProblem } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import { defaultDateRange, formatPeriod, problemField } from './date-range';

describe('the default date range', () => {
  it('is the last 12 months up to today', () => {
    expect(defaultDateRange('2026-05-20')).toEqual({ from: '2025-05-21', to: '2026-05-20' });
  });

  it('is accepted by every list, across leap years and month ends', () => {
    for (const today of ['2024-02-29', '2024-02-28', '2025-03-01', '2024-03-01', '2026-01-01', '2025-12-31']) {
      const { from, to } = defaultDateRange(today);
      for (const kind of ['obligations', 'liabilities', 'payments'] as const) {
        expect(dateRangeProblem(kind, from, to, today), `${kind} ${today}`).toBeUndefined();
      }
    }
  });

  it('would be refused one day longer, so it is as long as liabilities and payments allow', () => {
    const today = '2026-05-20';
    const { from, to } = defaultDateRange(today);
    expect(dateRangeProblem('liabilities', addDays(from, -1), to, today)).toBe('TOO_LONG');
    expect(dateRangeProblem('payments', addDays(from, -1), to, today)).toBe('TOO_LONG');
  });
});

describe('which field a range problem belongs to', () => {
  it('puts problems with the start under From and the rest under To', () => {
    expect(problemField('FROM_INVALID')).toBe('from');
    expect(problemField('FROM_TOO_EARLY')).toBe('from');
    expect(problemField('TO_INVALID')).toBe('to');
    expect(problemField('TO_IN_FUTURE')).toBe('to');
    expect(problemField('FROM_AFTER_TO')).toBe('to');
    expect(problemField('TOO_LONG')).toBe('to');
  });
});

describe('a period as people read it', () => {
  it('writes both ends as UK dates in the chosen language', () => {
    expect(formatPeriod('2017-01-01', '2017-03-31', 'en')).toBe('1 Jan 2017 – 31 Mar 2017');
    expect(formatPeriod('2017-01-01', '2017-03-31', 'es')).toMatch(/^1 ene 2017 – 31 mar 2017$/);
  });
});
