import { describe, expect, it } from 'vitest';
import { type VatRecord } from './api';
import { computeReturn } from './records-to-boxes';
import { adjustment, boxesOf, boxTotal, purchase, quarter, sale } from './records-to-boxes.test-records';

/** docs/reference/vat-rules.md §1.7 A: standard sales £42,000, zero-rated £3,500.40, purchases £12,345 + £2,469 VAT, insurance £1,000. */
const exampleA: VatRecord[] = [
  sale('s-standard', '2024-01-15', 4_200_000, 840_000),
  sale('s-zero', '2024-02-10', 350_040, 0, 'zero'),
  purchase('p-standard', '2024-02-20', 1_234_500, 246_900),
  purchase('p-insurance', '2024-03-31', 100_000, 0, 'exempt'),
];

describe('computeReturn: standard accounting', () => {
  it('fills the boxes of the quarter with VAT to pay (docs/reference/vat-rules.md §1.7 A)', () => {
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

  it('accounts for a £100 service from a US supplier in boxes 1, 4, 6 and 7 (docs/reference/vat-rules.md §1.7 C)', () => {
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
