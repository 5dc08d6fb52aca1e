import crypto from 'node:crypto';
import {
  type ReturnStatus,
  type BoxNumber,
  boxKey,
  boxNumbers,
  type ComputedReturn,
  computeReturn,
  computeReturnOfGroups,
  firstSubmitDay,
  periodHasEnded,
  ukToday,
  periodPartEnds,
  type RecordPage,
  type RecordPageQuery,
  searchWords,
  type FlatRateSettings,
  flatRateSector,
  type ReturnDraft,
  type ReturnChange,
  type ReturnNote,
  type ReturnReview,
  type NineBoxes,
  type ReturnComparison,
  canApproveReturns,
  type VatRecord,
  type VatRecordInput,
  decideErrorCorrection,
  type ErrorCorrection,
  type ErrorCorrectionInput,
  errorCorrectionProblems,
  type ErrorCorrectionWorking,
  type RecordGroup,
  type ReturnErrorCorrections,
  vat652Content,
  type CashBasis,
  cashAccountingWarnings,
  cashBasisFor,
  schemesInEffect,
  taxableTurnoverOfGroups,
  yearTo,
} from '@vatwise/domain';
import type { FraudHeaders, HmrcClient } from '@vatwise/hmrc';
import type { FastifyBaseLogger } from 'fastify';
import { assertPracticeMay, type SessionUser } from '../../plugins/access';
import { AppError } from '../../plugins/errors';
import type { FraudHeaderSource, HmrcConnectionService } from '../hmrc-connection';
import type { VatDataService, VatReader } from '../vat-operations';
import type { ActivityLog } from '../practice';
import { correctionGroupsOf, correctionLinesOf } from './error-corrections/corrections';
import type { ErrorCorrectionRepo } from './error-corrections/repo';
import type { VatSchemeRepo } from './schemes/repo';
import type { ClientApprovalHooks } from './client-approval/hooks';
import { type AuditHeader, type AuditLine, auditLines } from './reports/audit-report';
import { ComparisonHmrcCache, compareReturn, type Figures } from './drafts/comparison';
import { filedElsewhereOf, flatRateOf, type LastError, type ReturnRow, type SentBy, type VatReturnRepo } from './repo';
import {
  answerWindowMs,
  errorMessage,
  errorOf,
  isRefusal,
  sameBoxes,
  type SettledReturn,
  settleReturn,
  submissionBody,
} from './submission/settle';

/** Contributions listed per box in a return read by the screen. */
const contributionsPerBox = 100;
/**
 * VAT returns (issue "VAT returns: prepare, check and submit exactly once"). A return is built from
 * the period's digital records; submitting claims the return in one database statement before
 * anything is sent, so two clicks, two tabs or two servers send it once; an answer lost on the way
 * (time-out, crash) is settled by asking HMRC for the return, never by sending it again
 * (hmrc-mtd-vat.md 6.2).
 */

export interface VatReturnServiceDeps {
  repo: VatReturnRepo;
  connections: HmrcConnectionService;
  vatData: VatDataService;
  /** For the submission itself; HMRC's data is read through vatData. */
  client: HmrcClient;
  fraud: FraudHeaderSource;
  log: FastifyBaseLogger;
  /** Each business's audit trail (practices). */
  activity: ActivityLog;
  /** Whether a workspace files only approved returns (the practice's policy). */
  requiresReview(workspaceId: string): Promise<boolean>;
  /** The business's VAT schemes, each from a date (cash accounting changes which records count). */
  schemes: Pick<VatSchemeRepo, 'schemes'>;
  /** Errors found in earlier returns, kept per return (VAT Notice 700/45). */
  errorCorrections: ErrorCorrectionRepo;
  /** The business's name as the connection keeps it (for the separate notification). */
  businessName(ownerId: string, vrn: string): Promise<string>;
  /** The client's approval through their link (client-approval/): its state, the filing rule, the receipt's names. */
  clientApproval?: ClientApprovalHooks;
  now?: () => Date;
}

/**
 * A return's boxes (computeReturnOfGroups) with the errors found in it and the method they take, and
 * how its period counts records (cash accounting: by payment date), read once for all of them.
 */
type ReturnBoxes = ReturnType<typeof computeReturnOfGroups> & {
  corrections: ErrorCorrection[];
  correctionWorking: ErrorCorrectionWorking;
  cash: CashBasis | null;
};

