import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  divideRoundHalfUp,
  flatRateFor,
  flatRateParts,
  isLimitedCostTrader,
  periodLength,
  specifiedAmountPence,
} from './flat-rate';

describe('periodLength', () => {
  it('counts whole calendar months', () => {
    expect(periodLength('2024-01-01', '2024-03-31')).toBe(3);
    expect(periodLength('2024-02-01', '2024-02-29')).toBe(1);
    expect(periodLength('2023-04-01', '2024-03-31')).toBe(12);
    expect(periodLength('2024-01-15', '2024-04-14')).toBe(3);
    expect(periodLength('2024-11-01', '2025-01-31')).toBe(3);
  });

  it('counts days when the period is not whole months', () => {
    expect(periodLength('2024-01-01', '2024-03-30')).toEqual({ days: 90 });
    expect(periodLength('2024-01-06', '2024-03-31')).toEqual({ days: 86 });
    expect(periodLength('2024-03-01', '2024-03-01')).toEqual({ days: 1 });
  });

  it('refuses a period that ends before it starts or is not dates', () => {
    expect(() => periodLength('2024-03-31', '2024-01-01')).toThrow(RangeError);
    expect(() => periodLength('2024-02-30', '2024-03-31')).toThrow(RangeError);
  });
});

describe('the limited cost test (docs/reference/vat-rules.md §2.5)', () => {
  it('bars at the higher of 2% of turnover and £1,000 a year', () => {
    expect(specifiedAmountPence(1_800_000, 3)).toBe(36_000); // 2% of £18,000 beats £250
    expect(specifiedAmountPence(1_000_000, 3)).toBe(25_000); // £250 a quarter beats 2% of £10,000
    expect(specifiedAmountPence(0, 12)).toBe(100_000);
    expect(specifiedAmountPence(0, 1)).toBe(8_334); // £83.333… rounded up
    expect(specifiedAmountPence(0, { days: 365 })).toBe(100_000);
    expect(specifiedAmountPence(0, { days: 73 })).toBe(20_000);
    expect(specifiedAmountPence(1_234_567, 1)).toBe(24_692); // 2% = £246.9134 rounded up
    expect(specifiedAmountPence(-5_000_000, 3)).toBe(25_000);
  });

  it('is a limited cost trader when relevant goods are below the bar (IT contractor, docs/reference/vat-rules.md §2.7)', () => {
    expect(isLimitedCostTrader(30_000, 1_800_000, 3)).toBe(true);
    expect(isLimitedCostTrader(35_999, 1_800_000, 3)).toBe(true);
    expect(isLimitedCostTrader(36_000, 1_800_000, 3)).toBe(false);
    expect(isLimitedCostTrader(24_999, 0, 3)).toBe(true);
    expect(isLimitedCostTrader(25_000, 0, 3)).toBe(false);
    expect(isLimitedCostTrader(8_333, 0, 1)).toBe(true); // 8,333p < 8,333.33p
    expect(isLimitedCostTrader(8_334, 0, 1)).toBe(false);
  });

  it('matches the exact rational test for any figures (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 100_000_000 }),
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.integer({ min: 1, max: 24 }),
        (goods, turnover, months) => {
          // goods < max(turnover × 2/100, 100,000 × months/12), multiplied out.
          const exact = 100n * BigInt(goods) < 2n * turnover || 12n * BigInt(goods) < 100_000n * BigInt(months);
          expect(isLimitedCostTrader(goods, Number(turnover), months)).toBe(exact);
        },
      ),
    );
  });

  it('refuses a fraction of a month', () => {
    expect(() => specifiedAmountPence(0, 2.5)).toThrow(RangeError);
  });
});

describe('flat rates and parts', () => {
  it('uses 16.5% for a limited cost trader and takes 1% off in the first year', () => {
    expect(flatRateFor(145, false, false)).toBe(145);
    expect(flatRateFor(145, true, false)).toBe(165);
    expect(flatRateFor(145, true, true)).toBe(155);
    expect(flatRateFor(145, false, true)).toBe(135);
  });

  it('splits the period where the first-year reduction ends', () => {
    const period = { start: '2024-01-01', end: '2024-03-31' };
    expect(flatRateParts(period, null)).toEqual([{ from: '2024-01-01', to: '2024-03-31', firstYear: false }]);
    expect(flatRateParts(period, '2023-12-31')).toEqual([{ from: '2024-01-01', to: '2024-03-31', firstYear: false }]);
    expect(flatRateParts(period, '2024-03-31')).toEqual([{ from: '2024-01-01', to: '2024-03-31', firstYear: true }]);
    expect(flatRateParts(period, '2024-02-29')).toEqual([
      { from: '2024-01-01', to: '2024-02-29', firstYear: true },
      { from: '2024-03-01', to: '2024-03-31', firstYear: false },
    ]);
    expect(flatRateParts(period, '2024-01-01')).toEqual([
      { from: '2024-01-01', to: '2024-01-01', firstYear: true },
      { from: '2024-01-02', to: '2024-03-31', firstYear: false },
    ]);
  });

  it('rounds half away from zero', () => {
    expect(divideRoundHalfUp(1_500n, 1000n)).toBe(2n);
    expect(divideRoundHalfUp(1_499n, 1000n)).toBe(1n);
    expect(divideRoundHalfUp(-1_500n, 1000n)).toBe(-2n);
    expect(divideRoundHalfUp(-1_499n, 1000n)).toBe(-1n);
    expect(divideRoundHalfUp(0n, 1000n)).toBe(0n);
    expect(() => divideRoundHalfUp(1n, 0n)).toThrow(RangeError);
  });
});
