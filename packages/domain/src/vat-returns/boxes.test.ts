import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FlatRateSettings, NineBoxes } from './api';
import { boxNumbers } from './box-numbers';
import {
  boxExplanations,
  checkBoxes,
  completeBoxes,
  emptyRecordSums,
  maxNetVatPence,
  type RecordSums,
  maxValueBoxPence,
  maxVatBoxPence,
  warnBoxes,
  wholePounds,
  wholePoundsBig,
} from './boxes';

const zero: NineBoxes = { box1: 0, box2: 0, box3: 0, box4: 0, box5: 0, box6: 0, box7: 0, box8: 0, box9: 0 };
const boxes = (values: Partial<NineBoxes>): NineBoxes => ({ ...zero, ...values });
const codes = (list: { code: string }[]) => list.map((item) => item.code);

/** Pence within HMRC's range for boxes 1-4. */
const vatPence = fc.bigInt({ min: -BigInt(maxVatBoxPence), max: BigInt(maxVatBoxPence) }).map(Number);
const safePence = fc.maxSafeInteger();
const frs: FlatRateSettings = { sector: '009', rateTenths: 145, firstYearUntil: null, limitedCostTest: true };

describe('completeBoxes', () => {
  it('works out box 3 and box 5 from boxes 1, 2 and 4 (property)', () => {
    fc.assert(
      fc.property(vatPence, vatPence, vatPence, (box1, box2, box4) => {
        const result = completeBoxes({ box1, box2, box4, box6: 0, box7: 0, box8: 0, box9: 0 });
        expect(result.box3).toBe(box1 + box2);
        expect(result.box5).toBe(Math.abs(box1 + box2 - box4));
        expect(result.box5).toBeGreaterThanOrEqual(0);
        const sums = checkBoxes(result).filter((problem) =>
          ['TOTAL_MISMATCH', 'NET_MISMATCH', 'NEGATIVE_NET'].includes(problem.code),
        );
        expect(sums).toEqual([]);
      }),
    );
  });

  it('gives a repayment as a positive box 5 (docs/reference/vat-rules.md §1.7 B)', () => {
    const result = completeBoxes({ box1: 120_000, box2: 0, box4: 345_050, box6: 0, box7: 0, box8: 0, box9: 0 });
    expect(result.box3).toBe(120_000);
    expect(result.box5).toBe(225_050);
    expect(checkBoxes(result)).toEqual([]);
    expect(codes(warnBoxes(result, { flatRate: null, recordCount: 5 }))).toContain('REPAYMENT_RETURN');
  });

  it('keeps boxes 1, 2, 4 and 6-9 as given', () => {
    const entered = { box1: 1, box2: 2, box4: 4, box6: 600, box7: 700, box8: 800, box9: 900 };
    expect(completeBoxes(entered)).toEqual({ ...entered, box3: 3, box5: 1 });
  });
});

describe('wholePounds', () => {
  it('drops the pence towards zero', () => {
    expect(wholePounds(4_550_040)).toBe(4_550_000);
    expect(wholePounds(199)).toBe(100);
    expect(wholePounds(99)).toBe(0);
    expect(wholePounds(-1_299)).toBe(-1_200);
    expect(Object.is(wholePounds(-50), 0)).toBe(true);
    expect(wholePounds(-100)).toBe(-100);
    expect(() => wholePounds(1.5)).toThrow(RangeError);
    expect(wholePoundsBig(-1_299n)).toBe(-1_200n);
  });

  it('always gives whole pounds, never further from zero, less than £1 away (property)', () => {
    fc.assert(
      fc.property(safePence, (pence) => {
        const result = wholePounds(pence);
        expect(result % 100 === 0).toBe(true);
        expect(Math.abs(result)).toBeLessThanOrEqual(Math.abs(pence));
        expect(Math.abs(pence - result)).toBeLessThan(100);
        expect(BigInt(result)).toBe(wholePoundsBig(BigInt(pence)));
      }),
    );
  });
});

