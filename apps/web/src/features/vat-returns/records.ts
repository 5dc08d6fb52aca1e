import {
  type BoxKey,
  type BoxNumber,
  type ComputedReturn,
  type VatRecord,
  type VatRecordInput,
  boxKey,
  boxNumbers,
} from '@vatwise/domain';

/** Records in date order, then in the order they were made, as in a day book. */
export function sortRecords(records: readonly VatRecord[]): VatRecord[] {
  return [...records].sort((a, b) => a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt));
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

export interface BoxLine {
  recordId: string;
  amountPence: number;
  /** Undefined if the record is not in the list (deleted in another tab since the figures were worked out). */
  record: VatRecord | undefined;
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

/**
 * Each box with the records that make it up (the server's `contributions`, matched to the records
 * list by id) so the user can see why a box holds what it does.
 */
export function boxBreakdowns(computed: ComputedReturn, records: readonly VatRecord[]): BoxBreakdown[] {
  const byId = new Map(records.map((record) => [record.id, record]));
  return boxNumbers.map((box) => {
    const key = boxKey(box);
    return {
      box,
      key,
      amountPence: computed.boxes[key],
      lines: computed.contributions[key].map((line) => ({ ...line, record: byId.get(line.recordId) })),
      lineCount: computed.contributionCounts[key],
      flatRateVatPence: box === 1 && computed.flatRate ? computed.flatRate.flatRateVatPence : null,
    };
  });
}

/** 'Rows 2–4, 7': the rows of a file an import used, in runs. */
export function describeRows(rows: readonly number[]): string {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const runs: string[] = [];
  let start: number | undefined;
  let previous: number | undefined;
  for (const row of [...sorted, Number.NaN]) {
    if (start !== undefined && previous !== undefined && row === previous + 1) {
      previous = row;
      continue;
    }
    if (start !== undefined && previous !== undefined)
      runs.push(start === previous ? `${start}` : `${start}–${previous}`);
    start = row;
    previous = row;
  }
  return runs.join(', ');
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
