import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../vat/dates';
import {
  alertsToSend,
  alertThresholdDays,
  daysUntil,
  deadlineAlertFor,
  deadlineSummary,
  type DeadlineAlertLevel,
  type WatchedObligation,
} from './alerts';

const due = '2026-08-07';
const dayBefore = (days: number) => addDays(due, -days);

const obligation = (values: Partial<WatchedObligation> = {}): WatchedObligation => ({
  vrn: '123456782',
  periodKey: '26A2',
  start: '2026-04-01',
  end: '2026-06-30',
  due,
  status: 'O',
  ...values,
});

/** Runs the watcher once on `today`, recording what it sent as the server would. */
function runWatcher(obligations: WatchedObligation[], today: string, sent: Set<string>) {
  const alerts = alertsToSend(obligations, today, sent);
  for (const alert of alerts) sent.add(alert.key);
  return alerts;
}

describe('daysUntil', () => {
  it('counts calendar days, negative once the date has passed', () => {
    expect(daysUntil(due, due)).toBe(0);
    expect(daysUntil(due, '2026-08-06')).toBe(1);
    expect(daysUntil(due, '2026-08-08')).toBe(-1);
    expect(daysUntil('2025-03-01', '2025-02-28')).toBe(1);
    expect(daysUntil('2024-03-01', '2024-02-28')).toBe(2);
    expect(daysUntil('2027-01-01', '2026-01-01')).toBe(365);
  });

  it('is not thrown by the clocks changing (UK dates, not instants)', () => {
    expect(daysUntil('2026-03-30', '2026-03-28')).toBe(2);
    expect(daysUntil('2026-10-26', '2026-10-24')).toBe(2);
  });

  it('refuses text that is not a real date', () => {
    expect(() => daysUntil('2026-02-30', due)).toThrow(RangeError);
    expect(() => daysUntil(due, '7/8/2026')).toThrow(RangeError);
  });
});

describe('deadlineAlertFor', () => {
  it.each<[number, DeadlineAlertLevel | null]>([
    [30, null],
    [15, null],
    [14, 'due14'],
    [8, 'due14'],
    [7, 'due7'],
    [2, 'due7'],
    [1, 'due1'],
    [0, 'due1'],
    [-1, 'overdue'],
    [-40, 'overdue'],
  ])('%i days before the due date gives %s', (days, level) => {
    const alert = deadlineAlertFor(due, dayBefore(days));
    expect(alert).toEqual(level === null ? null : { level, daysLeft: days });
  });

  it('treats the due date itself as on time, and the day after as overdue', () => {
    expect(deadlineAlertFor(due, due)?.level).toBe('due1');
    expect(deadlineAlertFor(due, '2026-08-08')?.level).toBe('overdue');
  });

  it('gives the smallest threshold daysLeft is at most, and overdue below 0 (property)', () => {
    const day = fc.integer({ min: 0, max: 365 * 200 }).map((offset) => addDays('1950-01-01', offset));
    fc.assert(
      fc.property(day, day, (dueDate, today) => {
        const daysLeft = daysUntil(dueDate, today);
        expect(addDays(today, daysLeft)).toBe(dueDate);
        const alert = deadlineAlertFor(dueDate, today);
        if (daysLeft > 14) {
          expect(alert).toBeNull();
          return;
        }
        expect(alert?.daysLeft).toBe(daysLeft);
        const threshold = [...alertThresholdDays].reverse().find((days) => daysLeft <= days);
        expect(alert?.level).toBe(daysLeft < 0 ? 'overdue' : `due${threshold}`);
      }),
    );
  });
});

describe('alertsToSend', () => {
  it('raises each level once for a watcher running every day, even twice a day', () => {
    const sent = new Set<string>();
    const raised: string[] = [];
    for (let days = 30; days >= -10; days--) {
      const alerts = runWatcher([obligation()], dayBefore(days), sent);
      raised.push(...alerts.map((alert) => `${days}:${alert.level}`));
      // The same day's second run raises nothing.
      expect(runWatcher([obligation()], dayBefore(days), sent)).toEqual([]);
    }
    expect(raised).toEqual(['14:due14', '7:due7', '1:due1', '-1:overdue']);
    expect([...sent]).toEqual([
      '123456782:26A2:due14',
      '123456782:26A2:due7',
      '123456782:26A2:due1',
      '123456782:26A2:overdue',
    ]);
  });

  it('raises only the current level after the watcher missed days', () => {
    const sent = new Set<string>();
    expect(runWatcher([obligation()], dayBefore(16), sent)).toEqual([]);
    // Missed a week and more: 14 and 7 days went by unseen.
    const alerts = runWatcher([obligation()], dayBefore(5), sent);
    expect(alerts).toEqual([
      {
        key: '123456782:26A2:due7',
        vrn: '123456782',
        periodKey: '26A2',
        start: '2026-04-01',
        end: '2026-06-30',
        due,
        level: 'due7',
        daysLeft: 5,
      },
    ]);
    // Missed again until after the due date: only the overdue alert.
    expect(runWatcher([obligation()], addDays(due, 3), sent).map((alert) => alert.level)).toEqual(['overdue']);
  });

  it('looks only at open obligations, per VRN and period key, skipping keys already sent', () => {
    const today = dayBefore(7);
    const obligations = [
      obligation({ periodKey: '26A3', due: addDays(today, 1) }),
      obligation({ periodKey: '26A2', status: 'F' }),
      obligation({ periodKey: '#001', due: addDays(today, -2) }),
      obligation({ vrn: '987654321', periodKey: '26A2' }),
      obligation({ vrn: '987654321', periodKey: '26A2' }),
      obligation({ periodKey: '26A4', due: addDays(today, 40) }),
    ];
    const alerts = alertsToSend(obligations, today, new Set(['123456782:26A3:due1']));
    expect(alerts.map((alert) => alert.key)).toEqual(['123456782:#001:overdue', '987654321:26A2:due7']);
  });
});

describe('deadlineSummary', () => {
  it('lists open obligations by due date with their alert, and the next one not yet overdue', () => {
    const today = '2026-08-01';
    const summary = deadlineSummary(
      [
        obligation({ periodKey: '26A4', due: '2026-11-07' }),
        obligation({ periodKey: '26A2', due: '2026-08-07' }),
        obligation({ periodKey: '26A1', due: '2026-05-07' }),
        obligation({ periodKey: '25A4', due: '2026-02-07', status: 'F' }),
      ],
      today,
    );
    expect(summary.items.map((item) => [item.obligation.periodKey, item.daysLeft, item.alert?.level ?? null])).toEqual([
      ['26A1', -86, 'overdue'],
      ['26A2', 6, 'due7'],
      ['26A4', 98, null],
    ]);
    expect(summary.next?.obligation.periodKey).toBe('26A2');
    expect(summary.overdueCount).toBe(1);
  });

  it('has no next obligation when there is nothing open or everything is overdue', () => {
    expect(deadlineSummary([], '2026-08-01')).toEqual({ items: [], next: null, overdueCount: 0 });
    expect(deadlineSummary([obligation()], '2026-09-01').next).toBeNull();
  });
});
