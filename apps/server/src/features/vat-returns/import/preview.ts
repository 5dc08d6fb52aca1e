import { createHash } from 'node:crypto';
import type { ImportKind, ImportPreview, ImportProblem } from '@vatwise/domain';
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
}

const fieldsToChoose: Record<ImportKind, string> = {
  transactions: 'the date, description, net amount and VAT',
  boxTotals: 'the box number and the amount',
};

/** Everything a file would import: every record and every problem (a preview sends a sample). */
export type ParsedImport = Omit<ImportPreview, 'recordCount' | 'problemCount'>;

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
