import type { Obligation, ReturnDraft } from '@vatwise/domain';
import { dateRangeProblem, unreviewed } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import {
  formatPeriod,
  isEditable,
  isInFlight,
  isOverdue,
  mergeOpenObligations,
  openPeriodRanges,
  returnsByPeriod,
  sortHistory,
} from './periods';

const obligation = (
  periodKey: string,
  start: string,
  end: string,
  due: string,
  status: 'O' | 'F' = 'O',
): Obligation => ({
  periodKey,
  start,
  end,
  due,
  status,
  received: status === 'F' ? due : null,
});

const draft = (id: string, periodKey: string, periodEnd: string, updatedAt = '2026-01-01T00:00:00Z'): ReturnDraft => ({
  id,
  vrn: '123456789',
  periodKey,
  periodStart: '2026-01-01',
  periodEnd,
  due: '2026-05-07',
  status: 'draft',
  idempotencyKey: '00000000-0000-4000-8000-000000000000',
  flatRate: null,
  createdAt: updatedAt,
  updatedAt,
  lastError: null,
  receipt: null,
  filedElsewhere: null,
  schemes: [],
  review: unreviewed,
  computed: null,
});

describe('open period ranges', () => {
  it('covers 24 months in two ranges HMRC accepts, without a gap or an overlap', () => {
    for (const today of ['2026-03-15', '2028-02-29', '2028-03-01', '2025-01-01']) {
      const [recent, older] = openPeriodRanges(today);
      expect(recent.to).toBe(today);
      expect(dateRangeProblem('obligations', recent.from, recent.to, today)).toBeUndefined();
      expect(dateRangeProblem('obligations', older.from, older.to, today)).toBeUndefined();
      const dayAfterOlder = new Date(`${older.to}T00:00:00Z`);
      dayAfterOlder.setUTCDate(dayAfterOlder.getUTCDate() + 1);
      expect(dayAfterOlder.toISOString().slice(0, 10)).toBe(recent.from);
    }
    expect(openPeriodRanges('2026-03-15')[1].from).toBe('2024-03-16');
  });
});

describe('mergeOpenObligations', () => {
  it('keeps each open period once, drops fulfilled ones, and puts the earliest due first', () => {
    const q1 = obligation('26A1', '2026-01-01', '2026-03-31', '2026-05-07');
    const q4 = obligation('25A4', '2025-10-01', '2025-12-31', '2026-02-07');
    const done = obligation('25A3', '2025-07-01', '2025-09-30', '2025-11-07', 'F');
    expect(mergeOpenObligations([q1, done, q4], [q4])).toEqual([q4, q1]);
    expect(mergeOpenObligations([], [])).toEqual([]);
  });
});

describe('isOverdue', () => {
  it('is overdue only from the day after the due date', () => {
    expect(isOverdue('2026-05-07', '2026-05-06')).toBe(false);
    expect(isOverdue('2026-05-07', '2026-05-07')).toBe(false);
    expect(isOverdue('2026-05-07', '2026-05-08')).toBe(true);
    expect(isOverdue('2025-12-31', '2026-01-01')).toBe(true);
  });
});

describe('returns and their periods', () => {
  it('finds the return started for a period', () => {
    const map = returnsByPeriod([draft('a', '26A1', '2026-03-31'), draft('b', '25A4', '2025-12-31')]);
    expect(map.get('26A1')?.id).toBe('a');
    expect(map.get('24A1')).toBeUndefined();
  });

  it('lists the newest period first', () => {
    const sorted = sortHistory([
      draft('old', '25A4', '2025-12-31'),
      draft('new', '26A1', '2026-03-31'),
      draft('newer-edit', '26A1', '2026-03-31', '2026-04-02T00:00:00Z'),
    ]);
    expect(sorted.map((item) => item.id)).toEqual(['newer-edit', 'new', 'old']);
  });

  it('says which statuses are in flight and which may still change', () => {
    expect(
      ['draft', 'submitting', 'unknown', 'submitted', 'failed'].filter((s) => isInFlight(s as ReturnDraft['status'])),
    ).toEqual(['submitting', 'unknown']);
    expect(
      ['draft', 'submitting', 'unknown', 'submitted', 'failed'].filter((s) => isEditable(s as ReturnDraft['status'])),
    ).toEqual(['draft', 'failed']);
  });

  it('writes a period with dates, never its key', () => {
    expect(formatPeriod('2026-01-01', '2026-03-31', 'en')).toBe('1 Jan 2026 – 31 Mar 2026');
  });
});
