import { type ImportKind, type ImportRecord, rowRunsOf } from '@vatwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { RecordRepo } from '../records/repo';

/**
 * An import's rows that became records, as stored: runs [first, last] since stop 27, each row's
 * number before that.
 */
export function rowsUsedOf(stored: string): Pick<ImportRecord, 'rowRuns' | 'rowCount'> {
  const value = JSON.parse(stored) as number[] | [number, number][];
  const rowRuns = value.every((item) => typeof item === 'number')
    ? rowRunsOf(value as number[])
    : (value as [number, number][]);
  return { rowRuns, rowCount: rowRuns.reduce((count, [first, last]) => count + last - first + 1, 0) };
}

/** SQL for imports (bridging): the files imported, their rows used, the column mappings remembered. */
export class ImportRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction, with the records' and the imports' repositories bound to it. */
  transaction<T>(work: (repos: { records: RecordRepo; imports: ImportRepo }) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work({ records: new RecordRepo(trx), imports: new ImportRepo(trx) }));
  }

  async insertImport(ownerId: string, vrn: string, record: ImportRecord): Promise<void> {
    await this.db
      .insertInto('vat_import')
      .values({
        id: record.id,
        owner_id: ownerId,
        vrn,
        return_id: record.draftId,
        kind: record.kind,
        file_name: record.fileName,
        size_bytes: record.sizeBytes,
        sha256: record.sha256,
        rows_used: JSON.stringify(record.rowRuns),
        imported_at: record.importedAt,
      })
      .execute();
  }

  async imports(ownerId: string, returnId: string): Promise<ImportRecord[]> {
    const rows = await this.db
      .selectFrom('vat_import')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('return_id', '=', returnId)
      .orderBy('imported_at')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      draftId: row.return_id,
      kind: row.kind as ImportKind,
      fileName: row.file_name,
      sizeBytes: row.size_bytes,
      sha256: row.sha256,
      ...rowsUsedOf(row.rows_used),
      importedAt: row.imported_at,
    }));
  }

  async mapping(ownerId: string, vrn: string, kind: ImportKind): Promise<unknown> {
    const row = await this.db
      .selectFrom('import_mapping')
      .select('mapping')
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return row ? (JSON.parse(row.mapping) as unknown) : undefined;
  }

  async saveMapping(ownerId: string, vrn: string, kind: ImportKind, mapping: unknown): Promise<void> {
    const text = JSON.stringify(mapping);
    await this.db
      .insertInto('import_mapping')
      .values({ owner_id: ownerId, vrn, kind, mapping: text })
      .onConflict((conflict) => conflict.columns(['owner_id', 'vrn', 'kind']).doUpdateSet({ mapping: text }))
      .execute();
  }

  /** The names of a VRN's imported files, by import id (the audit report's digital links). */
  async importFileNames(ownerId: string, vrn: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('vat_import')
      .select(['id', 'file_name'])
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .execute();
    return new Map(rows.map((row) => [row.id, row.file_name]));
  }
}