describe('checkBoxes: HMRC’s hard rules', () => {
  it('accepts the extremes of each range', () => {
    const low = completeBoxes({
      box1: -maxVatBoxPence,
      box2: 0,
      box4: -maxVatBoxPence + maxNetVatPence,
      box6: -maxValueBoxPence,
      box7: -maxValueBoxPence,
      box8: -maxValueBoxPence,
      box9: -maxValueBoxPence,
    });
    expect(low.box5).toBe(maxNetVatPence);
    expect(checkBoxes(low)).toEqual([]);
    expect(
      checkBoxes(boxes({ box6: maxValueBoxPence, box7: maxValueBoxPence, box8: maxValueBoxPence, box9: 100 })),
    ).toEqual([]);
  });

  it('catches a figure just outside each range', () => {
    const problems = checkBoxes(
      boxes({ box1: maxVatBoxPence + 1, box3: maxVatBoxPence + 1, box6: maxValueBoxPence + 100, box9: -1e15 }),
    );
    expect(problems.map((problem) => [problem.box, problem.code])).toEqual([
      [1, 'OUT_OF_RANGE'],
      [3, 'OUT_OF_RANGE'],
      [6, 'OUT_OF_RANGE'],
      [9, 'OUT_OF_RANGE'],
    ]);
    expect(problems[0]?.message).toContain('£9,999,999,999,999.99');
  });

  it('catches out-of-range boxes 1-4 and 6-9 (property)', () => {
    const outside = fc.oneof(
      fc.bigInt({ min: BigInt(maxVatBoxPence) + 1n, max: BigInt(Number.MAX_SAFE_INTEGER) }),
      fc.bigInt({ min: -BigInt(Number.MAX_SAFE_INTEGER), max: -BigInt(maxVatBoxPence) - 1n }),
    );
    fc.assert(
      fc.property(fc.constantFrom(1, 2, 3, 4, 6, 7, 8, 9), outside, (box, value) => {
        // Boxes 6-9 hold whole pounds, so the value is made a whole number of pounds.
        const pence = box >= 6 ? Number((value / 100n) * 100n) : Number(value);
        const problems = checkBoxes(boxes({ [`box${box}`]: pence }));
        expect(problems).toContainEqual(expect.objectContaining({ box, code: 'OUT_OF_RANGE' }));
      }),
    );
  });

  it('catches box 5 above £99,999,999,999.99 (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: BigInt(maxNetVatPence) + 1n, max: BigInt(maxVatBoxPence) }), (big) => {
        const value = Number(big);
        const problems = checkBoxes(completeBoxes({ ...boxes({}), box1: value }));
        expect(problems).toEqual([expect.objectContaining({ box: 5, code: 'OUT_OF_RANGE' })]);
      }),
    );
  });

  it('catches pence in boxes 6-9 and says what to write instead', () => {
    const problems = checkBoxes(boxes({ box6: 4_550_040, box8: -150 }));
    expect(problems.map((problem) => [problem.box, problem.code])).toEqual([
      [6, 'NOT_WHOLE_POUNDS'],
      [8, 'NOT_WHOLE_POUNDS'],
    ]);
    expect(problems[0]?.message).toContain('£45,500');
    expect(problems[0]?.message).not.toContain('£45,500.00');
  });

  it('catches a box 3 that is not box 1 + box 2', () => {
    const problems = checkBoxes(boxes({ box1: 100, box2: 50, box3: 140, box5: 140 }));
    expect(problems).toEqual([expect.objectContaining({ box: 3, code: 'TOTAL_MISMATCH' })]);
    expect(problems[0]?.message).toContain('£1.50');
  });

  it('catches a box 5 that is not |box 3 − box 4|, and a negative box 5', () => {
    expect(checkBoxes(boxes({ box1: 100, box3: 100, box4: 300, box5: 100 }))).toEqual([
      expect.objectContaining({ box: 5, code: 'NET_MISMATCH' }),
    ]);
    expect(checkBoxes(boxes({ box1: 100, box3: 100, box4: 300, box5: -200 }))).toEqual([
      expect.objectContaining({ box: 5, code: 'NEGATIVE_NET' }),
    ]);
  });

  it('finds the mismatch for any wrong box 3 or box 5 (property)', () => {
    // Small enough that box 3 and box 5 stay within their ranges, however wrong.
    const quarterOfMax = BigInt(maxNetVatPence) / 4n;
    const small = fc.bigInt({ min: -quarterOfMax, max: quarterOfMax }).map(Number);
    fc.assert(
      fc.property(small, small, small, fc.integer({ min: 1, max: 1_000_000 }), (box1, box2, box4, delta) => {
        const right = completeBoxes({ box1, box2, box4, box6: 0, box7: 0, box8: 0, box9: 0 });
        expect(codes(checkBoxes({ ...right, box3: right.box3 + delta }))).toContain('TOTAL_MISMATCH');
        expect(codes(checkBoxes({ ...right, box3: right.box3 - delta }))).toContain('TOTAL_MISMATCH');
        expect(codes(checkBoxes({ ...right, box5: right.box5 + delta }))).toEqual(['NET_MISMATCH']);
        const lower = right.box5 - delta;
        expect(codes(checkBoxes({ ...right, box5: lower }))).toEqual([lower < 0 ? 'NEGATIVE_NET' : 'NET_MISMATCH']);
      }),
    );
  });

  it('does not do sums with boxes that are out of range', () => {
    expect(codes(checkBoxes(boxes({ box1: 1e16, box3: 5, box5: 5 })))).toEqual(['OUT_OF_RANGE']);
    expect(codes(checkBoxes(boxes({ box1: 0.5 })))).toEqual(['OUT_OF_RANGE']);
  });
});

