import { describe, expect, it } from 'vitest';
import type { NineBoxes } from './api';
import { compareBoxes, farApart, isPreviousPeriod, isSamePeriodLastYear } from './comparison';

const zero: NineBoxes = { box1: 0, box2: 0, box3: 0, box4: 0, box5: 0, box6: 0, box7: 0, box8: 0, box9: 0 };

describe('farApart', () => {
  it('flags a box that moved by more than £1,000 and by more than half', () => {
    expect(farApart(300_000, 100_000)).toBe(true); // £3,000 after £1,000: tripled, £2,000 more
    expect(farApart(100_000, 300_000)).toBe(true); // a third of the earlier figure
    expect(farApart(150_001, 0)).toBe(true); // £1,500.01 where there was nothing
    expect(farApart(-200_000, 100_000)).toBe(true); // a credit where there was a debit
  });

  it('leaves alone a small business’s doubling and a large one’s drift', () => {
    expect(farApart(60_000, 30_000)).toBe(false); // doubled, but only £300 more
    expect(farApart(100_000, 0)).toBe(false); // exactly £1,000 from nothing
    expect(farApart(10_400_000, 10_000_000)).toBe(false); // £4,000 more, but 4%
    expect(farApart(15_000_000, 10_000_000)).toBe(false); // exactly half more
    expect(farApart(15_000_100, 10_000_000)).toBe(true); // a penny over half
    expect(farApart(0, 0)).toBe(false);
  });
});

describe('compareBoxes', () => {
  it('lists all nine boxes with their change, flagging the far ones', () => {
    const current = { ...zero, box1: 840_000, box3: 840_000, box5: 840_000, box6: 4_200_000 };
    const earlier = { ...zero, box1: 820_000, box3: 820_000, box5: 820_000, box6: 1_000_000 };
    const rows = compareBoxes(current, earlier);
    expect(rows.map((row) => row.box)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rows[0]).toEqual({
      box: 1,
      currentPence: 840_000,
      earlierPence: 820_000,
      changePence: 20_000,
      farApart: false,
    });
    expect(rows[5]).toMatchObject({ box: 6, changePence: 3_200_000, farApart: true });
    expect(rows.filter((row) => row.farApart).map((row) => row.box)).toEqual([6]);
  });
});

describe('finding the periods to compare with', () => {
  const quarter = { start: '2025-04-01', end: '2025-06-30' };

  it('takes as previous the period ending the day before', () => {
    expect(isPreviousPeriod({ start: '2025-01-01', end: '2025-03-31' }, quarter)).toBe(true);
    expect(isPreviousPeriod({ start: '2024-10-01', end: '2024-12-31' }, quarter)).toBe(false);
    expect(isPreviousPeriod({ start: '2025-03-01', end: '2025-03-31' }, quarter)).toBe(true); // a monthly one
  });

  it('takes the same dates a year before as last year, within a week for other staggers', () => {
    expect(isSamePeriodLastYear({ start: '2024-04-01', end: '2024-06-30' }, quarter)).toBe(true);
    expect(isSamePeriodLastYear({ start: '2024-03-29', end: '2024-06-28' }, quarter)).toBe(true); // 4-4-5 weeks
    expect(isSamePeriodLastYear({ start: '2024-05-01', end: '2024-07-31' }, quarter)).toBe(false);
    expect(isSamePeriodLastYear({ start: '2025-01-01', end: '2025-03-31' }, quarter)).toBe(false);
    // 29 February: a year before 2024-02-29 is 2023-02-28.
    expect(
      isSamePeriodLastYear({ start: '2023-02-01', end: '2023-02-28' }, { start: '2024-02-01', end: '2024-02-29' }),
    ).toBe(true);
  });
});
