import crypto from 'node:crypto';
import {
  type BoxTotalsMapping,
  boxTotalsMappingSchema,
  cashBasisFor,
  type ImportKind,
  type ImportPreview,
  type ImportProgress,
  type ImportRecord,
  rowRunsOf,
  type ImportResult,
  type TransactionMapping,
  transactionMappingSchema,
} from '@vatwise/domain';
import type { ActivityLog } from '../../practice';
import type { SessionUser } from '../../../plugins/access';
import { AppError } from '../../../plugins/errors';
import { type ImportedRecord, type PreviewInput, type ReadImport, problemOnly } from './preview';
import { fileTooLargeProblem } from './read-table';
import type { ImportUpload } from './upload';
import type { DraftRepo } from '../drafts/repo';
import type { RecordRepo } from '../records/repo';
import type { ImportRepo } from './repo';
import type { VatSchemeRepo } from '../schemes/repo';

/** Problems listed in an error body: enough to fix the file, not the whole file. */
const maxIssuesInError = 50;

/**
 * An import this large changes the table enough for PostgreSQL's planner to go wrong until its
 * statistics are taken again (a period's boxes took 140 ms instead of 60 right after 100,000 rows).
 */
const statisticsAfterRows = 5_000;

/**
 * Importing records from a CSV or XLSX file (bridging): preview, then apply. Applying refuses a
 * file with any problem, so nothing half-imported is recorded; the records, the file's name, size
 * and SHA-256 and the rows used are stored together (the digital link), and the column mapping is
 * remembered for the VRN.
 */
export class ImportService {
  constructor(
    private readonly repos: { drafts: Pick<DraftRepo, 'returnById'>; imports: ImportRepo; records: RecordRepo },
    /** Reads a file into records and problems (in a worker thread: import/preview-pool.ts). */
    private readonly read: (input: PreviewInput) => Promise<ReadImport>,
    private readonly now: () => Date = () => new Date(),
    /** Where an import's progress goes (the user's live channel); nowhere by default. */
    private readonly progress: (userId: string, progress: ImportProgress) => void = () => undefined,
    /** Each business's audit trail (practices); the import tests go without. */
    private readonly activity?: ActivityLog,
    /** The business's VAT schemes, to read the file as cash accounting counts it; none by default. */
    private readonly schemes?: Pick<VatSchemeRepo, 'schemes'>,
  ) {}

  private async onCashAccounting(ownerId: string, vrn: string, draft: { period_start: string; period_end: string }) {
    if (!this.schemes) return false;
    const schemes = await this.schemes.schemes(ownerId, vrn);
    return cashBasisFor(schemes, { start: draft.period_start, end: draft.period_end }) !== null;
  }

  private async draftFor(user: SessionUser, body: ImportUpload) {
    const draft = await this.repos.drafts.returnById(user.workspaceId, body.draftId);
    if (!draft || draft.vrn !== body.vrn) throw new AppError('RETURN_NOT_FOUND');
    if (draft.status !== 'draft' && draft.status !== 'failed') throw new AppError('RETURN_LOCKED');
    return draft;
  }

  private async remembered(user: SessionUser, vrn: string, kind: ImportKind) {
    const stored = await this.repos.imports.mapping(user.workspaceId, vrn, kind);
    const schema = kind === 'transactions' ? transactionMappingSchema : boxTotalsMappingSchema;
    const parsed = schema.safeParse(stored);
    return parsed.success ? (parsed.data as TransactionMapping | BoxTotalsMapping) : undefined;
  }

  /** What the file would import: its first records and problems, and how many of each in all. */
  async preview(user: SessionUser, body: ImportUpload): Promise<ImportPreview> {
    const { recordBatches: _unread, ...preview } = await this.parse(user, body, false);
    return preview;
  }

  private async parse(user: SessionUser, body: ImportUpload, withBatches: boolean): Promise<ReadImport> {
    const draft = await this.draftFor(user, body);
    const rememberedMapping = await this.remembered(user, body.vrn, body.kind);
    const input: PreviewInput = {
      kind: body.kind,
      fileName: body.fileName,
      content: body.content,
      ...(body.mapping ? { mapping: body.mapping } : {}),
      ...(rememberedMapping ? { rememberedMapping } : {}),
      period: {
        start: draft.period_start,
        end: draft.period_end,
        cashAccounting: await this.onCashAccounting(user.workspaceId, draft.vrn, draft),
      },
      withBatches,
      requestedBy: user.id,
    };
    return body.tooLarge ? problemOnly(input, fileTooLargeProblem()) : this.read(input);
  }

  async apply(user: SessionUser, body: ImportUpload): Promise<ImportResult> {
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
    body: ImportUpload,
    recording: (done: number, total: number) => void,
  ): Promise<ImportResult> {
    const parsed = await this.parse(user, body, true);
    if (parsed.problemCount > 0 || parsed.recordCount === 0) {
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
    const importId = crypto.randomUUID();
    const total = parsed.recordCount;
    // One transaction: the records, the import and the mapping are kept together or not at all.
    const result = await this.repos.imports.transaction(async (repo) => {
      recording(0, total);
      const rowsUsed: number[] = [];
      for (const batch of parsed.recordBatches) {
        // Parsed one batch at a time, just before it is written: no long pause for other requests.
        const records = (JSON.parse(batch) as ImportedRecord[]).map(({ input, row }) => {
          rowsUsed.push(row);
          return { input, importId, importRow: row };
        });
        await repo.records.insertRecords(user.workspaceId, body.vrn, records, importedAt);
        recording(rowsUsed.length, total);
      }
      const record: ImportRecord = {
        id: importId,
        draftId: body.draftId,
        kind: body.kind,
        fileName: parsed.fileName,
        sizeBytes: parsed.sizeBytes,
        sha256: parsed.sha256,
        rowRuns: rowRunsOf(rowsUsed),
        rowCount: rowsUsed.length,
        importedAt,
      };
      await repo.imports.insertImport(user.workspaceId, body.vrn, record);
      if (parsed.mapping) await repo.imports.saveMapping(user.workspaceId, body.vrn, body.kind, parsed.mapping);
      return { import: record, recordCount: rowsUsed.length };
    });
    if (total >= statisticsAfterRows) await this.repos.records.refreshRecordStatistics();
    await this.activity?.record(user, body.vrn, 'imported', `${parsed.fileName}: ${result.recordCount} records`);
    return result;
  }

  /** The return's imports; a return that is not the user's (or none at all) is a 404, not an empty list. */
  async list(user: SessionUser, draftId: string): Promise<ImportRecord[]> {
    if (!(await this.repos.drafts.returnById(user.workspaceId, draftId))) throw new AppError('RETURN_NOT_FOUND');
    return this.repos.imports.imports(user.workspaceId, draftId);
  }
}
