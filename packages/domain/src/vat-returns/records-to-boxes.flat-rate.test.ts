import { describe, expect, it } from 'vitest';
import { type VatRecord } from './api';
import { computeReturn } from './records-to-boxes';
import { adjustment, boxTotal, itContractor, purchase, quarter, sale } from './records-to-boxes.test-records';

/** docs/reference/vat-rules.md §2.7: fees £15,000 + £3,000 VAT, £300 of relevant goods, a £2,400 laptop with £400 VAT. */
const exampleFrs = (goodsIncVat: number): VatRecord[] => [
  sale('fees', '2024-02-28', 1_500_000, 300_000),
  purchase('goods', '2024-01-20', goodsIncVat - goodsIncVat / 6, goodsIncVat / 6, 'standard', 'relevantGoods'),
  purchase('laptop', '2024-03-05', 200_000, 40_000, 'standard', 'capitalGoods'),
  purchase('phone', '2024-03-06', 5_000, 1_000), // a service: reclaims nothing on the scheme
];

describe('computeReturn: flat rate scheme', () => {
  it('works the IT contractor’s quarter as a limited cost trader at 16.5% (docs/reference/vat-rules.md §2.7)', () => {
    const result = computeReturn(exampleFrs(30_000), quarter, itContractor);
    expect(result.boxes).toEqual({
      box1: 297_000,
      box2: 0,
      box3: 297_000,
      box4: 40_000,
      box5: 257_000,
      box6: 1_800_000,
      box7: 200_000,
      box8: 0,
      box9: 0,
    });
    expect(result.flatRate).toEqual({
      turnoverIncVatPence: 1_800_000,
      relevantGoodsIncVatPence: 30_000,
      specifiedAmountPence: 36_000,
      limitedCost: true,
      parts: [{ from: '2024-01-01', to: '2024-03-31', turnoverIncVatPence: 1_800_000, rateTenths: 165 }],
      flatRateVatPence: 297_000,
      outsideSchemeVatPence: 0,
    });
    expect(result.problems).toEqual([]);
    expect(result.contributions.box6).toEqual([{ recordId: 'fees', amountPence: 1_800_000 }]);
    expect(result.contributions.box4).toEqual([{ recordId: 'laptop', amountPence: 40_000 }]);
    expect(result.contributions.box7).toEqual([{ recordId: 'laptop', amountPence: 200_000 }]);
    expect(result.contributions.box1).toEqual([]);
  });

  it('takes 1% off in the first year: 15.5% → £2,790.00', () => {
    const result = computeReturn(exampleFrs(30_000), quarter, { ...itContractor, firstYearUntil: '2024-06-30' });
    expect(result.boxes.box1).toBe(279_000);
    expect(result.flatRate?.parts).toEqual([
      { from: '2024-01-01', to: '2024-03-31', turnoverIncVatPence: 1_800_000, rateTenths: 155 },
    ]);
  });

  it('uses the sector’s 14.5% once relevant goods reach the specified amount (£360)', () => {
    const sector = computeReturn(exampleFrs(36_000), quarter, itContractor);
    expect(sector.flatRate?.limitedCost).toBe(false);
    expect(sector.boxes.box1).toBe(261_000);
    expect(sector.boxes.box5).toBe(221_000);
    const firstYear = computeReturn(exampleFrs(36_000), quarter, { ...itContractor, firstYearUntil: '2024-03-31' });
    expect(firstYear.boxes.box1).toBe(243_000);
    // Without the test the sector rate applies whatever was spent on goods.
    const noTest = computeReturn(exampleFrs(30_000), quarter, { ...itContractor, limitedCostTest: false });
    expect(noTest.flatRate?.limitedCost).toBe(false);
    expect(noTest.boxes.box1).toBe(261_000);
  });

  it('splits the turnover where the first-year reduction ends mid-period', () => {
    const records = [
      sale('jan', '2024-01-10', 500_000, 100_000),
      sale('feb-15', '2024-02-15', 100_000, 20_000),
      sale('feb-16', '2024-02-16', 200_000, 40_000),
      sale('mar', '2024-03-31', 300_000, 0, 'zero'),
      purchase('goods', '2024-01-05', 100_000, 20_000, 'standard', 'relevantGoods'),
    ];
    const result = computeReturn(records, quarter, { ...itContractor, firstYearUntil: '2024-02-15' });
    expect(result.flatRate?.limitedCost).toBe(false);
    expect(result.flatRate?.parts).toEqual([
      { from: '2024-01-01', to: '2024-02-15', turnoverIncVatPence: 720_000, rateTenths: 135 },
      { from: '2024-02-16', to: '2024-03-31', turnoverIncVatPence: 540_000, rateTenths: 145 },
    ]);
    // 720,000 × 13.5% + 540,000 × 14.5% = 97,200 + 78,300
    expect(result.boxes.box1).toBe(175_500);
    expect(result.boxes.box6).toBe(1_260_000);
    expect(result.boxes.box4).toBe(0);
    expect(result.boxes.box7).toBe(0);
  });

  it('rounds once over the exact sum, half up, not per record', () => {
    // Three sales of £0.03: 3p × 14.5% = 0.435p each (0p each if rounded per record); 9p × 14.5% = 1.305p → 1p.
    // Add one of 7p: 16p × 14.5% = 2.32p → 2p; per record it would be 0+0+0+1 = 1p.
    const records = [
      sale('a', '2024-01-01', 3, 0, 'zero'),
      sale('b', '2024-01-02', 3, 0, 'zero'),
      sale('c', '2024-01-03', 3, 0, 'zero'),
      sale('d', '2024-01-04', 6, 1),
    ];
    const settings = { ...itContractor, limitedCostTest: false };
    expect(computeReturn(records, quarter, settings).boxes.box1).toBe(2);
    // 1,000,003 × 14.5% = 145,000.435 → 145,000; 1,000,004 → 145,000.58 → 145,001
    expect(computeReturn([sale('x', '2024-01-01', 1_000_003, 0, 'zero')], quarter, settings).boxes.box1).toBe(145_000);
    expect(computeReturn([sale('x', '2024-01-01', 1_000_004, 0, 'zero')], quarter, settings).boxes.box1).toBe(145_001);
    // A half rounds up: 100 × 14.5% = 14.5p → 15p; a credit note mirrors it (-15p).
    expect(computeReturn([sale('x', '2024-01-01', 100, 0, 'zero')], quarter, settings).boxes.box1).toBe(15);
    expect(computeReturn([sale('x', '2024-01-01', -100, 0, 'zero')], quarter, settings).boxes.box1).toBe(-15);
  });

  it('keeps VAT outside the scheme in box 1 and reclaims only what the scheme allows', () => {
    const records = [
      sale('fees', '2024-01-10', 1_000_000, 200_000),
      sale('exempt-rent', '2024-01-11', 100_000, 0, 'exempt'),
      sale('outside', '2024-01-12', 50_000, 0, 'outsideScope'),
      sale('old-van', '2024-01-13', 500_000, 100_000, 'standard', 'capitalGoods'),
      purchase('us-software', '2024-01-14', 10_000, 2_000, 'standard', 'reverseCharge'),
      purchase('import', '2024-01-15', 40_000, 8_000, 'standard', 'postponedImport'),
      purchase('ni', '2024-01-16', 30_000, 6_000, 'standard', 'niEuGoods'),
      purchase('small-capital', '2024-01-17', 150_000, 30_000, 'standard', 'capitalGoods'), // £1,800: no
      purchase('at-threshold', '2024-01-18', 166_667, 33_333, 'standard', 'capitalGoods'), // exactly £2,000: yes
      purchase('stationery', '2024-01-19', 50_000, 10_000, 'standard', 'relevantGoods'),
      adjustment('bad-debt', '2024-02-01', 4, 1_000, 'badDebtRelief'),
      boxTotal('bridged', '2024-02-02', 7, 50),
    ];
    const result = computeReturn(records, quarter, { ...itContractor, limitedCostTest: false });
    const turnover = 1_200_000 + 100_000;
    expect(result.flatRate).toMatchObject({
      turnoverIncVatPence: turnover,
      relevantGoodsIncVatPence: 60_000,
      flatRateVatPence: 188_500, // 1,300,000 × 14.5%
      outsideSchemeVatPence: 100_000 + 2_000 + 8_000,
    });
    expect(result.boxes).toMatchObject({
      box1: 188_500 + 110_000,
      box2: 6_000,
      box4: 2_000 + 8_000 + 6_000 + 33_333 + 1_000,
      box6: turnover + 500_000 + 10_000,
      box7: 10_000 + 40_000 + 30_000 + 166_700, // 166,667 + 50 = 166,717 → whole pounds
      box8: 0,
      box9: 30_000,
    });
    expect(result.problems).toEqual([]);
    expect(result.warnings.map((warning) => warning.code)).toContain('CAPITAL_GOODS_AT_THRESHOLD');
    // Box 1 = its records' contributions + the flat rate VAT.
    const box1Records = result.contributions.box1.reduce((sum, item) => sum + item.amountPence, 0);
    expect(box1Records + (result.flatRate?.flatRateVatPence ?? 0)).toBe(result.boxes.box1);
  });

  it('tests a month and an odd-length period at their own specified amounts', () => {
    const month = { start: '2024-02-01', end: '2024-02-29' };
    const records = [
      sale('fees', '2024-02-10', 100_000, 20_000),
      purchase('goods', '2024-02-11', 6_945, 1_389, 'standard', 'relevantGoods'),
    ];
    const monthly = computeReturn(records, month, itContractor);
    expect(monthly.flatRate?.specifiedAmountPence).toBe(8_334);
    expect(monthly.flatRate?.limitedCost).toBe(false); // £83.34 of goods ≥ £83.33…
    const odd = computeReturn(records, { start: '2024-02-01', end: '2024-03-15' }, itContractor);
    expect(odd.flatRate?.specifiedAmountPence).toBe(12_055); // £1,000 × 44 / 365 = £120.547…
    expect(odd.flatRate?.limitedCost).toBe(true);
  });
});