const noApproval = { approved_by: null, approved_by_name: null, approved_at: null, approved_boxes: null };
const noReview = { ready_by: null, ready_by_name: null, ready_at: null, ...noApproval };

/** How a record reads in a business's activity. */
const recordLabel = (record: VatRecordInput) => `${record.kind} of ${record.date}: ${record.description}`;

export class VatReturnService {
  private readonly now: () => Date;
  /** HMRC's part of the checks before filing, reused a few minutes (comparison.ts). */
  private readonly comparisonCache = new ComparisonHmrcCache();
  private readonly returnChangedListeners = new Set<(workspaceId: string, change: ReturnChange) => void>();

  constructor(private readonly deps: VatReturnServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  // --- records -----------------------------------------------------------------------------

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

  // --- returns -----------------------------------------------------------------------------

  /**
   * Starts (or reopens) the return for an open obligation (spec section 7, /initiate_vat_return).
   * The period's dates come from HMRC's open obligations, so only a period HMRC expects can start.
   */
  async initiate(
    user: SessionUser,
    fraudHeaders: FraudHeaders,
    input: {
      vrn: string;
      userId?: string | undefined;
      periodKey: string;
      flatRateScheme: boolean;
      flatRatePercentage?: number | null | undefined;
      flatRateSector?: string | undefined;
    },
  ): Promise<{ draft: ReturnDraft; created: boolean }> {
    const existing = await this.deps.repo.returnForPeriod(user.workspaceId, input.vrn, input.periodKey);
    if (existing) return { draft: await this.toDraft(existing, true), created: false };

    const reader = { ownerId: user.workspaceId, target: { vrn: input.vrn, userId: input.userId }, fraudHeaders };
    const obligations = await this.deps.vatData.openObligations(reader);
    const obligation = obligations.find((candidate) => candidate.periodKey === input.periodKey);
    if (!obligation) throw new AppError('PERIOD_NOT_OPEN');

    const flatRate = input.flatRateScheme
      ? await this.flatRateFor(reader, input.flatRatePercentage, input.flatRateSector)
      : null;
    const now = this.now().toISOString();
    const row: ReturnRow = {
      id: crypto.randomUUID(),
      owner_id: user.workspaceId,
      vrn: input.vrn,
      period_key: input.periodKey,
      period_start: obligation.start,
      period_end: obligation.end,
      due: obligation.due,
      status: 'draft',
      idempotency_key: crypto.randomUUID(),
      flat_rate: flatRate ? JSON.stringify(flatRate) : null,
      last_error: null,
      sent_body: null,
      sent_boxes: null,
      sent_fraud_headers: null,
      sent_by: null,
      attempt_started_at: null,
      hmrc_return: null,
      ...noReview,
      created_at: now,
      updated_at: now,
    };
    await this.deps.repo.insertReturn(row);
    return { draft: await this.toDraft(row, true), created: true };
  }

  /**
   * The flat rate settings for a new return: the percentage given, else the sector's; the sector
   * given, else the one HMRC holds for the business (customer information, 3.11), else "any other
   * activity". The first-year reduction is left to the user: HMRC does not say when it applies.
   */
  private async flatRateFor(
    reader: VatReader,
    percentage: number | null | undefined,
    sector: string | undefined,
  ): Promise<FlatRateSettings> {
    let code = sector;
    if (!code) {
      code = await this.deps.vatData
        .customerInformation({ ...reader, target: { vrn: reader.target.vrn } })
        .then((body) => body.flatRateScheme?.frsCategory)
        .catch(() => undefined);
    }
    const known = code ? flatRateSector(code) : undefined;
    return {
      sector: known?.code ?? '004',
      rateTenths:
        percentage !== null && percentage !== undefined
          ? Math.round(percentage * 10)
          : (known?.rateTenths ?? flatRateSector('004')?.rateTenths ?? 120),
      firstYearUntil: null,
      limitedCostTest: true,
    };
  }

  async list(user: SessionUser, vrn: string): Promise<ReturnDraft[]> {
    await this.deps.connections.assertBusiness(user.workspaceId, vrn);
    const rows = await this.deps.repo.returns(user.workspaceId, vrn);
    return Promise.all(rows.map((row) => this.toDraft(row, false)));
  }

  /**
   * One page of a return's records. A box filter keeps the records that add to that box under the
   * return's own scheme (found by their box facts, as worked out for its boxes).
   */
  async recordPage(user: SessionUser, id: string, query: RecordPageQuery): Promise<RecordPage> {
    const row = await this.returnOrThrow(user, id);
    const boxKeys =
      query.box === undefined ? undefined : (await this.boxesOf(row)).keysByBox[boxKey(query.box as BoxNumber)];
    const page = await this.deps.repo.recordPage(
      row.owner_id,
      row.vrn,
      { from: row.period_start, to: row.period_end, cash: await this.cashOf(row) },
      { ...query, unpaid: query.unpaid === 'true', boxKeys, words: searchWords(query.search) },
    );
    return { ...page, pageSize: query.pageSize };
  }

  /**
   * The return's boxes from its records, grouped and summed by the database (computeReturnOfGroups:
   * the same figures as the records one by one), and which records' box facts add to each box.
   */
  private async boxesOf(row: ReturnRow): Promise<ReturnBoxes> {
    const period = { start: row.period_start, end: row.period_end };
    const flatRate = flatRateOf(row);
    const cash = await this.cashOf(row);
    const groups = await this.deps.repo.boxGroups(
      row.owner_id,
      row.vrn,
      period.start,
      period.end,
      periodPartEnds(period, flatRate),
      cash,
    );
    const fromRecords = computeReturnOfGroups(groups, period, flatRate);
    // Errors found in earlier periods: within the limit (method 1) they move boxes 1 and 4 as
    // adjustments would; box 6, which sets the limit, is the records' alone either way.
    const corrections = await this.deps.errorCorrections.list(row.owner_id, row.id);
    const correctionWorking = decideErrorCorrection(corrections, fromRecords.computed.boxes.box6);
    if (correctionWorking.method !== 'return') return { ...fromRecords, corrections, correctionWorking, cash };
    const withCorrections: RecordGroup[] = [...groups, ...corrections.flatMap(correctionGroupsOf)];
    return { ...computeReturnOfGroups(withCorrections, period, flatRate), corrections, correctionWorking, cash };
  }

  /**
   * The return's boxes, with each box's first `perBox` lines (the records that add to it first in
   * the day book, with their dates and descriptions): the screen's view of a period of any size.
   */
  private async computedWithLines(row: ReturnRow, perBox: number): Promise<ComputedReturn> {
    const { computed, keysByBox, corrections, correctionWorking, cash } = await this.boxesOf(row);
    const period = { start: row.period_start, end: row.period_end };
    const correctionLines = correctionWorking.method === 'return' ? correctionLinesOf(corrections) : null;
    const flatRate = flatRateOf(row);
    const contributions = { ...computed.contributions };
    for (const box of boxNumbers) {
      const key = boxKey(box);
      const records = await this.deps.repo.recordsWithKeys(
        row.owner_id,
        row.vrn,
        { from: period.start, to: period.end, cash },
        keysByBox[key],
        perBox,
      );
      const described = new Map(records.map((record) => [record.id, record]));
      contributions[key] = computeReturn(records, period, flatRate, cash).contributions[key].map((line) => ({
        ...line,
        date: described.get(line.recordId)?.date,
        description: described.get(line.recordId)?.description,
      }));
      // The errors corrected on the return come first: a box of many records still shows them.
      if (correctionLines) contributions[key] = [...correctionLines[key], ...contributions[key]];
    }
    return { ...computed, contributions, ...(cash ? await this.underCashAccounting(row, cash, computed) : {}) };
  }

  /** How the return's period is counted: by payment date when the business is on cash accounting for it. */
  private async cashOf(row: ReturnRow): Promise<CashBasis | null> {
    const schemes = await this.deps.schemes.schemes(row.owner_id, row.vrn);
    return cashBasisFor(schemes, { start: row.period_start, end: row.period_end });
  }

  /**
   * What cash accounting adds to a return's screen: how many invoices wait for payment, and warnings
   * when the last 12 months' taxable turnover passes the scheme's limits (uk-vat-facts 3.6) or the
   * flat rate scheme is on too (the two cannot be used together).
   */
  private async underCashAccounting(
    row: ReturnRow,
    cash: CashBasis,
    computed: ComputedReturn,
  ): Promise<Pick<ComputedReturn, 'cashAccounting' | 'warnings'>> {
    const year = yearTo(row.period_end);
    // The year's sales by invoice date, grouped by the database as a return's records are.
    const yearGroups = await this.deps.repo.boxGroups(row.owner_id, row.vrn, year.from, year.to, []);
    const yearTurnoverPence = taxableTurnoverOfGroups(yearGroups);
    return {
      cashAccounting: {
        invoicedFrom: cash.invoicedFrom,
        leavesOn: cash.leavesOn,
        unpaidRecords: await this.deps.repo.unpaidCount(row.owner_id, row.vrn, row.period_end, cash),
        yearTurnoverPence: Number(yearTurnoverPence),
      },
      warnings: [
        ...computed.warnings,
        ...cashAccountingWarnings({ yearTurnoverPence, year, flatRate: flatRateOf(row) !== null }),
      ],
    };
  }

  async get(user: SessionUser, id: string): Promise<ReturnDraft> {
    return this.toDraft(await this.returnOrThrow(user, id), true);
  }

  /** A return and its boxes as they stand now, for a client's approval link (no session). */
  async currentFigures(ownerId: string, id: string): Promise<{ row: ReturnRow; boxes: NineBoxes } | null> {
    const row = await this.deps.repo.returnById(ownerId, id);
    return row ? { row, boxes: (await this.figuresOf(row)).boxes } : null;
  }

  async updateFlatRate(user: SessionUser, id: string, flatRate: FlatRateSettings | null): Promise<ReturnDraft> {
    await this.returnOrThrow(user, id);
    if (!(await this.deps.repo.setFlatRate(user.workspaceId, id, flatRate, this.now().toISOString()))) {
      throw new AppError('RETURN_LOCKED');
    }
    return this.get(user, id);
  }

  async discard(user: SessionUser, id: string): Promise<void> {
    await this.returnOrThrow(user, id);
    if (!(await this.deps.repo.deleteDraft(user.workspaceId, id))) throw new AppError('RETURN_LOCKED');
    await this.deps.errorCorrections.removeAll(user.workspaceId, id);
  }

  private async returnOrThrow(user: SessionUser, id: string): Promise<ReturnRow> {
    const row = await this.deps.repo.returnById(user.workspaceId, id);
    if (!row) throw new AppError('RETURN_NOT_FOUND');
    return row;
  }

  /** The return as the screen shows it; its boxes worked out from the records while still a draft. */
  async toDraft(row: ReturnRow, withComputed: boolean): Promise<ReturnDraft> {
    const flatRate = flatRateOf(row);
    const receipt = (await this.deps.repo.receipt(row.id)) ?? null;
    const open = row.status === 'draft' || row.status === 'failed';
    // Each box lists its first contributions only (the screen shows those; the records list has all).
    const computed = withComputed && open ? await this.computedWithLines(row, contributionsPerBox) : null;
    return {
      id: row.id,
      vrn: row.vrn,
      periodKey: row.period_key,
      periodStart: row.period_start,
      periodEnd: row.period_end,
      due: row.due,
      status: row.status as ReturnDraft['status'],
      idempotencyKey: row.idempotency_key,
      flatRate,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      lastError: row.last_error ? (JSON.parse(row.last_error) as LastError) : null,
      receipt,
      filedElsewhere: filedElsewhereOf(row),
      computed,
      review: await this.reviewOf(row, computed),
      ...(withComputed && this.deps.clientApproval
        ? { clientApproval: await this.deps.clientApproval.stateOf(row, computed?.boxes ?? receipt?.boxes ?? null) }
        : {}),
      // The business's schemes (cash accounting etc.) in effect for any day of the period.
      schemes: schemesInEffect(await this.deps.schemes.schemes(row.owner_id, row.vrn), {
        start: row.period_start,
        end: row.period_end,
      }),
    };
  }

  // --- errors found in earlier returns (VAT Notice 700/45) -----------------------------------

  /**
   * The return's errors, the working (limit, 1% of box 6, net value, method and why) and, when
   * they must be notified separately, the notification's content. Box 6 is the one sent once the
   * return is filed.
   */
  async errorCorrections(user: SessionUser, id: string): Promise<ReturnErrorCorrections> {
    const row = await this.returnOrThrow(user, id);
    const sentBoxes = row.sent_boxes ? (JSON.parse(row.sent_boxes) as ComputedReturn['boxes']) : null;
    let corrections: ErrorCorrection[];
    let working: ErrorCorrectionWorking;
    if (sentBoxes) {
      corrections = await this.deps.errorCorrections.list(row.owner_id, row.id);
      working = decideErrorCorrection(corrections, sentBoxes.box6);
    } else {
      ({ corrections, correctionWorking: working } = await this.boxesOf(row));
    }
    const notification =
      working.method === 'separate'
        ? vat652Content({
            vrn: row.vrn,
            businessName: await this.deps.businessName(row.owner_id, row.vrn),
            errors: corrections,
            reason: working.reason,
            date: ukToday(this.now()),
          })
        : null;
    return { corrections, working, notification };
  }

  async addErrorCorrection(
    user: SessionUser,
    id: string,
    input: ErrorCorrectionInput,
  ): Promise<ReturnErrorCorrections> {
    const row = await this.returnOrThrow(user, id);
    const problems = errorCorrectionProblems(input, {
      returnPeriodStart: row.period_start,
      today: ukToday(this.now()),
    });
    if (problems.length > 0) throw new AppError('VALIDATION_FAILED', problems[0]?.message, problems);
    const added = await this.deps.errorCorrections.add(row.owner_id, row.id, {
      id: crypto.randomUUID(),
      input,
      createdBy: user.id,
      now: this.now().toISOString(),
    });
    if (!added) throw new AppError('RETURN_LOCKED');
    await this.deps.activity.record(
      user,
      row.vrn,
      'error_correction_added',
      `Error in ${input.periodStart} to ${input.periodEnd}: ${input.description}`.slice(0, 200),
    );
    return this.errorCorrections(user, id);
  }

  async removeErrorCorrection(user: SessionUser, id: string, correctionId: string): Promise<ReturnErrorCorrections> {
    const row = await this.returnOrThrow(user, id);
    const outcome = await this.deps.errorCorrections.remove(
      row.owner_id,
      row.id,
      correctionId,
      this.now().toISOString(),
    );
    if (outcome === 'locked') throw new AppError('RETURN_LOCKED');
    if (outcome === 'missing') throw new AppError('NOT_FOUND', 'This return has no such error correction.');
    await this.deps.activity.record(
      user,
      row.vrn,
      'error_correction_removed',
      `Return ${row.period_start} to ${row.period_end}`,
    );
    return this.errorCorrections(user, id);
  }

  // --- checks before filing and the audit report -------------------------------------------

  /** The return beside the previous period and the same period last year (comparison.ts). */
  async comparison(user: SessionUser, fraudHeaders: FraudHeaders, id: string): Promise<ReturnComparison> {
    const row = await this.returnOrThrow(user, id);
    const reader = { ownerId: user.workspaceId, target: { vrn: row.vrn }, fraudHeaders };
    const deps = {
      ...this.deps,
      hmrcCache: this.comparisonCache,
      figuresOf: (other: ReturnRow) => this.figuresOf(other),
    };
    return compareReturn(deps, row, reader, ukToday(this.now()));
  }

  /**
   * A return's figures: a submitted return's receipt, HMRC's figures for one filed elsewhere, the
   * figures sent while the outcome is unknown, else (a draft) as its records give them now.
   */
  private async figuresOf(row: ReturnRow): Promise<Figures> {
    if (row.status === 'submitted') {
      const receipt = await this.deps.repo.receipt(row.id);
      if (receipt) return { source: 'submitted', boxes: receipt.boxes };
    }
    const elsewhere = filedElsewhereOf(row);
    if (elsewhere) return { source: 'filedElsewhere', boxes: elsewhere.hmrcBoxes };
    if ((row.status === 'submitting' || row.status === 'unknown') && row.sent_boxes) {
      return { source: 'sent', boxes: JSON.parse(row.sent_boxes) as NineBoxes };
    }
    return { source: 'draft', boxes: (await this.boxesOf(row)).computed.boxes };
  }

  /**
   * The return's audit report (audit-report.ts): its header, worked out now, and its lines, read
   * from the database page by page as they are taken (at most `perBox` a box).
   */
  async auditReport(
    user: SessionUser,
    id: string,
    perBox?: number,
  ): Promise<{ header: AuditHeader; lines: AsyncIterable<AuditLine> }> {
    const row = await this.returnOrThrow(user, id);
    const { computed, keysByBox, corrections, correctionWorking, cash } = await this.boxesOf(row);
    const receipt = await this.deps.repo.receipt(row.id);
    const flatRateVatPence = computed.flatRate?.flatRateVatPence ?? null;
    const header: AuditHeader = {
      vrn: row.vrn,
      periodKey: row.period_key,
      periodStart: row.period_start,
      periodEnd: row.period_end,
      status: row.status,
      boxes: computed.boxes,
      filed: receipt?.boxes ?? filedElsewhereOf(row)?.hmrcBoxes ?? null,
      lineCounts: {
        ...computed.contributionCounts,
        box1: computed.contributionCounts.box1 + (flatRateVatPence === null ? 0 : 1),
      },
      flatRateVatPence,
    };
    const counting = {
      cash,
      corrections: correctionWorking.method === 'return' ? correctionLinesOf(corrections) : null,
    };
    return { header, lines: auditLines(this.deps.repo, row, flatRateOf(row), keysByBox, header, counting, perBox) };
  }

  // --- review (practices) ------------------------------------------------------------------

  /**
   * Tells `listener` each time a return's review changes, once stored: marked ready, approved, sent
   * back, or a note left. The live channel passes it on to the workspace, whose open pages read
   * the return again.
   */
  onReturnChanged(listener: (workspaceId: string, change: ReturnChange) => void): () => void {
    this.returnChangedListeners.add(listener);
    return () => this.returnChangedListeners.delete(listener);
  }

  private returnChanged(row: ReturnRow): void {
    for (const listener of this.returnChangedListeners) {
      try {
        listener(row.owner_id, { id: row.id, vrn: row.vrn });
      } catch (error) {
        // The review step is stored: a listener's failure must not fail the request that made it.
        this.deps.log.error({ err: error }, 'a return-changed listener failed');
      }
    }
  }

  private async reviewOf(row: ReturnRow, computed: ComputedReturn | null): Promise<ReturnReview> {
    const approvedBoxes = row.approved_boxes ? (JSON.parse(row.approved_boxes) as ComputedReturn['boxes']) : null;
    const state = approvedBoxes
      ? computed && !sameBoxes(approvedBoxes, computed.boxes)
        ? 'changed'
        : 'approved'
      : row.ready_at
        ? 'ready'
        : 'draft';
    return {
      state,
      readyById: row.ready_by,
      readyBy: row.ready_by_name,
      readyAt: row.ready_at,
      approvedBy: row.approved_by_name,
      approvedAt: row.approved_at,
      required: await this.deps.requiresReview(row.owner_id),
    };
  }

  /** The preparer says the figures are ready; any earlier approval is asked again. */
  async markReady(user: SessionUser, id: string): Promise<ReturnDraft> {
    const row = await this.returnOrThrow(user, id);
    const now = this.now().toISOString();
    const review = {
      ready_by: user.id,
      ready_by_name: user.name || user.email,
      ready_at: now,
      ...noApproval,
    };
    if (!(await this.deps.repo.setReview(user.workspaceId, id, review, now))) throw new AppError('RETURN_LOCKED');
    await this.deps.activity.record(user, row.vrn, 'marked_ready', `Return ${row.period_start} to ${row.period_end}`);
    this.returnChanged(row);
    return this.get(user, id);
  }

  /**
   * A practice's reviewer approves the figures as they are now: not a preparer, and never the
   * member who marked the return ready. A later change to the figures voids the approval.
   */
  async approve(user: SessionUser, id: string): Promise<ReturnDraft> {
    const row = await this.returnOrThrow(user, id);
    if (!user.practice) throw new AppError('NOT_IN_A_PRACTICE');
    if (!canApproveReturns(user.practice.role)) throw new AppError('APPROVER_ROLE_REQUIRED');
    if (!row.ready_by) throw new AppError('RETURN_NOT_READY');
    if (row.ready_by === user.id) throw new AppError('OWN_RETURN_APPROVAL');
    const { computed } = await this.boxesOf(row);
    const now = this.now().toISOString();
    const approval = {
      approved_by: user.id,
      approved_by_name: user.name || user.email,
      approved_at: now,
      approved_boxes: JSON.stringify(computed.boxes),
    };
    if (!(await this.deps.repo.setReview(user.workspaceId, id, approval, now))) throw new AppError('RETURN_LOCKED');
    await this.deps.activity.record(user, row.vrn, 'approved', `Return ${row.period_start} to ${row.period_end}`);
    this.returnChanged(row);
    return this.get(user, id);
  }

  /** Back to preparing: neither ready nor approved. */
  async reopen(user: SessionUser, id: string): Promise<ReturnDraft> {
    const row = await this.returnOrThrow(user, id);
    if (row.approved_by) assertPracticeMay(user, 'reopenApproved');
    const now = this.now().toISOString();
    const review = noReview;
    if (!(await this.deps.repo.setReview(user.workspaceId, id, review, now))) throw new AppError('RETURN_LOCKED');
    await this.deps.activity.record(user, row.vrn, 'reopened', `Return ${row.period_start} to ${row.period_end}`);
    this.returnChanged(row);
    return this.get(user, id);
  }

  async notes(user: SessionUser, id: string): Promise<ReturnNote[]> {
    await this.returnOrThrow(user, id);
    const rows = await this.deps.repo.notes(user.workspaceId, id);
    return rows.map((row) => ({ id: row.id, text: row.text, authorName: row.author_name, at: row.created_at }));
  }

  async addNote(user: SessionUser, id: string, text: string): Promise<ReturnNote[]> {
    const row = await this.returnOrThrow(user, id);
    await this.deps.repo.addNote({
      id: crypto.randomUUID(),
      owner_id: user.workspaceId,
      return_id: id,
      author_id: user.id,
      author_name: user.name || user.email,
      text,
      created_at: this.now().toISOString(),
    });
    await this.deps.activity.record(user, row.vrn, 'note_added', text.slice(0, 200));
    this.returnChanged(row);
    return this.notes(user, id);
  }

  // --- submission --------------------------------------------------------------------------

  /**
   * Submits the return once. The figures are worked out again from the records, checked against
   * HMRC's rules, written down with the fraud prevention headers, and only then sent. A lost answer
   * leaves the return 'unknown' until HMRC's records settle it.
   */
  async submit(
    user: SessionUser,
    fraudHeaders: FraudHeaders,
    id: string,
    idempotencyKey: string,
  ): Promise<ReturnDraft> {
    const row = await this.returnOrThrow(user, id);
    if (row.idempotency_key !== idempotencyKey) throw new AppError('RETURN_OUT_OF_DATE');
    if (row.status !== 'draft' && row.status !== 'failed') return this.toDraft(row, false);
    const today = ukToday(this.now());
    if (!periodHasEnded(row.period_end, today)) {
      throw new AppError(
        'PERIOD_NOT_ENDED',
        `This period ends on ${row.period_end}: HMRC accepts its return from ${firstSubmitDay(row.period_end)}.`,
      );
    }

    // The figures sent are worked out as the screen's were.
    const { computed } = await this.boxesOf(row);
    if (await this.deps.requiresReview(user.workspaceId)) {
      const approved = row.approved_boxes ? (JSON.parse(row.approved_boxes) as ComputedReturn['boxes']) : null;
      if (!approved || !sameBoxes(approved, computed.boxes)) throw new AppError('REVIEW_REQUIRED');
    }
    await this.deps.clientApproval?.assertApproved(row, computed.boxes);
    if (computed.problems.length > 0) {
      throw new AppError(
        'RETURN_HAS_PROBLEMS',
        undefined,
        computed.problems.map((problem) => ({ path: `box${problem.box}`, message: problem.message })),
      );
    }
    const body = submissionBody(row.period_key, computed.boxes);
    // Filed through an agent's authority, the user confirmed HMRC's agent declaration.
    const agentArn = await this.deps.connections.agentArnFor(user.workspaceId, row.vrn);
    const by: SentBy = { id: user.id, email: user.email, name: user.name, agentArn };
    const now = this.now().toISOString();
    // A person's headers are the same for every attempt: these are the ones HMRC receives.
    const sentHeaders = fraudHeaders.collect();
    const approvals = await this.deps.clientApproval?.receiptApprovals(row, computed.boxes);
    if (
      !(await this.deps.repo.claimForSubmission(
        row.id,
        { body, boxes: computed.boxes, fraudHeaders: sentHeaders, by },
        now,
      ))
    ) {
      // Another click, tab or server got there first: report the return as it now stands.
      return this.get(user, id);
    }

    try {
      const { body: answer, receipt } = await this.deps.connections.vatCall(
        user.workspaceId,
        { vrn: row.vrn },
        'submitReturn',
        (accessToken) => this.deps.client.submitReturn(row.vrn, body, { accessToken, fraudHeaders }),
      );
      await this.deps.repo.recordReceipt(
        row,
        {
          vrn: row.vrn,
          periodKey: row.period_key,
          periodStart: row.period_start,
          periodEnd: row.period_end,
          boxes: computed.boxes,
          processingDate: answer.processingDate,
          formBundleNumber: answer.formBundleNumber,
          paymentIndicator: answer.paymentIndicator ?? null,
          chargeRefNumber: answer.chargeRefNumber ?? null,
          correlationId: receipt.correlationId,
          receiptId: receipt.receiptId,
          receiptTimestamp: receipt.receiptTimestamp,
          fraudHeaders: sentHeaders,
          submittedAt: now,
          submittedBy: by,
          confirmedBy: 'response',
          ...(approvals ? { approvals } : {}),
        },
        this.now().toISOString(),
      );
      this.deps.log.info({ vrn: row.vrn, returnId: row.id }, 'VAT return submitted');
      await this.deps.activity.record(
        user,
        row.vrn,
        'submitted',
        `Return ${row.period_start} to ${row.period_end}, form bundle ${answer.formBundleNumber}`,
      );
    } catch (error) {
      const duplicate = error instanceof AppError && (error.hmrc?.codes ?? []).includes('DUPLICATE_SUBMISSION');
      if (isRefusal(error) && !duplicate) {
        await this.deps.repo.setStatus(row.id, 'failed', errorOf(error), this.now().toISOString());
        this.deps.log.warn({ err: error, returnId: row.id }, 'HMRC refused the VAT return');
      } else {
        // No answer (time-out, connection lost, HMRC 5xx), or HMRC already holds a return: ask HMRC.
        await this.deps.repo.setStatus(row.id, 'unknown', errorOf(error), this.now().toISOString());
        this.deps.log.warn({ err: error, returnId: row.id }, 'VAT return outcome unknown: checking with HMRC');
        await this.settle((await this.deps.repo.returnById(user.workspaceId, id)) ?? row, fraudHeaders);
      }
    }
    return this.get(user, id);
  }

  /** The "check with HMRC" button: settles a return whose outcome is unknown. */
  async settleFor(user: SessionUser, fraudHeaders: FraudHeaders, id: string): Promise<ReturnDraft> {
    const row = await this.returnOrThrow(user, id);
    if (row.status === 'unknown' || row.status === 'submitting') await this.settle(row, fraudHeaders);
    return this.get(user, id);
  }

  /** See settleReturn: asks HMRC whether the return was filed, and records what it says. */
  settle(row: ReturnRow, fraudHeaders: FraudHeaders): Promise<void> {
    return settleReturn(this.deps, row, fraudHeaders, this.now);
  }

  /**
   * Settles every return left in flight and says, per return, where it stands now. At start, all of
   * them (a stopped process answers for none); later checks leave alone a submission this process
   * may still be waiting on.
   */
  async settleUnsettled(options: { atStart: boolean } = { atStart: false }): Promise<SettledReturn[]> {
    const cutoff = this.now().getTime() - answerWindowMs;
    const rows = (await this.deps.repo.unsettledReturns()).filter(
      (row) => options.atStart || row.status === 'unknown' || (Date.parse(row.attempt_started_at ?? '') || 0) < cutoff,
    );
    const results: SettledReturn[] = [];
    for (const row of rows) {
      const before = { ownerId: row.owner_id, returnId: row.id, vrn: row.vrn, periodKey: row.period_key };
      try {
        await this.settle(row, await this.deps.fraud.forScheduledWork(row.owner_id));
        const after = await this.deps.repo.returnById(row.owner_id, row.id);
        results.push({ ...before, status: (after?.status ?? row.status) as ReturnStatus, error: null });
      } catch (error) {
        this.deps.log.error({ err: error, returnId: row.id }, 'settling a VAT return failed');
        results.push({ ...before, status: row.status as ReturnStatus, error: errorMessage(error) });
      }
    }
    return results;
  }
}
