import { describe, expect, it } from 'vitest';
import { interestRateOn, latenessCost, penaltyRegimeOf } from './lateness';

/** The worked examples of docs/reference/vat-rules.md §4.3 and §4.4. */
const tenThousand = 1_000_000;
const flat8 = [{ from: '2025-01-01', basisPoints: 800 }];
const dueDate = '2025-08-07';
const dayN = (n: number) => {
  const date = new Date(`${dueDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
};

describe('late payment penalties (vat-rules.md §4.3)', () => {
  const period = { outstandingPence: tenThousand, dueDate, periodStart: '2025-04-01', rates: flat8 };

  it('charges no penalty when paid by day 15, interest only', () => {
    const cost = latenessCost({ ...period, today: dayN(10) });
    expect(cost.daysLate).toBe(10);
    expect(cost.accrued.firstPenaltyPence).toBe(0);
    expect(cost.accrued.secondPenaltyPence).toBe(0);
    expect(cost.accrued.interestPence).toBeGreaterThan(0);
    expect(latenessCost({ ...period, today: dayN(15) }).accrued.firstPenaltyPence).toBe(0);
  });

  it('is £300 on day 20 and £600 plus about £27.40 on day 40 under the current rates', () => {
    expect(latenessCost({ ...period, today: dayN(16) }).accrued.firstPenaltyPence).toBe(30_000);
    expect(latenessCost({ ...period, today: dayN(20) }).accrued.firstPenaltyPence).toBe(30_000);
    expect(latenessCost({ ...period, today: dayN(30) }).accrued.firstPenaltyPence).toBe(30_000);
    const day40 = latenessCost({ ...period, today: dayN(40) });
    expect(day40.accrued.firstPenaltyPence).toBe(60_000);
    // 10 days at 10% a year on £10,000: 2,739.7p, rounded down.
    expect(day40.accrued.secondPenaltyPence).toBe(2_739);
  });

  it('is £200, £400 and about £1.10 a day under the 2023 rates', () => {
    const old = { ...period, periodStart: '2024-01-01' };
    expect(latenessCost({ ...old, today: dayN(20) }).accrued.firstPenaltyPence).toBe(20_000);
    const day40 = latenessCost({ ...old, today: dayN(40) });
    expect(day40.accrued.firstPenaltyPence).toBe(40_000);
    expect(day40.steps.find((step) => step.kind === 'secondPenalty')?.dailyPence).toBe(110);
    expect(day40.accrued.secondPenaltyPence).toBe(1_095);
  });

  it('gives each step with the day it begins, day 1 being the day after the due date', () => {
    const { steps } = latenessCost({ ...period, today: '2025-08-01' });
    expect(steps).toEqual([
      { kind: 'interest', startsOn: '2025-08-08', dailyPence: 219, annualBasisPoints: 800 },
      { kind: 'firstPenaltyPart1', startsOn: '2025-08-23', amountPence: 30_000 },
      { kind: 'firstPenaltyPart2', startsOn: '2025-09-07', amountPence: 30_000 },
      { kind: 'secondPenalty', startsOn: '2025-09-07', dailyPence: 274, annualBasisPoints: 1000 },
    ]);
  });

  it('keys the rates on the period’s start and has no penalties before 2023', () => {
    expect(penaltyRegimeOf('2025-03-01')?.name).toBe('from2023');
    expect(penaltyRegimeOf('2025-04-01')?.name).toBe('from2025');
    expect(penaltyRegimeOf('2022-12-01')).toBeNull();
    const before = latenessCost({ ...period, periodStart: '2022-10-01', today: dayN(40) });
    expect(before.steps.map((step) => step.kind)).toEqual(['interest']);
    expect(before.accrued.firstPenaltyPence).toBe(0);
  });

  it('costs nothing before the due date', () => {
    const cost = latenessCost({ ...period, today: dueDate });
    expect(cost.daysLate).toBe(0);
    expect(cost.accrued.totalPence).toBe(0);
  });
});

describe('late payment interest (vat-rules.md §4.4)', () => {
  it('is £65.75 on £10,000 paid 30 days late at 8.0%', () => {
    const cost = latenessCost({
      outstandingPence: tenThousand,
      dueDate: '2025-10-07',
      periodStart: '2025-07-01',
      today: '2025-11-06',
    });
    expect(cost.daysLate).toBe(30);
    expect(cost.accrued.interestPence).toBe(6_575);
    // Day 30 is not yet "after day 30": only the first part of the first penalty.
    expect(cost.accrued.totalPence).toBe(6_575 + 30_000);
  });

  it('charges each day at the rate in force that day', () => {
    // 27 May at 8.5%, 28 May at 8.25%: (850 + 825) × £10,000 / 365 days / 10,000 = 458.9p.
    const cost = latenessCost({
      outstandingPence: tenThousand,
      dueDate: '2025-05-26',
      periodStart: '2025-01-01',
      today: '2025-05-28',
    });
    expect(cost.accrued.interestPence).toBe(458);
  });

  it('reads the rate as data', () => {
    expect(interestRateOn('2025-05-27').basisPoints).toBe(850);
    expect(interestRateOn('2025-05-28').basisPoints).toBe(825);
    expect(interestRateOn('2026-01-01').basisPoints).toBe(800);
  });

  it('refuses an amount that is not whole pence', () => {
    expect(() => latenessCost({ outstandingPence: 1.5, dueDate, periodStart: '2025-04-01', today: dueDate })).toThrow(
      RangeError,
    );
  });
});