describe('warnBoxes: plausibility (docs/reference/vat-rules.md §1.8)', () => {
  const context = { flatRate: null, recordCount: 10 };
  // A plain paying quarter: £10,000 of sales with £2,000 VAT, £5,000 of purchases with £1,000 VAT.
  const plain = completeBoxes({
    box1: 200_000,
    box2: 0,
    box4: 100_000,
    box6: 1_000_000,
    box7: 500_000,
    box8: 0,
    box9: 0,
  });

  it('says nothing about a plain return', () => {
    expect(warnBoxes(plain, context)).toEqual([]);
  });

  it('warns when box 8 is above box 6 or box 9 above box 7 (transposed?)', () => {
    const warnings = warnBoxes({ ...plain, box8: 1_100_000, box9: 600_000 }, context);
    expect(warnings).toContainEqual(expect.objectContaining({ code: 'BOX8_ABOVE_BOX6', boxes: [8, 6] }));
    expect(warnings).toContainEqual(expect.objectContaining({ code: 'BOX9_ABOVE_BOX7', boxes: [9, 7] }));
    expect(codes(warnBoxes({ ...plain, box8: 1_000_000, box9: 500_000 }, context))).not.toContain('BOX8_ABOVE_BOX6');
  });

  it('warns that boxes 2, 8 and 9 are for Northern Ireland goods only, naming the boxes used', () => {
    const warning = warnBoxes({ ...plain, box8: 10_000 }, context).find((item) => item.code === 'NI_EU_BOXES_USED');
    expect(warning?.boxes).toEqual([8]);
    expect(warning?.message).toMatch(/^Box 8 is only for goods moved between Northern Ireland and the EU/);
    const all = warnBoxes(completeBoxes({ ...plain, box2: 500, box8: 100, box9: 2_500 }), context).find(
      (item) => item.code === 'NI_EU_BOXES_USED',
    );
    expect(all?.boxes).toEqual([2, 8, 9]);
    expect(all?.message).toContain('Boxes 2, 8 and 9 are only');
  });

  it('warns when box 1 is far above 20% of box 6, on standard accounting only', () => {
    const high = completeBoxes({ ...plain, box1: 300_000 });
    expect(codes(warnBoxes(high, context))).toContain('BOX1_HIGH_FOR_SALES');
    expect(codes(warnBoxes(high, { flatRate: frs, recordCount: 10 }))).not.toContain('BOX1_HIGH_FOR_SALES');
    // 20% of box 6 plus the few pence box 6 dropped is normal.
    expect(codes(warnBoxes(completeBoxes({ ...plain, box1: 200_019 }), context))).not.toContain('BOX1_HIGH_FOR_SALES');
    expect(codes(warnBoxes(completeBoxes({ ...plain, box1: 200_000, box6: 0 }), context))).toContain(
      'BOX1_HIGH_FOR_SALES',
    );
  });

  it('warns when box 4 is above 20% of box 7', () => {
    expect(codes(warnBoxes(completeBoxes({ ...plain, box4: 110_000 }), context))).toContain('BOX4_HIGH_FOR_PURCHASES');
    expect(codes(warnBoxes(completeBoxes({ ...plain, box4: 100_019 }), context))).not.toContain(
      'BOX4_HIGH_FOR_PURCHASES',
    );
  });

  it('notes a repayment return and a nil return', () => {
    const repayment = completeBoxes({ ...plain, box4: 250_000, box7: 1_250_000 });
    expect(warnBoxes(repayment, context)).toEqual([
      expect.objectContaining({ code: 'REPAYMENT_RETURN', boxes: [3, 4, 5] }),
    ]);
    const nil = completeBoxes({ ...plain, box4: 200_000, box7: 1_000_000 });
    expect(codes(warnBoxes(nil, context))).toEqual(['NIL_RETURN']);
  });

  it('warns of a period with no records', () => {
    expect(codes(warnBoxes(zero, { flatRate: null, recordCount: 0 }))).toEqual(['NO_RECORDS', 'NIL_RETURN']);
  });

  it('gives every warning a stable code, its boxes and a message', () => {
    const everything = completeBoxes({
      box1: 100_000,
      box2: 100,
      box4: 900_000,
      box6: 100,
      box7: 200,
      box8: 300,
      box9: 400,
    });
    const warnings = warnBoxes(everything, { flatRate: null, recordCount: 0 });
    expect(codes(warnings).sort()).toEqual(
      [
        'BOX1_HIGH_FOR_SALES',
        'BOX4_HIGH_FOR_PURCHASES',
        'BOX8_ABOVE_BOX6',
        'BOX9_ABOVE_BOX7',
        'NI_EU_BOXES_USED',
        'NO_RECORDS',
        'REPAYMENT_RETURN',
      ].sort(),
    );
    for (const warning of warnings) {
      expect(warning.code).toMatch(/^[A-Z0-9]+(_[A-Z0-9]+)*$/);
      expect(warning.message.length).toBeGreaterThan(20);
    }
  });
});

