import {
  type BoxKey,
  type BoxNumber,
  type ComputedReturn,
  type VatRecord,
  boxKey,
  boxNumbers,
  dayBookOrder,
  firstRecordPage,
} from '@vatwise/domain';

export { isValueBox, recordAmounts } from '@vatwise/domain';

/** Records on one page of the table: a period of tens of thousands stays quick to show. */
export const recordsPerPage = firstRecordPage.pageSize;

/**
 * The page of records the Return page opens on (the records table's first page, in day-book
 * order): asked for beside the return itself, so the two load together rather than one after the
 * other. The server announces both with the page (a preload), so they load while the app starts.
 */
export function firstRecordPageQuery(id: string) {
  return { id, ...firstRecordPage } as const;
}

/** Records in day-book order: date, then the order they were made. */
export function sortRecords(records: readonly VatRecord[]): VatRecord[] {
  return [...records].sort(dayBookOrder);
}

export interface BoxLine {
  recordId: string;
  amountPence: number;
  /** The record's date and description as the server sent them with the line. */
  date: string | undefined;
  description: string | undefined;
}

export interface BoxBreakdown {
  box: BoxNumber;
  key: BoxKey;
  amountPence: number;
  /** The first of the records that make up the box (the server lists the first 100). */
  lines: BoxLine[];
  /** How many records make up the box in all. */
  lineCount: number;
  /** Box 1 on the flat rate scheme: the flat rate VAT, which belongs to no single record. */
  flatRateVatPence: number | null;
}

/** Each box with the first records that make it up, so the user can see why a box holds what it does. */
export function boxBreakdowns(computed: ComputedReturn): BoxBreakdown[] {
  return boxNumbers.map((box) => {
    const key = boxKey(box);
    return {
      box,
      key,
      amountPence: computed.boxes[key],
      lines: computed.contributions[key].map((line) => ({
        recordId: line.recordId,
        amountPence: line.amountPence,
        date: line.date,
        description: line.description,
      })),
      lineCount: computed.contributionCounts[key],
      flatRateVatPence: box === 1 && computed.flatRate ? computed.flatRate.flatRateVatPence : null,
    };
  });
}

/** '2–4, 7, 9–10' for the runs [[2, 4], [7, 7], [9, 10]]: the rows of a file an import used. */
export function describeRowRuns(runs: readonly (readonly [number, number])[]): string {
  return runs.map(([first, last]) => (first === last ? `${first}` : `${first}–${last}`)).join(', ');
}

/** '12.3 KB' for a file's size, in the units a file manager shows. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The first 12 hex digits of a SHA-256: enough to tell two files apart by eye. */
export function shortHash(sha256: string): string {
  return sha256.length > 12 ? `${sha256.slice(0, 12)}…` : sha256;
}
