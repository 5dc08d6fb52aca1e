import { ukLocale } from '@vatwise/domain';

/**
 * Sorting for the VAT tables. Values are what the data already is: ISO dates as text, money as
 * integer pence, labels as text. A missing value (no due date, no outstanding amount) goes last
 * whichever way the column is sorted, so the rows that have it stay together at the top.
 */

export type SortValue = string | number | null | undefined;
export type SortDirection = 'ascending' | 'descending';

export interface SortState {
  column: string;
  direction: SortDirection;
}

const isoDate = /^\d{4}-\d{2}-\d{2}/;

/** Ascending order of two present values. */
export function compareSortValues(a: string | number, b: string | number, locale = ukLocale): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const left = String(a);
  const right = String(b);
  // ISO dates sort by their characters; a collator might weigh the hyphens differently.
  if (isoDate.test(left) && isoDate.test(right)) return left < right ? -1 : left > right ? 1 : 0;
  return left.localeCompare(right, locale, { numeric: true, sensitivity: 'base' });
}

const isMissing = (value: SortValue): value is null | undefined => value === null || value === undefined;

/** A sorted copy; rows that compare equal keep their order (HMRC's, which the server already sorted). */
export function sortRows<Row>(
  rows: readonly Row[],
  valueOf: (row: Row) => SortValue,
  direction: SortDirection,
  locale?: string,
): Row[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: valueOf(row) }))
    .sort((a, b) => {
      if (isMissing(a.value) || isMissing(b.value)) {
        if (isMissing(a.value) && isMissing(b.value)) return a.index - b.index;
        return isMissing(a.value) ? 1 : -1;
      }
      return sign * compareSortValues(a.value, b.value, locale) || a.index - b.index;
    })
    .map((entry) => entry.row);
}

/** A click on a column's header: the same column flips, another starts ascending. */
export function nextSortState(current: SortState | undefined, column: string): SortState {
  if (current?.column === column) {
    return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { column, direction: 'ascending' };
}