describe('warnBoxes: sense checks from the records (docs/reference/vat-rules.md §1.8 items 5, 6, 8)', () => {
  // £10,000 of standard-rated sales with £2,000 VAT, £5,000 of purchases with £1,000 VAT, in 10 records each.
  const plain = completeBoxes({
    box1: 200_000,
    box2: 0,
    box4: 100_000,
    box6: 1_000_000,
    box7: 500_000,
    box8: 0,
    box9: 0,
  });
  const sums = (change: (records: RecordSums) => void = () => undefined): RecordSums => {
    const records = emptyRecordSums();
    records.taxed.sale.standard = { netPence: 1_000_000n, vatPence: 200_000n, records: 10 };
    records.taxed.purchase.standard = { netPence: 500_000n, vatPence: 100_000n, records: 10 };
    change(records);
    return records;
  };
  const warn = (records: RecordSums, boxes = plain, flatRate: FlatRateSettings | null = null) =>
    warnBoxes(boxes, { flatRate, recordCount: 20, records });

  it('says nothing when the VAT is the rate times the net value', () => {
    expect(warn(sums())).toEqual([]);
  });

  it('warns when the sales’ VAT is not the standard rate of their net value, saying by how much', () => {
    const records = sums((r) => (r.taxed.sale.standard.vatPence = 180_000n));
    const warning = warn(records).find((item) => item.code === 'SALES_VAT_OFF_RATE');
    expect(warning?.boxes).toEqual([1]);
    expect(warning?.message).toBe(
      'Standard-rated sales carry £1,800.00 of VAT, but 20% of their net value (£10,000.00) is £2,000.00. Check for records at the wrong rate or with the VAT mistyped: the difference is in box 1.',
    );
  });

  it('allows a penny a record and £1 more for rounding per line', () => {
    expect(codes(warn(sums((r) => (r.taxed.sale.standard.vatPence = 200_110n))))).not.toContain('SALES_VAT_OFF_RATE');
    expect(codes(warn(sums((r) => (r.taxed.sale.standard.vatPence = 200_111n))))).toContain('SALES_VAT_OFF_RATE');
  });

  it('checks reduced-rated purchases at 5% against box 4, and not the rates on the flat rate scheme', () => {
    const records = sums((r) => (r.taxed.purchase.reduced = { netPence: 1_000_000n, vatPence: 200_000n, records: 3 }));
    const warning = warn(records).find((item) => item.code === 'PURCHASES_VAT_OFF_RATE');
    expect(warning?.boxes).toEqual([4]);
    expect(warning?.message).toContain('5% of their net value (£10,000.00) is £500.00');
    expect(codes(warn(records, plain, frs))).not.toContain('PURCHASES_VAT_OFF_RATE');
  });

  it('says when boxes 2, 8 and 9 are filled with no Northern Ireland–EU record behind them', () => {
    const used = completeBoxes({ ...plain, box8: 10_000 });
    const without = warn(sums(), used);
    expect(codes(without)).toContain('NI_EU_BOXES_WITHOUT_RECORDS');
    expect(codes(without)).not.toContain('NI_EU_BOXES_USED');
    expect(without.find((item) => item.code === 'NI_EU_BOXES_WITHOUT_RECORDS')?.message).toMatch(
      /^Box 8 holds a figure, but no record is marked as goods moved between Northern Ireland and the EU/,
    );
    const withRecords = warn(
      sums((r) => (r.niEuRecords = 2)),
      used,
    );
    expect(codes(withRecords)).toContain('NI_EU_BOXES_USED');
    expect(codes(withRecords)).not.toContain('NI_EU_BOXES_WITHOUT_RECORDS');
  });

  it('warns of reverse charge or postponed import VAT entered in neither box 1 nor box 4', () => {
    const warning = warn(sums((r) => (r.selfAccountedWithoutVat = 2))).find(
      (item) => item.code === 'SELF_ACCOUNTED_WITHOUT_VAT',
    );
    expect(warning?.boxes).toEqual([1, 4]);
    expect(warning?.message).toMatch(/^2 purchases under the reverse charge or postponed import VAT are at a rate/);
  });

  it('warns of negative boxes, naming them', () => {
    const negative = completeBoxes({ ...plain, box1: -20_000, box6: -100_000 });
    const warning = warnBoxes(negative, { flatRate: null, recordCount: 3 }).find(
      (item) => item.code === 'NEGATIVE_BOXES',
    );
    expect(warning?.boxes).toEqual([1, 6]);
    expect(warning?.message).toMatch(/^Boxes 1 and 6 are negative/);
    expect(codes(warnBoxes(plain, { flatRate: null, recordCount: 3 }))).not.toContain('NEGATIVE_BOXES');
  });
});

describe('boxExplanations', () => {
  it('explains all nine boxes, box 6 also on the flat rate scheme', () => {
    for (const box of boxNumbers) {
      expect(boxExplanations[box].title).not.toBe('');
      expect(boxExplanations[box].explanation.length).toBeGreaterThan(40);
    }
    expect(boxExplanations[6].explanation).toMatch(/flat rate scheme.*VAT-inclusive/);
    expect(boxExplanations[2].explanation).toContain('Northern Ireland');
  });
});
