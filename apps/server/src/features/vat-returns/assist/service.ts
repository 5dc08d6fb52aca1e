import crypto from 'node:crypto';
import {
  type AssistAnswer,
  type AssistFeedbackItem,
  type AssistReport,
  type NineBoxes,
  periodHasEnded,
  ukToday,
} from '@vatwise/domain';
import type { FraudHeaders, HmrcClient } from '@vatwise/hmrc';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../../plugins/access';
import { AppError } from '../../../plugins/errors';
import type { HmrcConnectionService } from '../../hmrc-connection';
import type { VatDataService } from '../../vat-operations';
import { boxesFingerprint } from '../client-approval/fingerprint';
import type { ReturnFigures } from '../drafts/figures';
import type { DraftService } from '../drafts/service';
import type { ReturnRow } from '../return-row';
import type { AssistReportRow, AssistRepo } from './repo';

/** HMRC's answer is awaited this long; the browser waits a little longer (docs/hmrc-assist-flow.md). */
export const assistTimeoutMs = 15_000;

export interface AssistServiceDeps {
  repo: AssistRepo;
  drafts: Pick<DraftService, 'returnOrThrow'>;
  figures: Pick<ReturnFigures, 'figuresOf'>;
  connections: Pick<HmrcConnectionService, 'vatCall'>;
  vatData: Pick<VatDataService, 'openObligations'>;
  client: Pick<HmrcClient, 'requestAssistFeedback' | 'acknowledgeAssistReport'>;
  log: FastifyBaseLogger;
  /** HMRC_ASSIST (config/hmrc.ts). */
  enabled: boolean;
  now?: () => Date;
}

/** What the audit report and receipt say of HMRC Assist for the figures filed. */
export interface AssistRecord {
  enabled: boolean;
  /** The report for the figures filed, else the return's latest request (which may have failed). */
  report: AssistReport | null;
  /** Whether `report` is for the figures filed. */
  forFiledFigures: boolean;
}

/** The answer for the figures as they stand, from the report stored for them. */
const currentAnswer = (row: ReturnRow, stored: AssistReportRow): AssistAnswer => ({
  state: stored.status === 'ok' ? 'ready' : 'unavailable',
  periodEnd: row.period_end,
  report: reportOf(stored),
  current: true,
});

const isOpen = (row: ReturnRow) => row.status === 'draft' || row.status === 'failed';

/** HMRC's date-time to the second, in UTC with a Z, as its acknowledgement takes it. */
const wholeSeconds = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function reportOf(row: AssistReportRow): AssistReport {
  return {
    reportId: row.report_id,
    correlationId: row.correlation_id,
    boxesFingerprint: row.boxes_fingerprint,
    status: row.status === 'ok' ? 'ok' : 'unavailable',
    error: row.error,
    english: JSON.parse(row.english) as AssistFeedbackItem[],
    welsh: JSON.parse(row.welsh) as AssistFeedbackItem[],
    requestedAt: row.requested_at,
    requestedBy: { id: row.requested_by_id, name: row.requested_by_name },
    presentedAt: row.presented_at,
    acknowledgedAt: row.acknowledged_at,
    acknowledgedBy:
      row.acknowledged_by_id && row.acknowledged_by_name
        ? { id: row.acknowledged_by_id, name: row.acknowledged_by_name }
        : null,
  };
}

/**
 * HMRC Assist for VAT, following HMRC's service guide (docs/hmrc-assist-flow.md has the rule each
 * step meets): feedback only for an open obligation whose period has ended, before filing; asked
 * once per set of figures; acknowledged once shown. It never stands in the way of filing.
 */
export class AssistService {
  private readonly now: () => Date;
  /** Requests under way here, by return and figures: two tabs or a double click ask HMRC once. */
  private readonly asking = new Map<string, Promise<AssistAnswer>>();

