import { type ComputedReturn, type VatRecord, rowRunsOf } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import { boxBreakdowns, describeRowRuns, formatBytes, recordAmounts, shortHash, sortRecords } from './records';

const base = { vrn: '123456789', source: null, description: 'x' };
const sale: VatRecord = {
  ...base,
  id: 's1',
  createdAt: '2026-01-05T10:00:00Z',
  kind: 'sale',
  date: '2026-01-05',
  netPence: 100_000,
  vatPence: 20_000,
  rate: 'standard',
  treatment: 'normal',
};
const purchase: VatRecord = {
  ...sale,
  id: 'p1',
  kind: 'purchase',
  date: '2026-01-02',
  netPence: 5_000,
  vatPence: 1_000,
};
const adjustment: VatRecord = {
  ...base,
  id: 'a1',
  createdAt: '2026-01-01T09:00:00Z',
  kind: 'adjustment',
  date: '2026-01-05',
  box: 4,
  amountPence: 1_234,
  adjustmentType: 'badDebtRelief',
  reason: 'Customer went bust',
};
const boxTotal: VatRecord = {
  ...base,
  id: 'b1',
  createdAt: '2026-01-01T09:00:00Z',
  kind: 'boxTotal',
  date: '2026-03-31',
  box: 6,
  amountPence: 500_000,
};

const noContributions = { box1: [], box2: [], box3: [], box4: [], box5: [], box6: [], box7: [], box8: [], box9: [] };

describe('sortRecords', () => {
  it('orders by date, then by when the record was made', () => {
    expect(sortRecords([boxTotal, sale, adjustment, purchase]).map((record) => record.id)).toEqual([
      'p1',
      'a1',
      's1',
      'b1',
    ]);
  });
});

describe('recordAmounts', () => {
  it('shows net and VAT for transactions, and an adjustment’s amount in the column of its box', () => {
    expect(recordAmounts(sale)).toEqual({ netPence: 100_000, vatPence: 20_000 });
    expect(recordAmounts(adjustment)).toEqual({ netPence: null, vatPence: 1_234 });
    expect(recordAmounts(boxTotal)).toEqual({ netPence: 500_000, vatPence: null });
  });
});

const noCounts = { box1: 0, box2: 0, box3: 0, box4: 0, box5: 0, box6: 0, box7: 0, box8: 0, box9: 0 };

describe('boxBreakdowns', () => {
  const computed: ComputedReturn = {
    boxes: { box1: 20_000, box2: 0, box3: 20_000, box4: 2_234, box5: 17_766, box6: 1_000, box7: 50, box8: 0, box9: 0 },
    contributions: {
      ...noContributions,
      box1: [{ recordId: 's1', amountPence: 20_000, date: '2026-01-05', description: 'Takings' }],
      box4: [
        { recordId: 'p1', amountPence: 1_000, date: '2026-01-06', description: 'Paper' },
        { recordId: 'a1', amountPence: 1_234, date: '2026-01-07', description: 'Correction' },
        { recordId: 'gone', amountPence: 0 },
      ],
    },
    // Box 4 as the server sends it for a big period: the first lines, and the whole count.
    contributionCounts: { ...noCounts, box1: 1, box4: 250 },
    problems: [],
    warnings: [],
    flatRate: null,
  };

  it('lists the records behind each box as the server described them, and keeps a line it could not', () => {
    const boxes = boxBreakdowns(computed);
    expect(boxes).toHaveLength(9);
    const box4 = boxes[3];
    expect(box4?.box).toBe(4);
    expect(box4?.amountPence).toBe(2_234);
    expect(box4?.lines.map((line) => [line.recordId, line.description])).toEqual([
      ['p1', 'Paper'],
      ['a1', 'Correction'],
      ['gone', undefined],
    ]);
    expect(box4?.lineCount).toBe(250);
    expect(boxes[2]?.lines).toEqual([]);
    expect(boxes[0]?.flatRateVatPence).toBeNull();
  });

  it('adds the flat rate VAT to box 1 on the flat rate scheme', () => {
    const flatRate = {
      turnoverIncVatPence: 120_000,
      relevantGoodsIncVatPence: 0,
      specifiedAmountPence: 25_000,
      limitedCost: true,
      parts: [],
      flatRateVatPence: 19_800,
      outsideSchemeVatPence: 0,
    };
    const boxes = boxBreakdowns({ ...computed, flatRate });
    expect(boxes[0]?.flatRateVatPence).toBe(19_800);
    expect(boxes[1]?.flatRateVatPence).toBeNull();
  });
});

describe('import details', () => {
  it('writes the rows used in runs', () => {
    expect(describeRowRuns(rowRunsOf([2, 3, 4, 7, 9, 10]))).toBe('2–4, 7, 9–10');
    expect(describeRowRuns(rowRunsOf([5]))).toBe('5');
    expect(describeRowRuns(rowRunsOf([4, 2, 3, 3]))).toBe('2–4');
    expect(describeRowRuns(rowRunsOf([]))).toBe('');
    expect(rowRunsOf([4, 2, 3, 3, 9])).toEqual([
      [2, 4],
      [9, 9],
    ]);
  });

  it('writes file sizes and shortens hashes', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(12_595)).toBe('12.3 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(shortHash('a'.repeat(64))).toBe(`${'a'.repeat(12)}…`);
  });
});
