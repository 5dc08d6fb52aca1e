import { describe, expect, it } from 'vitest';
import type { DeadlineObligation } from './alerts';
import { deadlinesQuerySchema, deadlinesResponseFrom, deadlinesResponseSchema } from './api';

const obligations: DeadlineObligation[] = [
  { periodKey: '26A3', start: '2026-07-01', end: '2026-09-30', due: '2026-11-07', status: 'O' },
  { periodKey: '26A1', start: '2026-01-01', end: '2026-03-31', due: '2026-05-07', status: 'O' },
  { periodKey: '25A4', start: '2025-10-01', end: '2025-12-31', due: '2026-02-07', status: 'F' },
  { periodKey: '26A2', start: '2026-04-01', end: '2026-06-30', due: '2026-08-07', status: 'O' },
];

describe('deadlinesResponseFrom', () => {
  it('lists open obligations by due date with days left and level, the next one and the overdue count', () => {
    const response = deadlinesResponseFrom({
      vrn: '123456782',
      businessName: 'Acme Ltd',
      today: '2026-08-01',
      obligations,
    });
    expect(deadlinesResponseSchema.parse(response)).toEqual(response);
    expect(response).toEqual({
      vrn: '123456782',
      businessName: 'Acme Ltd',
      today: '2026-08-01',
      items: [
        {
          periodKey: '26A1',
          start: '2026-01-01',
          end: '2026-03-31',
          due: '2026-05-07',
          daysLeft: -86,
          level: 'overdue',
        },
        { periodKey: '26A2', start: '2026-04-01', end: '2026-06-30', due: '2026-08-07', daysLeft: 6, level: 'due7' },
        { periodKey: '26A3', start: '2026-07-01', end: '2026-09-30', due: '2026-11-07', daysLeft: 98, level: null },
      ],
      next: {
        periodKey: '26A2',
        start: '2026-04-01',
        end: '2026-06-30',
        due: '2026-08-07',
        daysLeft: 6,
        level: 'due7',
      },
      overdueCount: 1,
    });
  });

  it('has no next obligation and no items when nothing is open', () => {
    const fulfilled = obligations.filter((obligation) => obligation.status === 'F');
    expect(deadlinesResponseFrom({ vrn: '1', businessName: 'A', today: '2026-08-01', obligations: fulfilled })).toEqual(
      {
        vrn: '1',
        businessName: 'A',
        today: '2026-08-01',
        items: [],
        next: null,
        overdueCount: 0,
      },
    );
  });

  it('counts the due date itself as on time (due1), not overdue', () => {
    const response = deadlinesResponseFrom({ vrn: '1', businessName: 'A', today: '2026-08-07', obligations });
    expect(response.next).toMatchObject({ periodKey: '26A2', daysLeft: 0, level: 'due1' });
    expect(response.overdueCount).toBe(1);
  });
});

describe('deadlinesQuerySchema', () => {
  it('takes a VRN as written on letters and refuses a wrong one', () => {
    expect(deadlinesQuerySchema.parse({ vrn: 'GB 123 4567 82' })).toEqual({ vrn: '123456782' });
    expect(deadlinesQuerySchema.safeParse({ vrn: '123456789' }).success).toBe(false);
    expect(deadlinesQuerySchema.safeParse({}).success).toBe(false);
  });
});
