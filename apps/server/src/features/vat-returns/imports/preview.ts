import { createHash } from 'node:crypto';
import {
  type ImportKind,
  type ImportPreview,
  type ImportProblem,
  type VatRecordInput,
  importPreviewSample,
} from '@vatwise/domain';
import { type ImportMapping, checkMapping, suggestMapping } from './mapping';
import { type ImportPeriod, parseRecords } from './parse-records';
import { readTable } from './read-table';

/**
 * What an uploaded file would import, before anything is saved: its size and fingerprint, its
 * columns, the mapping used (the one sent, else the one remembered for this VRN if the file has all
 * its columns, else a guess from the headings), the records with their rows, and the problems.
 * Pure apart from hashing: no database, no HTTP.
 */

export interface PreviewInput {
  kind: ImportKind;
  fileName: string;
  content: Buffer;
  /** The columns the user chose, if any. */
  mapping?: ImportMapping;
  /** The mapping last used for this VRN and kind, if any. */
  rememberedMapping?: ImportMapping | null;
  period: ImportPeriod;
  /** Send every record back in batches (to import them); a preview needs only the sample. */
  withBatches?: boolean;
  /** Whose file it is: each person's files are read one at a time, in turn with others' (preview-pool.ts). */
  requestedBy?: string;
}

const fieldsToChoose: Record<ImportKind, string> = {
  transactions: 'the date, description, net amount and VAT',
  boxTotals: 'the box number and the amount',
};

/** Everything a file would import: every record and every problem (a preview sends a sample). */
export type ParsedImport = Omit<ImportPreview, 'recordCount' | 'problemCount'>;

/** A record as an import writes it: what it says, and the file's row it came from. */
export interface ImportedRecord {
  input: VatRecordInput;
  row: number;
}

/** Records per batch in ReadImport.recordBatches: one database statement's worth. */
export const recordBatchSize = 1000;

/**
 * What reading a file in a worker thread answers: the preview (a sample and the counts) and, when
 * asked for, every record as JSON text of `ImportedRecord[]`, recordBatchSize at a time. A few
 * long strings cross between threads in milliseconds, where 100,000 records as objects held the
 * server's event loop for a fifth of a second; each batch is parsed only as it is written.
 */
export interface ReadImport extends ImportPreview {
  recordBatches: string[];
}

export function toReadImport(parsed: ParsedImport, withBatches: boolean): ReadImport {
  const recordBatches: string[] = [];
  if (withBatches) {
    for (let start = 0; start < parsed.records.length; start += recordBatchSize) {
      const batch = parsed.records
        .slice(start, start + recordBatchSize)
        .map((input, index): ImportedRecord => ({ input, row: parsed.rows[start + index] ?? 0 }));
      recordBatches.push(JSON.stringify(batch));
    }
  }
  return {
    ...parsed,
    records: parsed.records.slice(0, importPreviewSample.records),
    rows: parsed.rows.slice(0, importPreviewSample.records),
    recordCount: parsed.records.length,
    problems: parsed.problems.slice(0, importPreviewSample.problems),
    problemCount: parsed.problems.length,
    recordBatches,
  };
}

/**
 * A file refused whole, outside the worker (too large, too slow, too hungry): one problem. It is
 * not fingerprinted (sha256 is empty): nothing of it is kept, and hashing 20 MB would hold the
 * event loop.
 */
export function problemOnly(input: PreviewInput, problem: ImportProblem): ReadImport {
  const parsed: ParsedImport = {
    fileName: input.fileName,
    sizeBytes: input.content.length,
    sha256: '',
    columns: [],
    mapping: input.mapping ?? null,
    records: [],
    rows: [],
    problems: [problem],
  };
  return toReadImport(parsed, false);
}

export async function previewImport(input: PreviewInput): Promise<ParsedImport> {
  const { kind, fileName, content, period } = input;
  const base = {
    fileName,
    sizeBytes: content.length,
    sha256: createHash('sha256').update(content).digest('hex'),
  };
  const table = await readTable(fileName, content);
  if ('problem' in table) {
    return { ...base, columns: [], mapping: input.mapping ?? null, records: [], rows: [], problems: [table.problem] };
  }
  const { columns } = table;
  const remembered =
    input.rememberedMapping && checkMapping(kind, input.rememberedMapping, columns).length === 0
      ? input.rememberedMapping
      : null;
  const mapping = input.mapping ?? remembered ?? suggestMapping(kind, columns);
  if (!mapping) {
    const problem: ImportProblem = {
      row: null,
      column: null,
      message: `Choose which columns hold ${fieldsToChoose[kind]}: VAT Wise could not tell from the headings (${columns.map((column) => `"${column}"`).join(', ')})`,
    };
    return { ...base, columns, mapping: null, records: [], rows: [], problems: [problem] };
  }
  const parsed = parseRecords(kind, table, mapping, period, fileName);
  return { ...base, columns, mapping, ...parsed };
}
