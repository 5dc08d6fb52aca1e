import type { NineBoxes } from '@vatwise/domain';
import type { SessionUser } from '../../../plugins/access';
import type { AssistRecord, AssistService } from '../assist/service';
import { correctionLinesOf } from '../error-corrections/corrections';
import type { ReturnFigures } from '../drafts/figures';
import type { DraftService } from '../drafts/service';
import type { ImportRepo } from '../imports/repo';
import type { RecordRepo } from '../records/repo';
import { filedElsewhereOf, flatRateOf } from '../return-row';
import type { SubmissionRepo } from '../submission/repo';
import { type AuditHeader, type AuditLine, auditLines } from './audit-report';

export interface ReportServiceDeps {
  records: Pick<RecordRepo, 'recordsWithKeysAfter'>;
  imports: Pick<ImportRepo, 'importFileNames'>;
  submissions: Pick<SubmissionRepo, 'receipt'>;
  drafts: Pick<DraftService, 'returnOrThrow'>;
  figures: Pick<ReturnFigures, 'boxesOf'>;
  /** HMRC Assist's report on the figures (assist/): the receipt and audit report say what it said. */
  assist?: Pick<AssistService, 'recordFor'>;
}

/** What the reports are made from (the audit report's header and lines; the PDFs are made in the routes). */
export class ReportService {
  constructor(private readonly deps: ReportServiceDeps) {}

  /** What HMRC Assist said of the figures filed (the receipt's part); undefined when not wired. */
  async assistRecord(user: SessionUser, id: string, boxes: NineBoxes): Promise<AssistRecord | undefined> {
    const row = await this.deps.drafts.returnOrThrow(user, id);
    return this.deps.assist?.recordFor(row.owner_id, row.id, boxes);
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
    const row = await this.deps.drafts.returnOrThrow(user, id);
    const { computed, keysByBox, corrections, correctionWorking, cash } = await this.deps.figures.boxesOf(row);
    const receipt = await this.deps.submissions.receipt(row.id);
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
      ...(this.deps.assist
        ? { assist: await this.deps.assist.recordFor(row.owner_id, row.id, receipt?.boxes ?? computed.boxes) }
        : {}),
    };
    const counting = {
      cash,
      corrections: correctionWorking.method === 'return' ? correctionLinesOf(corrections) : null,
    };
    return { header, lines: auditLines(this.deps, row, flatRateOf(row), keysByBox, header, counting, perBox) };
  }
}
