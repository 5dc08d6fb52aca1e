import crypto from 'node:crypto';
import {
  type BoxTotalsMapping,
  boxTotalsMappingSchema,
  type ImportKind,
  type ImportPreview,
  type ImportProgress,
  type ImportRecord,
  type ImportResult,
  importPreviewSample,
  type TransactionMapping,
  transactionMappingSchema,
  type importBodySchema,
} from '@vatwise/domain';
import type { z } from 'zod';
import type { SessionUser } from '../../plugins/access';
import { AppError } from '../../plugins/errors';
import type { ParsedImport, PreviewInput } from './import/preview';
import type { VatReturnRepo } from './repo';

type ImportBody = z.infer<typeof importBodySchema>;

/** Problems listed in an error body: enough to fix the file, not the whole file. */
const maxIssuesInError = 50;

/**
 * Importing records from a CSV or XLSX file (bridging): preview, then apply. Applying refuses a
 * file with any problem, so nothing half-imported is recorded; the records, the file's name, size
 * and SHA-256 and the rows used are stored together (the digital link), and the column mapping is
 * remembered for the VRN.
 */
export class ImportService {
  constructor(
    private readonly repo: VatReturnRepo,
    /** Reads a file into records and problems (in a worker thread: import/preview-pool.ts). */
    private readonly read: (input: PreviewInput) => Promise<ParsedImport>,
    private readonly now: () => Date = () => new Date(),
    /** Where an import's progress goes (the user's live channel); nowhere by default. */
    private readonly progress: (userId: string, progress: ImportProgress) => void = () => undefined,
  ) {}

  private async draftFor(user: SessionUser, body: ImportBody) {
    const draft = await this.repo.returnById(user.id, body.draftId);
    if (!draft || draft.vrn !== body.vrn) throw new AppError('RETURN_NOT_FOUND');
    if (draft.status !== 'draft' && draft.status !== 'failed') throw new AppError('RETURN_LOCKED');
    return draft;
  }

  private async remembered(user: SessionUser, vrn: string, kind: ImportKind) {
    const stored = await this.repo.mapping(user.id, vrn, kind);
    const schema = kind === 'transactions' ? transactionMappingSchema : boxTotalsMappingSchema;
    const parsed = schema.safeParse(stored);
    return parsed.success ? (parsed.data as TransactionMapping | BoxTotalsMapping) : undefined;
  }

  /** What the file would import: its first records and problems, and how many of each in all. */
  async preview(user: SessionUser, body: ImportBody): Promise<ImportPreview> {
    const parsed = await this.parse(user, body);
    return {
      ...parsed,
      records: parsed.records.slice(0, importPreviewSample.records),
      rows: parsed.rows.slice(0, importPreviewSample.records),
      recordCount: parsed.records.length,
      problems: parsed.problems.slice(0, importPreviewSample.problems),
      problemCount: parsed.problems.length,
    };
  }

  private async parse(user: SessionUser, body: ImportBody): Promise<ParsedImport> {
    const draft = await this.draftFor(user, body);
    const rememberedMapping = await this.remembered(user, body.vrn, body.kind);
    return this.read({
      kind: body.kind,
      fileName: body.fileName,
      content: Buffer.from(body.contentBase64, 'base64'),
      ...(body.mapping ? { mapping: body.mapping } : {}),
      ...(rememberedMapping ? { rememberedMapping } : {}),
      period: { start: draft.period_start, end: draft.period_end },
    });
  }

  async apply(user: SessionUser, body: ImportBody): Promise<ImportResult> {
    const tell = (stage: ImportProgress['stage'], done: number, total: number) =>
      this.progress(user.id, { draftId: body.draftId, fileName: body.fileName, stage, done, total });
    tell('reading', 0, 0);
    try {
      const result = await this.record(user, body, (done, total) => tell('recording', done, total));
      tell('done', result.recordCount, result.recordCount);
      return result;
    } catch (error) {
      tell('failed', 0, 0);
      throw error;
    }
  }

  private async record(
    user: SessionUser,
    body: ImportBody,
    recording: (done: number, total: number) => void,
  ): Promise<ImportResult> {
    const parsed = await this.parse(user, body);
    if (parsed.problems.length > 0 || parsed.records.length === 0) {
      const issues = parsed.problems.slice(0, maxIssuesInError).map((problem) => ({
        path: [problem.row === null ? '' : `row ${problem.row}`, problem.column ?? ''].filter(Boolean).join(', '),
        message: problem.message,
      }));
      throw new AppError(
        'IMPORT_HAS_PROBLEMS',
        undefined,
        issues.length > 0 ? issues : [{ path: '', message: 'The file has no rows to import.' }],
      );
    }
    const importedAt = this.now().toISOString();
    const record: ImportRecord = {
      id: crypto.randomUUID(),
      draftId: body.draftId,
      kind: body.kind,
      fileName: parsed.fileName,
      sizeBytes: parsed.sizeBytes,
      sha256: parsed.sha256,
      rowsUsed: parsed.rows,
      importedAt,
    };
    // One transaction: the records, the import and the mapping are kept together or not at all.
    const ids = await this.repo.transaction(async (repo) => {
      recording(0, parsed.records.length);
      const inserted = await repo.insertRecords(
        user.id,
        body.vrn,
        parsed.records.map((input, index) => ({ input, importId: record.id, importRow: parsed.rows[index] ?? 0 })),
        importedAt,
        (written) => recording(written, parsed.records.length),
      );
      await repo.insertImport(user.id, body.vrn, record);
      if (parsed.mapping) await repo.saveMapping(user.id, body.vrn, body.kind, parsed.mapping);
      return inserted;
    });
    return { import: record, recordCount: ids.length };
  }

  list(user: SessionUser, draftId: string): Promise<ImportRecord[]> {
    return this.repo.imports(user.id, draftId);
  }
}
