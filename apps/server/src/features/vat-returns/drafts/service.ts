import crypto from 'node:crypto';
import {
  type FlatRateSettings,
  flatRateSector,
  type NineBoxes,
  type ReturnComparison,
  type ReturnDraft,
  schemesInEffect,
  ukToday,
} from '@vatwise/domain';
import type { FraudHeaders } from '@vatwise/hmrc';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../../plugins/access';
import { AppError } from '../../../plugins/errors';
import type { HmrcConnectionService } from '../../hmrc-connection';
import type { VatDataService, VatReader } from '../../vat-operations';
import type { ClientApprovalHooks } from '../client-approval/hooks';
import type { ErrorCorrectionRepo } from '../error-corrections/repo';
import { filedElsewhereOf, flatRateOf, type LastError, type ReturnRow } from '../return-row';
import { noReview, reviewOf } from '../review/review-state';
import type { VatSchemeRepo } from '../schemes/repo';
import type { SubmissionRepo } from '../submission/repo';
import { ComparisonHmrcCache, compareReturn } from './comparison';
import type { ReturnFigures } from './figures';
import type { DraftRepo } from './repo';

/** Contributions listed per box in a return read by the screen. */
const contributionsPerBox = 100;

export interface DraftServiceDeps {
  repo: DraftRepo;
  figures: ReturnFigures;
  connections: HmrcConnectionService;
  vatData: VatDataService;
  log: FastifyBaseLogger;
  /** Whether a workspace files only approved returns (the practice's policy). */
  requiresReview(workspaceId: string): Promise<boolean>;
  /** The business's VAT schemes, each from a date: those in effect in the period are shown. */
  schemes: Pick<VatSchemeRepo, 'schemes'>;
  /** A discarded draft's errors found in earlier returns go with it. */
  errorCorrections: Pick<ErrorCorrectionRepo, 'removeAll'>;
  submissions: Pick<SubmissionRepo, 'receipt'>;
  /** The client's approval through their link (client-approval/): its state on the screen. */
  clientApproval?: ClientApprovalHooks | undefined;
  now?: () => Date;
}

/**
 * A return from its start to its filing as the screen reads it: started for an open obligation,
 * read with its boxes, its flat rate changed, discarded, and set beside earlier periods.
 */
export class DraftService {
  private readonly now: () => Date;
  /** HMRC's part of the checks before filing, reused a few minutes (comparison.ts). */
  private readonly comparisonCache = new ComparisonHmrcCache();

  constructor(private readonly deps: DraftServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Starts (or reopens) the return for an open obligation (docs/reference/product.md §7, /initiate_vat_return).
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

  async get(user: SessionUser, id: string): Promise<ReturnDraft> {
    return this.toDraft(await this.returnOrThrow(user, id), true);
  }

  /** A return and its boxes as they stand now, for a client's approval link (no session). */
  async currentFigures(ownerId: string, id: string): Promise<{ row: ReturnRow; boxes: NineBoxes } | null> {
    const row = await this.deps.repo.returnById(ownerId, id);
    return row ? { row, boxes: (await this.deps.figures.figuresOf(row)).boxes } : null;
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

  async returnOrThrow(user: SessionUser, id: string): Promise<ReturnRow> {
    const row = await this.deps.repo.returnById(user.workspaceId, id);
    if (!row) throw new AppError('RETURN_NOT_FOUND');
    return row;
  }

  /** The return as the screen shows it; its boxes worked out from the records while still a draft. */
  async toDraft(row: ReturnRow, withComputed: boolean): Promise<ReturnDraft> {
    const flatRate = flatRateOf(row);
    const receipt = (await this.deps.submissions.receipt(row.id)) ?? null;
    const open = row.status === 'draft' || row.status === 'failed';
    // Each box lists its first contributions only (the screen shows those; the records list has all).
    const computed = withComputed && open ? await this.deps.figures.computedWithLines(row, contributionsPerBox) : null;
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
      review: reviewOf(row, computed, await this.deps.requiresReview(row.owner_id)),
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

  /** The return beside the previous period and the same period last year (comparison.ts). */
  async comparison(user: SessionUser, fraudHeaders: FraudHeaders, id: string): Promise<ReturnComparison> {
    const row = await this.returnOrThrow(user, id);
    const reader = { ownerId: user.workspaceId, target: { vrn: row.vrn }, fraudHeaders };
    const deps = {
      ...this.deps,
      hmrcCache: this.comparisonCache,
      figuresOf: (other: ReturnRow) => this.deps.figures.figuresOf(other),
    };
    return compareReturn(deps, row, reader, ukToday(this.now()));
  }
}
