import type { ReturnChange, VatRecord, VatRecordInput } from '@vatwise/domain';
import type { SessionUser } from '../../plugins/access';
import type { AssistService } from './assist/service';
import type { DraftService } from './drafts/service';
import type { ErrorCorrectionService } from './error-corrections/service';
import type { RecordService } from './records/service';
import type { ReportService } from './reports/service';
import type { ReviewService } from './review/service';
import type { SubmissionService } from './submission/service';
import type { SettledReturn } from './submission/settle';

/** The sub-slices' services, each of its own part of a return's life (setup.ts builds them). */
export interface VatReturnParts {
  drafts: DraftService;
  records: RecordService;
  review: ReviewService;
  errorCorrections: ErrorCorrectionService;
  reports: ReportService;
  submission: SubmissionService;
  assist: AssistService;
}

/**
 * VAT returns as the rest of the server uses them: the sub-slices' services for the routes, and the
 * few things other features ask of VAT returns (the agents settle returns in flight and hear of
 * review changes; the import volume test adds records directly).
 */
export class VatReturnService implements VatReturnParts {
  readonly drafts: DraftService;
  readonly records: RecordService;
  readonly review: ReviewService;
  readonly errorCorrections: ErrorCorrectionService;
  readonly reports: ReportService;
  readonly submission: SubmissionService;
  readonly assist: AssistService;

  constructor(parts: VatReturnParts) {
    this.drafts = parts.drafts;
    this.records = parts.records;
    this.review = parts.review;
    this.errorCorrections = parts.errorCorrections;
    this.reports = parts.reports;
    this.submission = parts.submission;
    this.assist = parts.assist;
  }

  addRecord(user: SessionUser, vrn: string, input: VatRecordInput): Promise<VatRecord> {
    return this.records.addRecord(user, vrn, input);
  }

  /** See SubmissionService.settleUnsettled. */
  settleUnsettled(options?: { atStart: boolean }): Promise<SettledReturn[]> {
    return this.submission.settleUnsettled(options);
  }

  /** See ReviewService.onReturnChanged. */
  onReturnChanged(listener: (workspaceId: string, change: ReturnChange) => void): () => void {
    return this.review.onReturnChanged(listener);
  }
}