  constructor(private readonly deps: AssistServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The report for the figures as they stand, asking HMRC only when none is stored for them. */
  async request(
    user: SessionUser,
    fraudHeaders: FraudHeaders,
    id: string,
    testScenario?: string,
  ): Promise<AssistAnswer> {
    const row = await this.deps.drafts.returnOrThrow(user, id);
    const settled = await this.settledAnswer(row);
    if (settled) return settled;
    const { boxes } = await this.deps.figures.figuresOf(row);
    const fingerprint = boxesFingerprint(boxes);
    // A test scenario always asks: HMRC's scripted answer is not the figures' report.
    if (testScenario) return this.fresh(user, row, boxes, fingerprint, fraudHeaders, testScenario);
    const stored = await this.deps.repo.forFigures(row.owner_id, row.id, fingerprint);
    if (stored) return currentAnswer(row, stored);
    const key = `${row.id}:${fingerprint}`;
    const running = this.asking.get(key);
    if (running) return running;
    const asked = this.fresh(user, row, boxes, fingerprint, fraudHeaders).finally(() => this.asking.delete(key));
    this.asking.set(key, asked);
    return asked;
  }

  /** Asks HMRC for a report on `boxes` and stores what came of it, a failure included. */
  private async fresh(
    user: SessionUser,
    row: ReturnRow,
    boxes: NineBoxes,
    fingerprint: string,
    fraudHeaders: FraudHeaders,
    testScenario?: string,
  ): Promise<AssistAnswer> {
    const reader = { ownerId: user.workspaceId, target: { vrn: row.vrn }, fraudHeaders };
    const base = {
      id: crypto.randomUUID(),
      owner_id: row.owner_id,
      vrn: row.vrn,
      return_id: row.id,
      boxes_fingerprint: fingerprint,
      period_key: row.period_key,
      requested_at: this.now().toISOString(),
      requested_by_id: user.id,
      requested_by_name: user.name,
      presented_at: null,
      acknowledged_at: null,
      acknowledged_by_id: null,
      acknowledged_by_name: null,
    };
    let fresh: AssistReportRow;
    try {
      // Only for a period with an open obligation (HMRC's service guide, "Customer journey").
      const open = await this.deps.vatData.openObligations(reader);
      if (!open.some((obligation) => obligation.periodKey === row.period_key)) {
        return { state: 'filed', periodEnd: row.period_end, report: null, current: false };
      }
      const report = await this.ask(user, row, boxes, fraudHeaders, testScenario);
      fresh = {
        ...base,
        status: 'ok',
        error: null,
        report_id: report.reportId,
        correlation_id: report.correlationId,
        english: JSON.stringify(report.englishFeedback),
        welsh: JSON.stringify(report.welshFeedback),
      };
    } catch (error) {
      // HMRC's silence or refusal is said as such; the person may carry on and file.
      this.deps.log.warn({ err: error, returnId: row.id }, 'HMRC Assist gave no feedback');
      fresh = {
        ...base,
        status: 'unavailable',
        error: error instanceof Error ? error.message : String(error),
        report_id: null,
        correlation_id: null,
        english: '[]',
        welsh: '[]',
      };
    }
    await this.deps.repo.insert(fresh);
    return currentAnswer(row, fresh);
  }

  /** The stored report for the return's figures, asking HMRC nothing (the reviewer's view). */
  async latest(user: SessionUser, id: string): Promise<AssistAnswer> {
    const row = await this.deps.drafts.returnOrThrow(user, id);
    const settled = await this.settledAnswer(row);
    if (settled) return settled;
    const { boxes } = await this.deps.figures.figuresOf(row);
    const fingerprint = boxesFingerprint(boxes);
    const stored =
      (await this.deps.repo.forFigures(row.owner_id, row.id, fingerprint)) ??
      (await this.deps.repo.latest(row.owner_id, row.id));
    return {
      state: !stored ? 'ready' : stored.status === 'ok' ? 'ready' : 'unavailable',
      periodEnd: row.period_end,
      report: stored ? reportOf(stored) : null,
      current: stored?.boxes_fingerprint === fingerprint,
    };
  }

  /**
   * Tells HMRC the report's messages were shown at `presentedAt` (whole seconds, UTC), once: a
   * report already acknowledged is answered as it stands.
   */
  async acknowledge(
    user: SessionUser,
    fraudHeaders: FraudHeaders,
    id: string,
    reportId: string,
    presentedAt: string,
  ): Promise<AssistReport> {
    const row = await this.deps.drafts.returnOrThrow(user, id);
    const stored = await this.deps.repo.byReportId(row.owner_id, row.id, reportId);
    if (!stored?.correlation_id) throw new AppError('NOT_FOUND', 'There is no such HMRC Assist report.');
    if (stored.acknowledged_at) return reportOf(stored);
    // Shown no earlier than it was given and no later than now.
    const now = this.now();
    const shown = new Date(Math.min(now.getTime(), Math.max(Date.parse(presentedAt), Date.parse(stored.requested_at))));
    const correlationId = stored.correlation_id;
    await this.deps.connections.vatCall(row.owner_id, { vrn: row.vrn }, 'vatAssist', (accessToken) =>
      this.deps.client.acknowledgeAssistReport(row.vrn, reportId, correlationId, shown, {
        accessToken,
        fraudHeaders,
        timeoutMs: assistTimeoutMs,
      }),
    );
    await this.deps.repo.acknowledge(stored.id, {
      presentedAt: wholeSeconds(shown),
      acknowledgedAt: this.now().toISOString(),
      by: { id: user.id, name: user.name },
    });
    return reportOf((await this.deps.repo.byReportId(row.owner_id, row.id, reportId)) ?? stored);
  }

  /** For the audit report and receipt: what HMRC Assist said of the figures filed, or that it was not asked. */
  async recordFor(ownerId: string, returnId: string, boxes: NineBoxes): Promise<AssistRecord> {
    const forFiled = await this.deps.repo.forFigures(ownerId, returnId, boxesFingerprint(boxes));
    const report = forFiled ?? (await this.deps.repo.latest(ownerId, returnId));
    return {
      enabled: this.deps.enabled,
      report: report ? reportOf(report) : null,
      forFiledFigures: Boolean(forFiled),
    };
  }

  /** Off, filed, or a period still running: states that need no figures and ask HMRC nothing. */
  private async settledAnswer(row: ReturnRow): Promise<AssistAnswer | null> {
    const periodEnd = row.period_end;
    if (!this.deps.enabled) return { state: 'off', periodEnd, report: null, current: false };
    if (!isOpen(row)) {
      // Shown beside a filed return: the report for the figures filed, if there was one.
      const { boxes } = await this.deps.figures.figuresOf(row);
      const stored = await this.deps.repo.forFigures(row.owner_id, row.id, boxesFingerprint(boxes));
      return { state: 'filed', periodEnd, report: stored ? reportOf(stored) : null, current: Boolean(stored) };
    }
    if (!periodHasEnded(periodEnd, ukToday(this.now()))) {
      return { state: 'period-not-ended', periodEnd, report: null, current: false };
    }
    return null;
  }

  private ask(user: SessionUser, row: ReturnRow, boxes: NineBoxes, fraudHeaders: FraudHeaders, testScenario?: string) {
    return this.deps.connections.vatCall(user.workspaceId, { vrn: row.vrn }, 'vatAssist', (accessToken) =>
      this.deps.client.requestAssistFeedback(
        row.vrn,
        { periodKey: row.period_key, boxes },
        { accessToken, fraudHeaders, timeoutMs: assistTimeoutMs, ...(testScenario ? { testScenario } : {}) },
      ),
    );
  }
}
