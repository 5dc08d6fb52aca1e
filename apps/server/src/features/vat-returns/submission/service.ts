import {
  type ComputedReturn,
  firstSubmitDay,
  periodHasEnded,
  type ReturnDraft,
  type ReturnStatus,
  ukToday,
} from '@vatwise/domain';
import type { FraudHeaders, HmrcClient } from '@vatwise/hmrc';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../../plugins/access';
import { AppError } from '../../../plugins/errors';
import type { FraudHeaderSource, HmrcConnectionService } from '../../hmrc-connection';
import type { ActivityLog } from '../../practice';
import type { VatDataService } from '../../vat-operations';
import type { ClientApprovalHooks } from '../client-approval/hooks';
import type { ReturnFigures } from '../drafts/figures';
import type { DraftRepo } from '../drafts/repo';
import type { DraftService } from '../drafts/service';
import type { ReturnRow, SentBy } from '../return-row';
import { sameBoxes } from '../same-boxes';
import type { SubmissionRepo } from './repo';
import {
  answerWindowMs,
  errorMessage,
  errorOf,
  isRefusal,
  type SettledReturn,
  settleReturn,
  submissionBody,
} from './settle';

export interface SubmissionServiceDeps {
  repo: SubmissionRepo;
  returns: Pick<DraftRepo, 'returnById'>;
  drafts: Pick<DraftService, 'get' | 'returnOrThrow' | 'toDraft'>;
  figures: Pick<ReturnFigures, 'boxesOf'>;
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
  /** The client's approval through their link (client-approval/): the filing rule, the receipt's names. */
  clientApproval?: ClientApprovalHooks | undefined;
  now?: () => Date;
}

/**
 * Submitting a return exactly once (issue "VAT returns: prepare, check and submit exactly once"):
 * the return is claimed in one database statement before anything is sent, so two clicks, two tabs
 * or two servers send it once; an answer lost on the way (time-out, crash) is settled by asking HMRC
 * for the return, never by sending it again (docs/reference/hmrc-vat-api.md §6.2).
 */
export class SubmissionService {
  private readonly now: () => Date;

  constructor(private readonly deps: SubmissionServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

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
    const row = await this.deps.drafts.returnOrThrow(user, id);
    if (row.idempotency_key !== idempotencyKey) throw new AppError('RETURN_OUT_OF_DATE');
    if (row.status !== 'draft' && row.status !== 'failed') return this.deps.drafts.toDraft(row, false);
    const today = ukToday(this.now());
    if (!periodHasEnded(row.period_end, today)) {
      throw new AppError(
        'PERIOD_NOT_ENDED',
        `This period ends on ${row.period_end}: HMRC accepts its return from ${firstSubmitDay(row.period_end)}.`,
      );
    }

    // The figures sent are worked out as the screen's were.
    const { computed } = await this.deps.figures.boxesOf(row);
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
      return this.deps.drafts.get(user, id);
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
        await this.settle((await this.deps.returns.returnById(user.workspaceId, id)) ?? row, fraudHeaders);
      }
    }
    return this.deps.drafts.get(user, id);
  }

  /** The "check with HMRC" button: settles a return whose outcome is unknown. */
  async settleFor(user: SessionUser, fraudHeaders: FraudHeaders, id: string): Promise<ReturnDraft> {
    const row = await this.deps.drafts.returnOrThrow(user, id);
    if (row.status === 'unknown' || row.status === 'submitting') await this.settle(row, fraudHeaders);
    return this.deps.drafts.get(user, id);
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
        const after = await this.deps.returns.returnById(row.owner_id, row.id);
        results.push({ ...before, status: (after?.status ?? row.status) as ReturnStatus, error: null });
      } catch (error) {
        this.deps.log.error({ err: error, returnId: row.id }, 'settling a VAT return failed');
        results.push({ ...before, status: row.status as ReturnStatus, error: errorMessage(error) });
      }
    }
    return results;
  }
}
