import type { Liability, Payment } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import { formatMonth, monthlyTotals, pointToPence, seriesTotals, toChartPoints } from './chart-series';

const liability = (to: string | null, pence: number, due: string | null = null): Liability => ({
  taxPeriod: to ? { from: `${to.slice(0, 7)}-01`, to } : null,
  type: 'VAT Return Debit Charge',
  originalAmountPence: pence,
  outstandingAmountPence: pence,
  due,
});

const payment = (received: string | null, pence: number): Payment => ({ amountPence: pence, received });

describe('the liabilities against payments chart', () => {
  it('puts liabilities in their tax period’s last month and payments in the month received', () => {
    const series = monthlyTotals(
      [liability('2017-01-31', 463_872), liability('2017-03-31', 10)],
      [payment('2017-03-05', 153_465), payment('2017-03-28', 1)],
    );
    expect(series).toEqual([
      { month: '2017-01', liabilitiesPence: 463_872, paymentsPence: 0 },
      { month: '2017-02', liabilitiesPence: 0, paymentsPence: 0 },
      { month: '2017-03', liabilitiesPence: 10, paymentsPence: 153_466 },
    ]);
  });

  it('adds whole pence, so ten 10p charges make exactly 100p (ten £0.10 floats would not)', () => {
    const [month] = monthlyTotals(
      Array.from({ length: 10 }, () => liability('2017-04-30', 10)),
      [],
    );
    expect(month?.liabilitiesPence).toBe(100);
  });

  it('places a charge without a tax period by its due date, and leaves out what has no date at all', () => {
    const series = monthlyTotals(
      [liability(null, 500, '2018-02-07'), liability(null, 700, null)],
      [payment(null, 9100), payment('2018-02-01', 100)],
    );
    expect(series).toEqual([{ month: '2018-02', liabilitiesPence: 500, paymentsPence: 100 }]);
  });

  it('runs across a year end in month order and is empty with no data', () => {
    const series = monthlyTotals([liability('2018-01-31', 1)], [payment('2017-11-15', 2)]);
    expect(series.map((point) => point.month)).toEqual(['2017-11', '2017-12', '2018-01']);
    expect(monthlyTotals([], [])).toEqual([]);
  });

  it('converts to pounds only for plotting, and back to the same pence for labels', () => {
    const points = toChartPoints([{ month: '2017-01', liabilitiesPence: 463_872, paymentsPence: 153_465 }]);
    expect(points).toEqual([{ month: '2017-01', liabilities: 4638.72, payments: 1534.65 }]);
    for (const pence of [463_872, 153_465, 1, 29, -820_050, 123_456_789]) {
      expect(pointToPence(pence / 100)).toBe(pence);
    }
  });

  it('totals the period in pence', () => {
    expect(
      seriesTotals([
        { month: '2017-01', liabilitiesPence: 150_000, paymentsPence: 5 },
        { month: '2017-02', liabilitiesPence: 820_050, paymentsPence: 100_000 },
      ]),
    ).toEqual({ liabilitiesPence: 970_050, paymentsPence: 100_005 });
  });
});

describe('month labels', () => {
  it('names the month and year, whatever the time zone', () => {
    expect(formatMonth('2017-01', 'en')).toBe('Jan 2017');
    expect(formatMonth('2017-12', 'en')).toBe('Dec 2017');
  });
});
