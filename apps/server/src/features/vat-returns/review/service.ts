import crypto from 'node:crypto';
import { canApproveReturns, type ReturnChange, type ReturnDraft, type ReturnNote } from '@vatwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import { assertPracticeMay, type SessionUser } from '../../../plugins/access';
import { AppError } from '../../../plugins/errors';
import type { ActivityLog } from '../../practice';
import type { DraftService } from '../drafts/service';
import type { ReturnFigures } from '../drafts/figures';
import type { ReturnRow } from '../return-row';
import type { ReviewRepo } from './repo';
import { noApproval, noReview } from './review-state';

export interface ReviewServiceDeps {
  repo: ReviewRepo;
  drafts: Pick<DraftService, 'get' | 'returnOrThrow'>;
  figures: Pick<ReturnFigures, 'boxesOf'>;
  /** Each business's audit trail (practices). */
  activity: ActivityLog;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** A practice's review before filing: marked ready, approved by another member, reopened; and notes on the return. */
export class ReviewService {
  private readonly now: () => Date;
  private readonly returnChangedListeners = new Set<(workspaceId: string, change: ReturnChange) => void>();

  constructor(private readonly deps: ReviewServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

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

  /** The preparer says the figures are ready; any earlier approval is asked again. */
  async markReady(user: SessionUser, id: string): Promise<ReturnDraft> {
    const row = await this.deps.drafts.returnOrThrow(user, id);
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
    return this.deps.drafts.get(user, id);
  }

  /**
   * A practice's reviewer approves the figures as they are now: not a preparer, and never the
   * member who marked the return ready. A later change to the figures voids the approval.
   */
  async approve(user: SessionUser, id: string): Promise<ReturnDraft> {
    const row = await this.deps.drafts.returnOrThrow(user, id);
    if (!user.practice) throw new AppError('NOT_IN_A_PRACTICE');
    if (!canApproveReturns(user.practice.role)) throw new AppError('APPROVER_ROLE_REQUIRED');
    if (!row.ready_by) throw new AppError('RETURN_NOT_READY');
    if (row.ready_by === user.id) throw new AppError('OWN_RETURN_APPROVAL');
    const { computed } = await this.deps.figures.boxesOf(row);
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
    return this.deps.drafts.get(user, id);
  }

  /** Back to preparing: neither ready nor approved. */
  async reopen(user: SessionUser, id: string): Promise<ReturnDraft> {
    const row = await this.deps.drafts.returnOrThrow(user, id);
    if (row.approved_by) assertPracticeMay(user, 'reopenApproved');
    const now = this.now().toISOString();
    const review = noReview;
    if (!(await this.deps.repo.setReview(user.workspaceId, id, review, now))) throw new AppError('RETURN_LOCKED');
    await this.deps.activity.record(user, row.vrn, 'reopened', `Return ${row.period_start} to ${row.period_end}`);
    this.returnChanged(row);
    return this.deps.drafts.get(user, id);
  }

  async notes(user: SessionUser, id: string): Promise<ReturnNote[]> {
    await this.deps.drafts.returnOrThrow(user, id);
    const rows = await this.deps.repo.notes(user.workspaceId, id);
    return rows.map((row) => ({ id: row.id, text: row.text, authorName: row.author_name, at: row.created_at }));
  }

  async addNote(user: SessionUser, id: string, text: string): Promise<ReturnNote[]> {
    const row = await this.deps.drafts.returnOrThrow(user, id);
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
}
