import { describe, expect, it } from 'vitest';
import { compareSortValues, nextSortState, sortRows } from './sort';

interface Row {
  id: string;
  due: string | null;
  pence: number | null;
  type: string;
}

const rows: Row[] = [
  { id: 'a', due: '2024-03-07', pence: 1_000_00, type: 'VAT Return Debit Charge' },
  { id: 'b', due: null, pence: -50, type: 'VAT Central Assessment' },
  { id: 'c', due: '2023-12-31', pence: 99, type: 'vat OA Debit Charge' },
  { id: 'd', due: '2024-10-01', pence: null, type: 'VAT Officer’s Assessment' },
];

const ids = (sorted: Row[]) => sorted.map((row) => row.id);

describe('sorting the VAT tables', () => {
  it('sorts ISO dates in calendar order both ways, with a missing date last each time', () => {
    expect(ids(sortRows(rows, (row) => row.due, 'ascending'))).toEqual(['c', 'a', 'd', 'b']);
    expect(ids(sortRows(rows, (row) => row.due, 'descending'))).toEqual(['d', 'a', 'c', 'b']);
  });

  it('sorts pence as numbers (not as text), negatives first, missing last', () => {
    expect(ids(sortRows(rows, (row) => row.pence, 'ascending'))).toEqual(['b', 'c', 'a', 'd']);
    expect(ids(sortRows(rows, (row) => row.pence, 'descending'))).toEqual(['a', 'c', 'b', 'd']);
  });

  it('sorts text ignoring case', () => {
    expect(ids(sortRows(rows, (row) => row.type, 'ascending'))).toEqual(['b', 'c', 'd', 'a']);
  });

  it('keeps the original order of equal values and does not change the list it was given', () => {
    const same = [
      { id: 'x', due: '2024-01-01' },
      { id: 'y', due: '2024-01-01' },
      { id: 'z', due: null },
      { id: 'w', due: null },
    ];
    const before = [...same];
    expect(sortRows(same, (row) => row.due, 'descending').map((row) => row.id)).toEqual(['x', 'y', 'z', 'w']);
    expect(same).toEqual(before);
  });

  it('compares ISO dates by their characters and numbers numerically', () => {
    expect(compareSortValues('2017-10-01', '2017-09-30')).toBeGreaterThan(0);
    expect(compareSortValues(900, 10_000)).toBeLessThan(0);
    expect(compareSortValues('2017-01-31', '2017-01-31')).toBe(0);
  });

  it('flips the direction on the same column and starts a new column ascending', () => {
    expect(nextSortState(undefined, 'due')).toEqual({ column: 'due', direction: 'ascending' });
    expect(nextSortState({ column: 'due', direction: 'ascending' }, 'due')).toEqual({
      column: 'due',
      direction: 'descending',
    });
    expect(nextSortState({ column: 'due', direction: 'descending' }, 'due')).toEqual({
      column: 'due',
      direction: 'ascending',
    });
    expect(nextSortState({ column: 'due', direction: 'descending' }, 'amount')).toEqual({
      column: 'amount',
      direction: 'ascending',
    });
  });
});
