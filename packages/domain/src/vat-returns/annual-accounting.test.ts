import { describe, expect, it } from 'vitest';
import {
  annualInstalments,
  annualReturnDueDate,
  balancingPayment,
  isAboutAYear,
  mayJoinAnnualAccounting,
  mustLeaveAnnualAccounting,
} from './annual-accounting';

describe('annual accounting instalments (N732, VATAAS5100)', () => {
  it('previous year £12,000: nine monthly instalments of £1,200 at the end of months 4 to 12', () => {
    const instalments = annualInstalments({ yearStart: '2024-04-01', basisPence: 1_200_000, plan: 'monthly' });
    expect(instalments).toHaveLength(9);
    expect(instalments.every((i) => i.amountPence === 120_000)).toBe(true);
    expect(instalments.map((i) => i.dueOn)).toEqual([
      '2024-07-31',
      '2024-08-31',
      '2024-09-30',
      '2024-10-31',
      '2024-11-30',
      '2024-12-31',
      '2025-01-31',
      '2025-02-28',
      '2025-03-31',
    ]);
  });

  it('previous year £12,000: three quarterly instalments of £3,000 at the end of months 4, 7 and 10', () => {
    expect(annualInstalments({ yearStart: '2024-04-01', basisPence: 1_200_000, plan: 'quarterly' })).toEqual([
      { number: 1, dueOn: '2024-07-31', amountPence: 300_000 },
      { number: 2, dueOn: '2024-10-31', amountPence: 300_000 },
      { number: 3, dueOn: '2025-01-31', amountPence: 300_000 },
    ]);
  });

  it('counts months from the month a first year starts in, mid-month included', () => {
    const first = annualInstalments({ yearStart: '2024-01-15', basisPence: 600_000, plan: 'quarterly' });
    expect(first.map((i) => i.dueOn)).toEqual(['2024-04-30', '2024-07-31', '2024-10-31']);
  });

  it('drops a fraction of a penny, and asks nothing when last year was a repayment', () => {
    expect(annualInstalments({ yearStart: '2024-04-01', basisPence: 1_234_567, plan: 'monthly' })[0]?.amountPence).toBe(
      123_456,
    );
    expect(annualInstalments({ yearStart: '2024-04-01', basisPence: -50_000, plan: 'monthly' })).toEqual([]);
  });

  it('refuses an amount that is not whole pence', () => {
    expect(() => annualInstalments({ yearStart: '2024-04-01', basisPence: 10.5, plan: 'monthly' })).toThrow(/pence/);
  });
});

describe('the balancing payment (N732)', () => {
  it('year’s VAT £14,500 with 9 × £1,200 paid: £3,700 to pay two months after the year end', () => {
    expect(
      balancingPayment({
        yearStart: '2024-04-01',
        yearEnd: '2025-03-31',
        yearNetVatPence: 1_450_000,
        instalmentsPaidPence: 9 * 120_000,
      }),
    ).toEqual({ amountPence: 370_000, dueOn: '2025-05-31' });
  });

  it('is a repayment when the instalments paid were more than the year’s VAT', () => {
    const result = balancingPayment({
      yearStart: '2024-01-01',
      yearEnd: '2024-12-31',
      yearNetVatPence: 1_000_000,
      instalmentsPaidPence: 3 * 375_000,
    });
    expect(result).toEqual({ amountPence: -125_000, dueOn: '2025-02-28' });
  });

  it('is due one month after a short annual period of under four months ends', () => {
    expect(annualReturnDueDate('2024-10-01', '2024-12-31')).toBe('2025-01-31');
    expect(annualReturnDueDate('2024-09-01', '2024-12-31')).toBe('2025-02-28');
  });
});

describe('joining and leaving (£1.35m / £1.6m)', () => {
  it('lets a business join at £1.35m expected turnover but not a penny more', () => {
    expect(mayJoinAnnualAccounting(135_000_000)).toBe(true);
    expect(mayJoinAnnualAccounting(135_000_001)).toBe(false);
  });

  it('makes it leave above £1.6m', () => {
    expect(mustLeaveAnnualAccounting(160_000_000)).toBe(false);
    expect(mustLeaveAnnualAccounting(160_000_001)).toBe(true);
  });
});

describe('isAboutAYear', () => {
  it('knows a 12-month period, a first year from mid-month, and a quarter', () => {
    expect(isAboutAYear('2024-04-01', '2025-03-31')).toBe(true);
    expect(isAboutAYear('2024-04-14', '2025-03-31')).toBe(true);
    expect(isAboutAYear('2024-04-01', '2024-06-30')).toBe(false);
  });
});
