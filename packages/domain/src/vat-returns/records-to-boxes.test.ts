import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../vat/dates';
import {
  type AdjustmentType,
  type EnterableBox,
  type FlatRateSettings,
  type NineBoxes,
  type Treatment,
  type VatRateKind,
  type VatRecord,
} from './api';
import { checkBoxes } from './boxes';
import { flatRateParts } from './flat-rate';
import {
  boxFactsOfKey,
  boxGroupKey,
  computeReturn,
  computeReturnOfGroups,
  groupOfRecord,
  type RecordGroup,
} from './records-to-boxes';

const quarter = { start: '2024-01-01', end: '2024-03-31' };
const base = { vrn: '123456789', createdAt: '2024-04-01T09:00:00Z', source: null };

function transaction(
  kind: 'sale' | 'purchase',
  id: string,
  date: string,
  netPence: number,
  vatPence: number,
  rate: VatRateKind = 'standard',
  treatment: Treatment = 'normal',
): VatRecord {
  return { ...base, id, kind, date, description: id, netPence, vatPence, rate, treatment };
}
type TransactionArgs = [
  id: string,
  date: string,
  netPence: number,
  vatPence: number,
  rate?: VatRateKind,
  treatment?: Treatment,
];
const sale = (...args: TransactionArgs) => transaction('sale', ...args);
const purchase = (...args: TransactionArgs) => transaction('purchase', ...args);
const adjustment = (
  id: string,
  date: string,
  box: EnterableBox,
  amountPence: number,
  adjustmentType: AdjustmentType,
): VatRecord => ({
  ...base,
  id,
  kind: 'adjustment',
  date,
  description: id,
  box,
  amountPence,
  adjustmentType,
  reason: 'Correcting an error',
});
const boxTotal = (id: string, date: string, box: EnterableBox, amountPence: number): VatRecord => ({
  ...base,
  id,
  kind: 'boxTotal',
  date,
  description: id,
  box,
  amountPence,
});

const boxesOf = (values: Partial<NineBoxes>): NineBoxes => ({
  box1: 0,
  box2: 0,
  box3: 0,
  box4: 0,
  box5: 0,
  box6: 0,
  box7: 0,
  box8: 0,
  box9: 0,
  ...values,
});

/** uk-vat-facts 1.7 A: standard sales £42,000, zero-rated £3,500.40, purchases £12,345 + £2,469 VAT, insurance £1,000. */
const exampleA: VatRecord[] = [
  sale('s-standard', '2024-01-15', 4_200_000, 840_000),
  sale('s-zero', '2024-02-10', 350_040, 0, 'zero'),
  purchase('p-standard', '2024-02-20', 1_234_500, 246_900),
  purchase('p-insurance', '2024-03-31', 100_000, 0, 'exempt'),
];

