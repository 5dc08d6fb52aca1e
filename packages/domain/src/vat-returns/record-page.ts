import { z } from 'zod';
import type { VatRecord, VatRecordInput } from './api';
import { ukLocale } from '../languages';

/**
 * One page of a return's records, as the Return page asks for it: a period of 100,000 records is
 * never sent or drawn whole. Pure: the server loads the period's records and, for a box filter,
 * the ids of the records that add to that box.
 */

export const recordSortKeys = ['date', 'description', 'net', 'vat'] as const;
export type RecordSortKey = (typeof recordSortKeys)[number];

/** The most records one page may hold. */
export const maxRecordPageSize = 500;

export const recordPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxRecordPageSize).default(100),
  sort: z.enum(recordSortKeys).default('date'),
  order: z.enum(['asc', 'desc']).default('asc'),
  /** Only the records that add to this box (1-9). */
  box: z.coerce.number().int().min(1).max(9).optional(),
  /** Words in the description or an adjustment's reason, in any case. */
  search: z.string().trim().max(200).optional(),
  /**
   * 'true': under cash accounting, the invoices not paid by the period's end instead (not in the
   * return: listed so they can be marked paid). Off cash accounting there are none.
   */
  unpaid: z.enum(['true']).optional(),
});
export type RecordPageQuery = z.infer<typeof recordPageQuerySchema>;

/** The page of records the Return page opens on. */
export const firstRecordPage = {
  page: 1,
  pageSize: 100,
  sort: 'date',
  order: 'asc',
} as const satisfies RecordPageQuery;

/** A return's address in the API. */
export const vatReturnPath = (id: string): string => `/api/vat_returns/${encodeURIComponent(id)}`;

/**
 * The address of a page of a return's records, unset filters left out. The browser asks for
 * exactly this one and the server announces the first page by it, so the answer the page's
 * preload fetched is the one the screen uses.
 */
export function recordPagePath(id: string, query: Partial<RecordPageQuery>): string {
  const search = Object.entries(query)
    .flatMap(([name, value]) =>
      value === undefined || value === '' ? [] : [`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`],
    )
    .join('&');
  return `${vatReturnPath(id)}/records${search ? `?${search}` : ''}`;
}

export interface RecordPage {
  records: VatRecord[];
  /** Records that match the filter, on every page. */
  total: number;
  /** The page sent: the last one when the one asked for is past the end. */
  page: number;
  pageSize: number;
}

/** Boxes 6-9 hold values without VAT; 1, 2 and 4 hold VAT. */
export const isValueBox = (box: number): boolean => box >= 6;

/**
 * The net and VAT columns for any record: a sale or purchase has both; an adjustment or box total
 * moves one box, so its amount shows as net for a value box (6-9) and as VAT for a VAT box (1, 2, 4).
 */
export function recordAmounts(record: VatRecordInput): { netPence: number | null; vatPence: number | null } {
  if (record.kind === 'adjustment' || record.kind === 'boxTotal') {
    return isValueBox(record.box)
      ? { netPence: record.amountPence, vatPence: null }
      : { netPence: null, vatPence: record.amountPence };
  }
  return { netPence: record.netPence, vatPence: record.vatPence };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Date order, then the order they were made, as in a day book (an import's records, made at one
 * time, in the file's order). The same order as the server's SQL.
 */
export function dayBookOrder(a: VatRecord, b: VatRecord): number {
  return (
    compareText(a.date, b.date) ||
    compareText(a.createdAt, b.createdAt) ||
    (a.source?.row ?? 0) - (b.source?.row ?? 0) ||
    compareText(a.id, b.id)
  );
}

/** How descriptions sort: in English order, case aside, numbers by value (Item 2 before Item 10). */
export const descriptionOrder = new Intl.Collator(ukLocale, { sensitivity: 'base', numeric: true });

/** An amount column: records without that amount go last whichever the order. */
function byAmount(pick: (record: VatRecord) => number | null) {
  return (a: VatRecord, b: VatRecord, direction: 1 | -1) => {
    const x = pick(a);
    const y = pick(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return (x - y) * direction;
  };
}

const columnOrder: Record<RecordSortKey, (a: VatRecord, b: VatRecord, direction: 1 | -1) => number> = {
  date: (a, b, direction) => dayBookOrder(a, b) * direction,
  description: (a, b, direction) => descriptionOrder.compare(a.description, b.description) * direction,
  net: byAmount((record) => recordAmounts(record).netPence),
  vat: byAmount((record) => recordAmounts(record).vatPence),
};

/** What a search looks in: the description and an adjustment's reason, in lower case (stored so with each record). */
export function searchTextOf(record: VatRecordInput): string {
  return [record.description, 'reason' in record ? record.reason : ''].join(' ').toLocaleLowerCase(ukLocale);
}

/** A search's words: each must be in a record's search text. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').toLocaleLowerCase(ukLocale).split(/\s+/).filter(Boolean);
}

function matches(record: VatRecord, words: string[]): boolean {
  const text = searchTextOf(record);
  return words.every((word) => text.includes(word));
}

function inDayBookOrder(records: readonly VatRecord[]): boolean {
  for (let index = 1; index < records.length; index++) {
    if (dayBookOrder(records[index - 1] as VatRecord, records[index] as VatRecord) > 0) return false;
  }
  return true;
}

/**
 * The page of `records` the query asks for: filtered by box (`inBox`, the ids that add to the
 * query's box) and by the search's words, sorted by the column (ties in day-book order), then cut.
 */
export function pageOfRecords(
  records: readonly VatRecord[],
  query: RecordPageQuery,
  inBox?: ReadonlySet<string>,
): RecordPage {
  const words = searchWords(query.search);
  const chosen = records.filter(
    (record) => (!inBox || inBox.has(record.id)) && (words.length === 0 || matches(record, words)),
  );
  const direction = query.order === 'desc' ? -1 : 1;
  if (query.sort === 'date' && inDayBookOrder(chosen)) {
    // As the server reads them already: no sort needed, only turned round for newest first.
    if (direction === -1) chosen.reverse();
  } else {
    const compare = columnOrder[query.sort];
    chosen.sort((a, b) => compare(a, b, direction) || dayBookOrder(a, b));
  }
  const lastPage = Math.max(1, Math.ceil(chosen.length / query.pageSize));
  const page = Math.min(query.page, lastPage);
  const first = (page - 1) * query.pageSize;
  return { records: chosen.slice(first, first + query.pageSize), total: chosen.length, page, pageSize: query.pageSize };
}
