import { boxKey, boxNumbers, hmrcBoxFields, type NineBoxes, penceToDecimalText } from '@vatwise/domain';
import { normaliseHmrcError } from '../errors';
import { type VatAssistResponse, vatAssistResponseSchema } from '../schemas/vat-assist';
import { hmrcTimeouts, readBody } from './http';
import type { CallContext, HmrcTransport } from './transport';

/**
 * VAT Assist (MTD) API 1.0 (packages/hmrc-sandbox/reference/vat-assist/application.yaml),
 * user-restricted with write:vat: feedback on a draft return, then its acknowledgement once the
 * feedback was shown to the user verbatim.
 */

export interface AssistDraft {
  periodKey: string;
  /** Pence, as everywhere in VAT Wise; boxes 6-9 whole pounds (multiples of 100). */
  boxes: NineBoxes;
}

/**
 * HMRC's VATAssistRequest as exact JSON text: boxes 1-5 with two decimals written by integer
 * arithmetic, boxes 6-9 as whole pounds, as a submission's body is written (no float on the way).
 */
export function assistRequestBody(draft: AssistDraft): string {
  const amounts = boxNumbers.map((box) => {
    const pence = draft.boxes[boxKey(box)];
    if (box > 5 && pence % 100 !== 0) throw new RangeError(`Box ${box} must be whole pounds: ${pence} pence`);
    return `"${hmrcBoxFields[box]}":${box <= 5 ? penceToDecimalText(pence) : String(pence / 100)}`;
  });
  return `{"periodKey":${JSON.stringify(draft.periodKey)},${amounts.join(',')}}`;
}

const assistPath = (transport: HmrcTransport, rest: string) => `${transport.baseUrl}/misc/transaction-risking/${rest}`;

/** The report on a draft return: its reportId and correlationId, and the feedback in English and Welsh. */
export async function requestAssistFeedback(
  transport: HmrcTransport,
  vrn: string,
  draft: AssistDraft,
  context: CallContext,
): Promise<VatAssistResponse> {
  const answer = await transport.send({
    method: 'POST',
    url: assistPath(transport, `assist/${encodeURIComponent(vrn)}`),
    headers: transport.userHeaders(context, { 'content-type': 'application/json' }),
    body: assistRequestBody(draft),
    timeoutMs: context.timeoutMs ?? hmrcTimeouts.default,
    // Asking for feedback files nothing: a throttled request may be sent again.
    retry: transport.retry,
    ...(transport.sleep ? { sleep: transport.sleep } : {}),
  });
  return readBody(answer, 200, vatAssistResponseSchema);
}

/** Records that the report's feedback was presented verbatim at `presentedAt` (HMRC answers 204). */
export async function acknowledgeAssistReport(
  transport: HmrcTransport,
  vrn: string,
  reportId: string,
  correlationId: string,
  presentedAt: Date,
  context: CallContext,
): Promise<void> {
  // HMRC's date-time in Z/UTC, to the second.
  const presentedDateTime = presentedAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const path = [vrn, reportId, correlationId].map(encodeURIComponent).join('/');
  const answer = await transport.send({
    method: 'POST',
    url: assistPath(transport, `acknowledge/${path}?${new URLSearchParams({ presentedDateTime }).toString()}`),
    headers: transport.userHeaders(context),
    timeoutMs: context.timeoutMs ?? hmrcTimeouts.default,
  });
  if (answer.status !== 204) throw normaliseHmrcError(answer.status, answer.text);
}