describe('computeReturn: standard accounting', () => {
  it('fills the boxes of the quarter with VAT to pay (uk-vat-facts 1.7 A)', () => {
    const result = computeReturn(exampleA, quarter, null);
    expect(result.boxes).toEqual({
      box1: 840_000,
      box2: 0,
      box3: 840_000,
      box4: 246_900,
      box5: 593_100,
      box6: 4_550_000,
      box7: 1_334_500,
      box8: 0,
      box9: 0,
    });
    expect(result.problems).toEqual([]);
    expect(result.flatRate).toBeNull();
    expect(result.contributions.box6).toEqual([
      { recordId: 's-standard', amountPence: 4_200_000 },
      { recordId: 's-zero', amountPence: 350_040 },
    ]);
    expect(result.contributions.box1).toEqual([{ recordId: 's-standard', amountPence: 840_000 }]);
    expect(result.contributions.box4).toEqual([{ recordId: 'p-standard', amountPence: 246_900 }]);
    expect(result.contributions.box7).toEqual([
      { recordId: 'p-standard', amountPence: 1_234_500 },
      { recordId: 'p-insurance', amountPence: 100_000 },
    ]);
    expect(result.contributions.box3).toEqual([]);
    expect(result.contributions.box5).toEqual([]);
    expect(result.contributionCounts).toMatchObject({ box1: 1, box3: 0, box4: 1, box6: 2, box7: 2 });
  });

  it('accounts for construction services under the domestic reverse charge on both sides (VAT Notice 735)', () => {
    // A subcontractor's £10,000 labour invoice to a main contractor at 20%, no VAT charged on it.
    const without = computeReturn(exampleA, quarter, null).boxes;
    const customer = computeReturn(
      [...exampleA, purchase('drc-in', '2024-03-01', 1_000_000, 200_000, 'standard', 'constructionReverseCharge')],
      quarter,
      null,
    );
    expect(customer.boxes.box1 - without.box1).toBe(200_000);
    expect(customer.boxes.box4 - without.box4).toBe(200_000);
    expect(customer.boxes.box5).toBe(without.box5);
    expect(customer.boxes.box6).toBe(without.box6);
    expect(customer.boxes.box7 - without.box7).toBe(1_000_000);
    expect(customer.contributions.box6).not.toContainEqual(expect.objectContaining({ recordId: 'drc-in' }));

    // The subcontractor's side: the value in box 6, no VAT in box 1 (the VAT shown on the invoice is the customer's).
    const supplier = computeReturn(
      [...exampleA, sale('drc-out', '2024-03-01', 1_000_000, 200_000, 'standard', 'constructionReverseCharge')],
      quarter,
      null,
    );
    expect(supplier.boxes.box1).toBe(without.box1);
    expect(supplier.boxes.box6 - without.box6).toBe(1_000_000);
    expect(supplier.boxes.box7).toBe(without.box7);
    expect(supplier.warnings.map((warning) => warning.code)).not.toContain('SALE_VAT_LEFT_OUT');

    // At the reduced rate (5%) the customer accounts for £500 in and out.
    const reduced = computeReturn(
      [purchase('drc-5', '2024-03-01', 1_000_000, 50_000, 'reduced', 'constructionReverseCharge')],
      quarter,
      null,
    );
    expect(reduced.boxes).toMatchObject({ box1: 50_000, box4: 50_000, box5: 0, box6: 0, box7: 1_000_000 });
  });

  it('accounts for a £100 service from a US supplier in boxes 1, 4, 6 and 7 (uk-vat-facts 1.7 C)', () => {
    const without = computeReturn(exampleA, quarter, null).boxes;
    const withService = computeReturn(
      [...exampleA, purchase('p-us', '2024-03-01', 10_000, 2_000, 'standard', 'reverseCharge')],
      quarter,
      null,
    );
    expect(withService.boxes.box1 - without.box1).toBe(2_000);
    expect(withService.boxes.box4 - without.box4).toBe(2_000);
    expect(withService.boxes.box5).toBe(without.box5);
    expect(withService.boxes.box6 - without.box6).toBe(10_000);
    expect(withService.boxes.box7 - without.box7).toBe(10_000);
    expect(withService.contributions.box6).toContainEqual({ recordId: 'p-us', amountPence: 10_000 });
  });

  it('puts every kind of record in its boxes and leaves out records outside the period', () => {
    const records: VatRecord[] = [
      sale('standard', '2024-01-01', 100_000, 20_000),
      sale('reduced', '2024-01-02', 50_000, 2_500, 'reduced'),
      sale('zero', '2024-01-03', 30_000, 0, 'zero'),
      sale('exempt', '2024-01-04', 20_000, 0, 'exempt'),
      sale('outside', '2024-01-05', 99_999, 0, 'outsideScope'),
      sale('credit-note', '2024-01-06', -10_000, -2_000),
      sale('ni-dispatch', '2024-01-07', 40_000, 0, 'zero', 'niEuGoods'),
      purchase('p-standard', '2024-02-01', 60_000, 12_000),
      purchase('p-reduced', '2024-02-02', 10_000, 500, 'reduced'),
      purchase('p-zero', '2024-02-03', 5_000, 0, 'zero'),
      purchase('p-exempt', '2024-02-04', 3_000, 0, 'exempt'),
      purchase('p-wages', '2024-02-05', 500_000, 0, 'outsideScope'),
      purchase('p-ni', '2024-02-06', 25_000, 5_000, 'standard', 'niEuGoods'),
      purchase('p-reverse', '2024-02-07', 15_000, 3_000, 'standard', 'reverseCharge'),
      purchase('p-import', '2024-02-08', 70_000, 14_000, 'standard', 'postponedImport'),
      purchase('p-capital', '2024-02-09', 300_000, 60_000, 'standard', 'capitalGoods'),
      purchase('p-goods', '2024-02-10', 1_000, 200, 'standard', 'relevantGoods'),
      adjustment('error', '2024-03-01', 1, 1_234, 'errorCorrection'),
      adjustment('bad-debt', '2024-03-02', 4, 4_000, 'badDebtRelief'),
      adjustment('fuel', '2024-03-03', 1, 2_866, 'fuelScaleCharge'),
      boxTotal('bridged', '2024-03-31', 6, 12_345),
      // Outside the period: ignored.
      sale('before', '2023-12-31', 1_000_000, 200_000),
      sale('after', '2024-04-01', 1_000_000, 200_000),
      adjustment('late-adjustment', '2024-04-01', 4, 99_999, 'other'),
    ];
    const result = computeReturn(records, quarter, null);

    const box1 = 20_000 + 2_500 - 2_000 + 3_000 + 14_000 + 1_234 + 2_866;
    const box2 = 5_000;
    const box4 = 12_000 + 500 + 5_000 + 3_000 + 14_000 + 60_000 + 200 + 4_000;
    const box6 = 100_000 + 50_000 + 30_000 + 20_000 - 10_000 + 40_000 + 15_000 + 12_345; // 257,345
    const box7 = 60_000 + 10_000 + 5_000 + 3_000 + 25_000 + 15_000 + 70_000 + 300_000 + 1_000; // 489,000
    expect(result.boxes).toEqual({
      box1,
      box2,
      box3: box1 + box2,
      box4,
      box5: Math.abs(box1 + box2 - box4),
      box6: 257_300,
      box7: 489_000,
      box8: 40_000,
      box9: 25_000,
    });
    expect(box6).toBe(257_345);
    expect(box7).toBe(489_000);
    expect(result.problems).toEqual([]);

    expect(result.contributions.box2).toEqual([{ recordId: 'p-ni', amountPence: 5_000 }]);
    expect(result.contributions.box8).toEqual([{ recordId: 'ni-dispatch', amountPence: 40_000 }]);
    expect(result.contributions.box9).toEqual([{ recordId: 'p-ni', amountPence: 25_000 }]);
    expect(result.contributions.box4).toContainEqual({ recordId: 'bad-debt', amountPence: 4_000 });
    expect(result.contributions.box1).toContainEqual({ recordId: 'credit-note', amountPence: -2_000 });
    expect(result.contributions.box6).toContainEqual({ recordId: 'bridged', amountPence: 12_345 });

    // Every record of the period that moves a box is listed; nothing outside the period, nothing for wages.
    const listed = new Set(Object.values(result.contributions).flatMap((list) => list.map((item) => item.recordId)));
    const expected = records
      .filter(
        (record) =>
          record.date >= quarter.start && record.date <= quarter.end && !['outside', 'p-wages'].includes(record.id),
      )
      .map((record) => record.id);
    expect([...listed].sort()).toEqual(expected.sort());

    // Each box is the sum of its contributions (boxes 6-9 with the pence then dropped).
    for (const key of ['box1', 'box2', 'box4'] as const) {
      expect(result.contributions[key].reduce((sum, item) => sum + item.amountPence, 0)).toBe(result.boxes[key]);
    }
    expect(result.contributions.box6.reduce((sum, item) => sum + item.amountPence, 0)).toBe(box6);

    const warnings = result.warnings.map((warning) => warning.code);
    expect(warnings).toContain('NI_EU_BOXES_USED');
    expect(warnings).not.toContain('NO_RECORDS');
  });

  it('warns when the period has no records, and ignores records of other periods', () => {
    const result = computeReturn([sale('old', '2023-12-31', 100, 20)], quarter, null);
    expect(result.boxes).toEqual(boxesOf({}));
    expect(result.warnings.map((warning) => warning.code)).toEqual(['NO_RECORDS', 'NIL_RETURN']);
  });

  it('warns when VAT on a zero-rated, exempt or out-of-scope record is left out', () => {
    const result = computeReturn(
      [
        sale('s', '2024-01-10', 10_000, 2_000, 'zero'),
        purchase('p', '2024-01-11', 10_000, 2_000, 'exempt'),
        purchase('q', '2024-01-12', 10_000, 2_000, 'outsideScope'),
      ],
      quarter,
      null,
    );
    expect(result.boxes.box1).toBe(0);
    expect(result.boxes.box4).toBe(0);
    expect(result.warnings).toContainEqual(expect.objectContaining({ code: 'SALE_VAT_LEFT_OUT', boxes: [1] }));
    const purchases = result.warnings.find((warning) => warning.code === 'PURCHASE_VAT_LEFT_OUT');
    expect(purchases?.message).toMatch(/^2 records of purchases/);
  });

  it('refuses a period that is not one', () => {
    expect(() => computeReturn([], { start: '2024-03-31', end: '2024-01-01' }, null)).toThrow(RangeError);
  });
});

