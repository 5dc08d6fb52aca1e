import {
  boxKey,
  boxNumbers,
  hmrcBoxFields,
  type NineBoxes,
  penceToDecimalText,
  type Receipt,
  type ReturnStatus,
} from '@vatwise/domain';
import type { FraudHeaders } from '@vatwise/hmrc';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../plugins/errors';
import type { VatDataService } from '../../vat-operations';
import type { LastError, ReturnRow, SentBy } from '../return-row';
import { sameBoxes } from '../same-boxes';
import type { SubmissionRepo } from './repo';
import type { ClientApprovalHooks } from '../client-approval/hooks';

/**
 * Submitting a return exactly once (docs/reference/hmrc-vat-api.md §6.2): the body HMRC is sent, how its answers
 * and failures are told apart, and how a return whose answer was lost is settled by asking HMRC.
 * SubmissionService (service.ts) claims and sends; this is what it needs to decide and to settle.
 */

/** What HMRC's submit endpoint takes, written as text so every amount keeps exactly its pence (3.2). */
export function submissionBody(periodKey: string, boxes: NineBoxes): string {
  const money = (pence: number) => penceToDecimalText(pence);
  // Boxes 6-9 are whole pounds already (multiples of 100): sent without a decimal point.
  const pounds = (pence: number) => String(pence / 100);
  const amounts = boxNumbers.map((box) => {
    const pence = boxes[boxKey(box)];
    return `"${hmrcBoxFields[box]}":${box <= 5 ? money(pence) : pounds(pence)}`;
  });
  return `{"periodKey":${JSON.stringify(periodKey)},${amounts.join(',')},"finalised":true}`;
}

export function boxesFromView(view: Awaited<ReturnType<VatDataService['returnView']>>): NineBoxes {
  return Object.fromEntries(boxNumbers.map((box) => [boxKey(box), view.boxes[hmrcBoxFields[box]]])) as NineBoxes;
}

/**
 * How long an answer to a submission may still come: HMRC's longest time-out in production (180 s)
 * and a margin. Until then a missing return is "not yet", not "not filed".
 */
export const answerWindowMs = 240_000;

export const errorOf = (error: unknown): LastError => {
  if (error instanceof AppError)
    return { message: error.message, code: error.code, hmrcCodes: error.hmrc?.codes ?? [] };
  return { message: 'An unexpected error occurred.', code: null, hmrcCodes: [] };
};

/**
 * HMRC answered and refused: the return was not filed, and may be sent again once fixed. A 429
 * (still throttled after the client's waits) is a refusal too: HMRC's throttle turns calls away unread.
 */
export const isRefusal = (error: unknown) =>
  error instanceof AppError &&
  (error.code === 'HMRC_NOT_CONNECTED' ||
    error.code === 'HMRC_RATE_LIMITED' ||
    error.code === 'HMRC_REAUTHORISE' ||
    error.code === 'BUSINESS_NOT_YOURS' ||
    (error.code === 'HMRC_REFUSED' && (error.hmrc?.status ?? 0) >= 400 && (error.hmrc?.status ?? 0) < 500));

const filedElsewhereError: LastError = {
  message:
    'HMRC already holds a return for this period with other figures: it was filed another way (other software, or HMRC’s own service). This return was not filed; it is kept as it was.',
  code: 'FILED_ELSEWHERE',
  hmrcCodes: [],
};

export interface SettledReturn {
  ownerId: string;
  returnId: string;
  vrn: string;
  periodKey: string;
  status: ReturnStatus;
  /** Why it could not be settled this time, when it could not. */
  error: string | null;
}

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Settles a return whose answer never came, by HMRC's evidence: if HMRC holds a return for the
 * period with our figures box for box, ours was filed (submitted, confirmed by HMRC's records); with
 * other figures, another program filed it ('filed_elsewhere', HMRC's figures kept beside ours); if
 * HMRC has none, ours was not filed (it may be sent again); if HMRC cannot say now, it stays unknown.
 */
export async function settleReturn(
  deps: {
    repo: SubmissionRepo;
    vatData: VatDataService;
    log: FastifyBaseLogger;
    clientApproval?: ClientApprovalHooks | undefined;
  },
  row: ReturnRow,
  fraudHeaders: FraudHeaders,
  now: () => Date,
): Promise<void> {
  let boxes: NineBoxes;
  try {
    const view = await deps.vatData.returnView(
      { ownerId: row.owner_id, target: { vrn: row.vrn }, fraudHeaders },
      row.period_key,
    );
    boxes = boxesFromView(view);
  } catch (error) {
    const at = now().toISOString();
    if (error instanceof AppError && error.code === 'HMRC_REFUSED' && error.hmrc?.status === 404) {
      // A submission HMRC may still be working on must not be offered for sending again yet.
      const started = Date.parse(row.attempt_started_at ?? '') || 0;
      if (now().getTime() - started < answerWindowMs) {
        await deps.repo.setStatus(
          row.id,
          'unknown',
          {
            message: 'HMRC has no return for this period yet; VAT Wise will check again.',
            code: 'NOT_YET_FILED',
            hmrcCodes: [],
          },
          at,
        );
        return;
      }
      await deps.repo.setStatus(
        row.id,
        'failed',
        {
          message: 'HMRC has no return for this period, so it was not filed. Check the figures and submit again.',
          code: 'NOT_FILED',
          hmrcCodes: [],
        },
        at,
      );
      return;
    }
    await deps.repo.setStatus(row.id, 'unknown', errorOf(error), at);
    deps.log.warn({ err: error, returnId: row.id }, 'could not yet settle the VAT return with HMRC');
    return;
  }
  const sentBoxes = row.sent_boxes ? (JSON.parse(row.sent_boxes) as NineBoxes) : null;
  if (!sentBoxes || !sameBoxes(sentBoxes, boxes)) {
    // HMRC holds a return we cannot show to be ours: other software filed the period. No receipt is made up.
    await deps.repo.recordFiledElsewhere(row.id, boxes, filedElsewhereError, now().toISOString());
    deps.log.warn({ returnId: row.id }, 'VAT return not filed: HMRC holds another return for the period');
    return;
  }
  const receipt: Receipt = {
    vrn: row.vrn,
    periodKey: row.period_key,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    boxes: sentBoxes,
    processingDate: null,
    formBundleNumber: null,
    paymentIndicator: null,
    chargeRefNumber: null,
    correlationId: null,
    receiptId: null,
    receiptTimestamp: null,
    fraudHeaders: row.sent_fraud_headers ? (JSON.parse(row.sent_fraud_headers) as Record<string, string>) : {},
    submittedAt: row.attempt_started_at ?? now().toISOString(),
    submittedBy: row.sent_by ? (JSON.parse(row.sent_by) as SentBy) : { id: row.owner_id, email: '', name: '' },
    confirmedBy: 'returnView',
    ...(deps.clientApproval ? { approvals: await deps.clientApproval.receiptApprovals(row, sentBoxes) } : {}),
  };
  const at = now().toISOString();
  await deps.repo.recordReceipt(row, receipt, at);
  const last = row.last_error ? (JSON.parse(row.last_error) as LastError) : null;
  if (last?.hmrcCodes.includes('DUPLICATE_SUBMISSION')) await deps.repo.setStatus(row.id, 'submitted', last, at);
  deps.log.info({ returnId: row.id }, 'VAT return settled: HMRC holds it');
}
