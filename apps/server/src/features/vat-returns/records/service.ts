import {
  type BoxNumber,
  boxKey,
  type RecordPage,
  type RecordPageQuery,
  searchWords,
  type VatRecord,
  type VatRecordInput,
} from '@vatwise/domain';
import type { SessionUser } from '../../../plugins/access';
import { AppError } from '../../../plugins/errors';
import type { HmrcConnectionService } from '../../hmrc-connection';
import type { ActivityLog } from '../../practice';
import type { ReturnFigures } from '../drafts/figures';
import type { DraftService } from '../drafts/service';
import type { RecordRepo } from './repo';

export interface RecordServiceDeps {
  repo: RecordRepo;
  connections: HmrcConnectionService;
  /** Each business's audit trail (practices). */
  activity: ActivityLog;
  drafts: Pick<DraftService, 'returnOrThrow'>;
  figures: Pick<ReturnFigures, 'boxesOf' | 'cashOf'>;
  now?: () => Date;
}

/** How a record reads in a business's activity. */
const recordLabel = (record: VatRecordInput) => `${record.kind} of ${record.date}: ${record.description}`;

/** A business's digital records: listed, added, changed, deleted (undoably), and read a page of a return at a time. */
export class RecordService {
  private readonly now: () => Date;

  constructor(private readonly deps: RecordServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async listRecords(user: SessionUser, vrn: string, from: string, to: string): Promise<VatRecord[]> {
    await this.deps.connections.assertBusiness(user.workspaceId, vrn);
    return this.deps.repo.records(user.workspaceId, vrn, from, to);
  }

  async addRecord(user: SessionUser, vrn: string, input: VatRecordInput): Promise<VatRecord> {
    await this.deps.connections.assertBusiness(user.workspaceId, vrn);
    const [id] = await this.deps.repo.insertRecords(user.workspaceId, vrn, [{ input }], this.now().toISOString());
    const record = await this.recordOrThrow(user, id ?? '');
    await this.deps.activity.record(user, vrn, 'record_added', recordLabel(record));
    return record;
  }

  async updateRecord(user: SessionUser, id: string, input: VatRecordInput): Promise<VatRecord> {
    if (!(await this.deps.repo.updateRecord(user.workspaceId, id, input))) throw new AppError('RECORD_NOT_FOUND');
    const record = await this.recordOrThrow(user, id);
    await this.deps.activity.record(user, record.vrn, 'record_changed', recordLabel(record));
    return record;
  }

  async deleteRecord(user: SessionUser, id: string): Promise<void> {
    if (!(await this.deps.repo.setRecordDeleted(user.workspaceId, id, this.now().toISOString()))) {
      throw new AppError('RECORD_NOT_FOUND');
    }
    const record = await this.deps.repo.record(user.workspaceId, id, true);
    if (record) await this.deps.activity.record(user, record.vrn, 'record_deleted', recordLabel(record));
  }

  /** Undo of a deletion. */
  async restoreRecord(user: SessionUser, id: string): Promise<VatRecord> {
    if (!(await this.deps.repo.setRecordDeleted(user.workspaceId, id, null))) throw new AppError('RECORD_NOT_FOUND');
    const record = await this.recordOrThrow(user, id);
    await this.deps.activity.record(user, record.vrn, 'record_restored', recordLabel(record));
    return record;
  }

  private async recordOrThrow(user: SessionUser, id: string): Promise<VatRecord> {
    const record = await this.deps.repo.record(user.workspaceId, id);
    if (!record) throw new AppError('RECORD_NOT_FOUND');
    return record;
  }

  /**
   * One page of a return's records. A box filter keeps the records that add to that box under the
   * return's own scheme (found by their box facts, as worked out for its boxes).
   */
  async recordPage(user: SessionUser, id: string, query: RecordPageQuery): Promise<RecordPage> {
    const row = await this.deps.drafts.returnOrThrow(user, id);
    const boxKeys =
      query.box === undefined
        ? undefined
        : (await this.deps.figures.boxesOf(row)).keysByBox[boxKey(query.box as BoxNumber)];
    const page = await this.deps.repo.recordPage(
      row.owner_id,
      row.vrn,
      { from: row.period_start, to: row.period_end, cash: await this.deps.figures.cashOf(row) },
      { ...query, unpaid: query.unpaid === 'true', boxKeys, words: searchWords(query.search) },
    );
    return { ...page, pageSize: query.pageSize };
  }
}
