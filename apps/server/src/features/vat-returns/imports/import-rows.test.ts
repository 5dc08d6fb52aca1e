import { describe, expect, it } from 'vitest';
import { rowsUsedOf } from './repo';

describe("an import's rows as stored", () => {
  it('reads the runs kept now, and the row numbers kept before them, the same way', () => {
    expect(rowsUsedOf('[[2,100001]]')).toEqual({ rowRuns: [[2, 100_001]], rowCount: 100_000 });
    expect(rowsUsedOf('[2,3,4,7,9,10]')).toEqual({
      rowRuns: [
        [2, 4],
        [7, 7],
        [9, 10],
      ],
      rowCount: 6,
    });
    expect(rowsUsedOf('[]')).toEqual({ rowRuns: [], rowCount: 0 });
  });
});
