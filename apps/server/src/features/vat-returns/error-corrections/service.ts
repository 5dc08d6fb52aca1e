import crypto from 'node:crypto';
import {
  type ComputedReturn,
  decideErrorCorrection,
  type ErrorCorrection,
  type ErrorCorrectionInput,
  errorCorrectionProblems,
  type ErrorCorrectionWorking,
  type ReturnErrorCorrections,
  ukToday,
  vat652Content,
} from '@vatwise/domain';
import type { SessionUser } from '../../../plugins/access';
import { AppError } from '../../../plugins/errors';
import type { ActivityLog } from '../../practice';
import type { ReturnFigures } from '../drafts/figures';
import type { DraftService } from '../drafts/service';
import type { ErrorCorrectionRepo } from './repo';

export interface ErrorCorrectionServiceDeps {
  /** Errors found in earlier returns, kept per return (VAT Notice 700/45). */
  repo: ErrorCorrectionRepo;
  drafts: Pick<DraftService, 'returnOrThrow'>;
  figures: Pick<ReturnFigures, 'boxesOf'>;
  /** Each business's audit trail (practices). */
  activity: ActivityLog;
  /** The business's name as the connection keeps it (for the separate notification). */
  businessName(ownerId: string, vrn: string): Promise<string>;
  now?: () => Date;
}

/** Errors found in earlier returns (VAT Notice 700/45): corrected on this return, or notified separately. */
export class ErrorCorrectionService {
  private readonly now: () => Date;

  constructor(private readonly deps: ErrorCorrectionServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * The return's errors, the working (limit, 1% of box 6, net value, method and why) and, when
   * they must be notified separately, the notification's content. Box 6 is the one sent once the
   * return is filed.
   */
  async list(user: SessionUser, id: string): Promise<ReturnErrorCorrections> {
    const row = await this.deps.drafts.returnOrThrow(user, id);
    const sentBoxes = row.sent_boxes ? (JSON.parse(row.sent_boxes) as ComputedReturn['boxes']) : null;
    let corrections: ErrorCorrection[];
    let working: ErrorCorrectionWorking;
    if (sentBoxes) {
      corrections = await this.deps.repo.list(row.owner_id, row.id);
      working = decideErrorCorrection(corrections, sentBoxes.box6);
    } else {
      ({ corrections, correctionWorking: working } = await this.deps.figures.boxesOf(row));
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

  async add(user: SessionUser, id: string, input: ErrorCorrectionInput): Promise<ReturnErrorCorrections> {
    const row = await this.deps.drafts.returnOrThrow(user, id);
    const problems = errorCorrectionProblems(input, {
      returnPeriodStart: row.period_start,
      today: ukToday(this.now()),
    });
    if (problems.length > 0) throw new AppError('VALIDATION_FAILED', problems[0]?.message, problems);
    const added = await this.deps.repo.add(row.owner_id, row.id, {
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
    return this.list(user, id);
  }

  async remove(user: SessionUser, id: string, correctionId: string): Promise<ReturnErrorCorrections> {
    const row = await this.deps.drafts.returnOrThrow(user, id);
    const outcome = await this.deps.repo.remove(row.owner_id, row.id, correctionId, this.now().toISOString());
    if (outcome === 'locked') throw new AppError('RETURN_LOCKED');
    if (outcome === 'missing') throw new AppError('NOT_FOUND', 'This return has no such error correction.');
    await this.deps.activity.record(
      user,
      row.vrn,
      'error_correction_removed',
      `Return ${row.period_start} to ${row.period_end}`,
    );
    return this.list(user, id);
  }
}