const itContractor: FlatRateSettings = { sector: '009', rateTenths: 145, firstYearUntil: null, limitedCostTest: true };

/** uk-vat-facts 2.7: fees £15,000 + £3,000 VAT, £300 of relevant goods, a £2,400 laptop with £400 VAT. */
const exampleFrs = (goodsIncVat: number): VatRecord[] => [
  sale('fees', '2024-02-28', 1_500_000, 300_000),
  purchase('goods', '2024-01-20', goodsIncVat - goodsIncVat / 6, goodsIncVat / 6, 'standard', 'relevantGoods'),
  purchase('laptop', '2024-03-05', 200_000, 40_000, 'standard', 'capitalGoods'),
  purchase('phone', '2024-03-06', 5_000, 1_000), // a service: reclaims nothing on the scheme
];

describe('computeReturn: flat rate scheme', () => {
  it('works the IT contractor’s quarter as a limited cost trader at 16.5% (uk-vat-facts 2.7)', () => {
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

// --- properties ----------------------------------------------------------------------------------

const dateArb = fc.integer({ min: -10, max: 100 }).map((offset) => addDays(quarter.start, offset));
const recordArb = (amount: fc.Arbitrary<number>): fc.Arbitrary<VatRecord> =>
  fc.oneof(
    fc
      .record({
        kind: fc.constantFrom('sale' as const, 'purchase' as const),
        date: dateArb,
        netPence: amount,
        vatPence: amount,
        rate: fc.constantFrom<VatRateKind>('standard', 'reduced', 'zero', 'exempt', 'outsideScope'),
        treatment: fc.constantFrom<Treatment>(
          'normal',
          'niEuGoods',
          'reverseCharge',
          'postponedImport',
          'capitalGoods',
          'relevantGoods',
          'constructionReverseCharge',
        ),
      })
      .map((fields) => ({ ...base, ...fields, id: 'r', description: 'r' })),
    fc
      .record({
        date: dateArb,
        box: fc.constantFrom<EnterableBox>(1, 2, 4, 6, 7, 8, 9),
        amountPence: amount,
      })
      .map((fields) => ({ ...base, ...fields, id: 'r', description: 'r', kind: 'boxTotal' as const })),
  );
const recordsArb = (amount: fc.Arbitrary<number>) =>
  fc
    .array(recordArb(amount), { maxLength: 30 })
    .map((records) => records.map((record, index) => ({ ...record, id: `r${index}` })));
const settingsArb: fc.Arbitrary<FlatRateSettings | null> = fc.option(
  fc.record({
    sector: fc.constant('009'),
    rateTenths: fc.integer({ min: 0, max: 1000 }),
    firstYearUntil: fc.option(dateArb),
    limitedCostTest: fc.boolean(),
  }),
);

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

/** The records of the period grouped by their box facts and part, amounts summed: what the database's GROUP BY does. */
function grouped(records: readonly VatRecord[], flatRate: FlatRateSettings | null): RecordGroup[] {
  const parts = flatRate ? flatRateParts(quarter, flatRate.firstYearUntil) : [];
  const groups = new Map<string, RecordGroup>();
  for (const record of records) {
    if (record.date < quarter.start || record.date > quarter.end) continue;
    const part = flatRate ? parts.findIndex((each) => record.date >= each.from && record.date <= each.to) : 0;
    const one = groupOfRecord(record, part);
    const key = `${boxGroupKey(one)}#${part}`;
    const group = groups.get(key);
    if (group) {
      group.records += 1;
      group.netPence += one.netPence;
      group.vatPence += one.vatPence;
    } else {
      // As read back from the database: the facts from the stored key, no record id.
      groups.set(key, { ...one, ...boxFactsOfKey(boxGroupKey(one)), recordId: null });
    }
  }
  return [...groups.values()];
}

describe('computeReturnOfGroups: the boxes from grouped records', () => {
  const amounts = fc.oneof(
    fc.integer({ min: -400_000, max: 400_000 }),
    fc.constantFrom(0, 200_000, -200_000, 166_667, 33_333),
  );

  it('gives the same return as the records one by one, and finds each box’s records by their keys', () => {
    fc.assert(
      fc.property(recordsArb(amounts), settingsArb, (records, settings) => {
        const one = computeReturn(records, quarter, settings);
        const { computed, keysByBox } = computeReturnOfGroups(grouped(records, settings), quarter, settings);
        expect({ ...computed, contributions: null }).toEqual({ ...one, contributions: null });
        const inPeriod = records.filter((record) => record.date >= quarter.start && record.date <= quarter.end);
        for (const key of Object.keys(keysByBox) as (keyof typeof keysByBox)[]) {
          const byKey = inPeriod
            .filter((record) => keysByBox[key].includes(boxGroupKey(groupOfRecord(record))))
            .map((record) => record.id);
          expect(byKey).toEqual(one.contributions[key].map((line) => line.recordId));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reads back every key it writes', () => {
    fc.assert(
      fc.property(recordsArb(amounts), (records) => {
        for (const record of records) {
          const facts = groupOfRecord(record);
          expect(boxGroupKey(boxFactsOfKey(boxGroupKey(facts)))).toBe(boxGroupKey(facts));
        }
      }),
    );
  });

  it('puts the construction reverse charge in the same boxes as the records one by one', () => {
    // Two subcontractors' invoices group together (same box facts), beside a sale of the same kind.
    const records = [
      purchase('labour-1', '2024-02-10', 1_000_000, 200_000, 'standard', 'constructionReverseCharge'),
      purchase('labour-2', '2024-03-10', 250_050, 50_010, 'standard', 'constructionReverseCharge'),
      sale('to-contractor', '2024-02-11', 1_000_000, 200_000, 'standard', 'constructionReverseCharge'),
    ];
    for (const settings of [null, itContractor]) {
      const { computed } = computeReturnOfGroups(grouped(records, settings), quarter, settings);
      expect(computed.boxes).toEqual(computeReturn(records, quarter, settings).boxes);
      expect(computed.boxes).toMatchObject({ box1: 250_010, box4: 250_010, box6: 1_000_000, box7: 1_250_000 });
    }
  });

  it('refuses a key it did not write', () => {
    expect(() => boxFactsOfKey('sale|standard|normal||11|huge')).toThrow(RangeError);
    expect(() => boxFactsOfKey('gift|||1|100|below')).toThrow(RangeError);
  });
});

describe('the sense checks’ sums from the records', () => {
  it('sums taxed sales and purchases by rate, and counts Northern Ireland–EU and self-accounted records', () => {
    const records = [
      sale('s1', '2024-01-10', 100_000, 20_000),
      sale('s2', '2024-01-11', 100_000, 15_000), // £50 short of 20%
      purchase('p1', '2024-01-12', 50_000, 2_500, 'reduced'),
      purchase('rc', '2024-01-13', 80_000, 0, 'standard', 'reverseCharge'),
      purchase('ni', '2024-01-14', 30_000, 6_000, 'standard', 'niEuGoods'),
    ];
    const { warnings } = computeReturn(records, quarter, null);
    const byCode = new Map(warnings.map((warning) => [warning.code, warning]));
    expect(byCode.get('SALES_VAT_OFF_RATE')?.message).toContain(
      'carry £350.00 of VAT, but 20% of their net value (£2,000.00) is £400.00',
    );
    // 5% on the reduced-rated purchase; the reverse charge without VAT is warned of once, on its own.
    expect(byCode.has('PURCHASES_VAT_OFF_RATE')).toBe(false);
    expect(byCode.get('SELF_ACCOUNTED_WITHOUT_VAT')?.message).toMatch(/^1 purchase under the reverse charge/);
    expect(byCode.has('NI_EU_BOXES_WITHOUT_RECORDS')).toBe(false);
    expect(byCode.has('NI_EU_BOXES_USED')).toBe(true);
  });
});
