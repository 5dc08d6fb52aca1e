import { describe, expect, it } from 'vitest';
import type { Liability, Obligation, Penalties } from '../hmrc/api';
import { businessStanding } from './standing';

const today = '2026-11-24';
const obligation = (start: string, end: string, due: string, received: string | null = null): Obligation => ({
  periodKey: end.slice(2, 7),
  start,
  end,
  due,
  status: received ? 'F' : 'O',
  received,
});
const liability = (due: string | null, outstandingAmountPence: number | null): Liability => ({
  taxPeriod: null,
  type: 'VAT Return Debit Charge',
  originalAmountPence: 100_00,
  outstandingAmountPence,
  due,
});
const penalties = (activePoints: number): Penalties => ({
  totals: null,
  lateSubmissionSummary: {
    activePoints,
    inactivePoints: 0,
    threshold: 4,
    chargeAmountPence: 0,
    complianceAchievedOn: '9999-12-31',
  },
  penalties: [],
});

describe('a business’s standing with HMRC', () => {
  it('counts late returns, the next due date, unpaid VAT past its due date and the last return filed', () => {
    const standing = businessStanding(
      {
        obligations: [
          obligation('2026-01-01', '2026-03-31', '2026-05-07', '2026-05-01'),
          obligation('2026-04-01', '2026-06-30', '2026-08-07', '2026-08-09'),
          obligation('2026-07-01', '2026-09-30', '2026-11-07'),
          obligation('2026-10-01', '2026-12-31', '2027-02-07'),
        ],
        liabilities: [
          liability('2026-08-07', 250_00), // past due, unpaid
          liability('2026-05-07', 0), // paid
          liability('2026-12-07', 300_00), // not yet due
          liability('2026-09-07', 12_34), // past due, part paid
          liability(null, 99_00), // no due date: not counted as late
        ],
        penalties: penalties(2),
      },
      today,
    );
    expect(standing).toEqual({
      nextDue: { periodStart: '2026-07-01', periodEnd: '2026-09-30', due: '2026-11-07' },
      overdueReturns: 1,
      unpaidPastDuePence: 262_34,
      unpaidPastDueCount: 2,
      penaltyPoints: 2,
      penaltyThreshold: 4,
      lastFiled: { periodEnd: '2026-06-30', received: '2026-08-09' },
    });
  });

  it('is empty for a business HMRC holds nothing for, and a return due today is not late', () => {
    expect(businessStanding({ obligations: [], liabilities: [], penalties: null }, today)).toEqual({
      nextDue: null,
      overdueReturns: 0,
      unpaidPastDuePence: 0,
      unpaidPastDueCount: 0,
      penaltyPoints: null,
      penaltyThreshold: null,
      lastFiled: null,
    });
    const dueToday = businessStanding(
      {
        obligations: [obligation('2026-07-01', '2026-09-30', today)],
        liabilities: [liability(today, 5_00)],
        penalties: null,
      },
      today,
    );
    expect(dueToday.overdueReturns).toBe(0);
    expect(dueToday.unpaidPastDuePence).toBe(0);
  });
});
