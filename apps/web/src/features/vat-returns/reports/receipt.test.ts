import type { NineBoxes, ReturnBoxes } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import { compareCopies, netVatDirection } from './receipt';

const ours: NineBoxes = {
  box1: 200_000,
  box2: 0,
  box3: 200_000,
  box4: 50_000,
  box5: 150_000,
  box6: 1_000_000,
  box7: 250_000,
  box8: 0,
  box9: 0,
};
const theirs: ReturnBoxes = {
  vatDueSales: 200_000,
  vatDueAcquisitions: 0,
  totalVatDue: 200_000,
  vatReclaimedCurrPeriod: 50_000,
  netVatDue: 150_000,
  totalValueSalesExVAT: 1_000_000,
  totalValuePurchasesExVAT: 250_000,
  totalValueGoodsSuppliedExVAT: 0,
  totalAcquisitionsExVAT: 0,
};

describe('compareCopies', () => {
  it('matches each of our boxes to HMRC’s by name, and finds no difference in equal copies', () => {
    const rows = compareCopies(ours, theirs);
    expect(rows.map((row) => row.box)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rows.find((row) => row.box === 4)).toEqual({ box: 4, ours: 50_000, theirs: 50_000, differs: false });
    expect(rows.some((row) => row.differs)).toBe(false);
  });

  it('marks exactly the boxes that differ, even by a penny', () => {
    const rows = compareCopies(ours, { ...theirs, totalValuePurchasesExVAT: 250_100, vatDueSales: 199_999 });
    expect(rows.filter((row) => row.differs).map((row) => row.box)).toEqual([1, 7]);
  });

  it('marks nothing while HMRC’s copy is not there', () => {
    const rows = compareCopies(ours, undefined);
    expect(rows.every((row) => row.theirs === undefined && !row.differs)).toBe(true);
  });
});

describe('netVatDirection', () => {
  it('says whether box 5 is to pay or to reclaim', () => {
    expect(netVatDirection(ours)).toBe('pay');
    expect(netVatDirection({ ...ours, box3: 10_000, box4: 60_000, box5: 50_000 })).toBe('reclaim');
    expect(netVatDirection({ ...ours, box3: 0, box4: 0, box5: 0 })).toBe('nil');
  });
});
