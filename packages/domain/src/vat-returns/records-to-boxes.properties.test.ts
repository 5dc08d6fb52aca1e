import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type VatRateKind } from './api';
import { checkBoxes } from './boxes';
import { computeReturn } from './records-to-boxes';
import { dateArb, purchase, quarter, recordsArb, sale, settingsArb } from './records-to-boxes.test-records';

describe('computeReturn: properties', () => {
  it('never gives a box 3 or box 5 that does not add up', () => {
    const amounts = fc.oneof(
      fc.integer({ min: -10_000_000, max: 10_000_000 }),
      fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }).map(Number),
    );
    fc.assert(
      fc.property(recordsArb(amounts), settingsArb, (records, settings) => {
        const { boxes, problems } = computeReturn(records, quarter, settings);
        expect(boxes.box3).toBe(boxes.box1 + boxes.box2);
        expect(boxes.box5).toBe(Math.abs(boxes.box3 - boxes.box4));
        for (const key of ['box6', 'box7', 'box8', 'box9'] as const) expect(boxes[key] % 100 === 0).toBe(true);
        const sums = problems.filter((problem) => problem.code !== 'OUT_OF_RANGE');
        expect(sums).toEqual([]);
        expect(checkBoxes(boxes)).toEqual(problems);
      }),
    );
  });

  it('puts round-half-up of turnover × rate / 1000 in box 1 on the flat rate scheme (bigint reference)', () => {
    const halfUp = (numerator: bigint): bigint => {
      const magnitude = numerator < 0n ? -numerator : numerator;
      const rounded = magnitude / 1000n + (magnitude % 1000n >= 500n ? 1n : 0n);
      return numerator < 0n ? -rounded : rounded;
    };
    const sales = fc.array(
      fc.record({
        date: dateArb,
        net: fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }).map(Number),
        vat: fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        rate: fc.constantFrom<VatRateKind>('standard', 'reduced', 'zero', 'exempt'),
      }),
      { maxLength: 20 },
    );
    const settings = fc.record({
      sector: fc.constant('009'),
      rateTenths: fc.integer({ min: 0, max: 1000 }),
      firstYearUntil: fc.option(dateArb),
      limitedCostTest: fc.boolean(),
    });
    fc.assert(
      fc.property(sales, fc.integer({ min: 0, max: 100_000_000 }), settings, (list, goods, flatRate) => {
        const records = [
          ...list.map((item, index) => sale(`s${index}`, item.date, item.net, item.vat, item.rate)),
          purchase('goods', '2024-02-01', goods, 0, 'zero', 'relevantGoods'),
        ];
        const inPeriod = list.filter((item) => item.date >= quarter.start && item.date <= quarter.end);
        const turnover = inPeriod.reduce((sum, item) => sum + BigInt(item.net) + BigInt(item.vat), 0n);
        // Limited cost: goods < max(2% of turnover, £250 for a quarter).
        const limitedCost = flatRate.limitedCostTest && (100n * BigInt(goods) < 2n * turnover || goods < 25_000);
        const rateOn = (date: string) =>
          BigInt(
            Math.max(
              0,
              (limitedCost ? 165 : flatRate.rateTenths) -
                (flatRate.firstYearUntil !== null && date <= flatRate.firstYearUntil ? 10 : 0),
            ),
          );
        const numerator = inPeriod.reduce(
          (sum, item) => sum + (BigInt(item.net) + BigInt(item.vat)) * rateOn(item.date),
          0n,
        );
        const result = computeReturn(records, quarter, flatRate);
        expect(result.flatRate?.limitedCost).toBe(limitedCost);
        expect(BigInt(result.boxes.box1)).toBe(halfUp(numerator));
        expect(result.flatRate?.flatRateVatPence).toBe(result.boxes.box1);
        expect(BigInt(result.flatRate?.turnoverIncVatPence ?? 0)).toBe(turnover);
        expect(result.boxes.box4).toBe(0);
      }),
    );
  });
});
