import { formatGbp, guidanceNotice, ukToday } from '@vatwise/domain';
import type { Passage } from './knowledge/knowledge-base';
import type { UserData } from './user-data';

/**
 * The built-in provider: no network, no model weights. It answers from the passages retrieval
 * found (quoting them, each cited), from the user's own VAT data when allowed and asked about, and
 * says plainly when it has nothing relevant.
 */

const ukDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

/** Questions about the user's own deadlines, charges or payments. */
const aboutDeadlines = /\b(when|what)\b.*\b(due|deadline)\b|\bnext (vat )?return\b|\bobligations?\b|\boverdue\b/i;
const aboutCharges = /\b(owe|outstanding|liabilit(y|ies)|how much (do|did|must) (i|we))\b/i;
const aboutPayments = /\b(paid|payments?|have i paid|did i pay)\b/i;

async function fromUserData(question: string, data: UserData): Promise<string | undefined> {
  const today = ukToday();
  if (aboutDeadlines.test(question)) {
    const open = (await data.openObligations()).sort((a, b) => a.due.localeCompare(b.due));
    if (open.length === 0) return `HMRC is not waiting for any VAT return from VRN ${data.vrn} at the moment.`;
    const lines = open.map(
      (obligation) =>
        `- ${ukDate(obligation.start)} to ${ukDate(obligation.end)}: due ${ukDate(obligation.due)}${obligation.due < today ? ' — overdue' : ''}`,
    );
    const next = open.find((obligation) => obligation.due >= today) ?? open[0];
    return [
      `From HMRC's records for VRN ${data.vrn}: your ${next && next.due < today ? 'oldest overdue' : 'next'} return is for ${next ? `${ukDate(next.start)} to ${ukDate(next.end)}, due ${ukDate(next.due)}` : ''}.`,
      '',
      'Returns HMRC is waiting for:',
      ...lines,
    ].join('\n');
  }
  if (aboutCharges.test(question)) {
    const charges = await data.liabilities();
    const outstanding = charges.reduce((sum, charge) => sum + (charge.outstandingAmountPence ?? 0), 0);
    if (charges.length === 0) return `HMRC lists no VAT charges for VRN ${data.vrn} in the last 12 months.`;
    return [
      `From HMRC's records for VRN ${data.vrn}, outstanding now: ${formatGbp(outstanding)}.`,
      '',
      ...charges.map(
        (charge) =>
          `- ${charge.type}${charge.taxPeriod ? ` for ${ukDate(charge.taxPeriod.from)} to ${ukDate(charge.taxPeriod.to)}` : ''}: ${formatGbp(charge.originalAmountPence)}, outstanding ${formatGbp(charge.outstandingAmountPence ?? 0)}${charge.due ? `, due ${ukDate(charge.due)}` : ''}`,
      ),
    ].join('\n');
  }
  if (aboutPayments.test(question)) {
    const payments = await data.payments();
    if (payments.length === 0) return `HMRC lists no VAT payments from VRN ${data.vrn} in the last 12 months.`;
    return [
      `From HMRC's records for VRN ${data.vrn}, payments received in the last 12 months:`,
      ...payments.map(
        (payment) => `- ${formatGbp(payment.amountPence)}${payment.received ? ` on ${ukDate(payment.received)}` : ''}`,
      ),
    ].join('\n');
  }
  return undefined;
}

export interface BuiltInInput {
  question: string;
  /** The passages retrieval judged relevant, best first (numbered [1]... as given). */
  passages: readonly Passage[];
  userData: UserData | undefined;
}

/** The whole answer as text (streamed by the caller). */
export async function builtInAnswer({ question, passages, userData }: BuiltInInput): Promise<string> {
  const personal = userData ? await fromUserData(question, userData) : undefined;
  const parts: string[] = [];
  if (personal) parts.push(personal);
  if (passages.length > 0) {
    parts.push(personal ? 'What VAT Wise’s guidance says:' : 'Here is what VAT Wise’s guidance says about that:');
    passages
      .slice(0, 3)
      .forEach((passage, index) => parts.push(`**${passage.title}** [${index + 1}]\n${passage.text}`));
  } else if (!personal) {
    parts.push(
      'I could not find anything about that in VAT Wise’s knowledge base, which covers UK VAT and Making Tax Digital. ' +
        'Try other words, or ask HMRC or an accountant.',
    );
  }
  parts.push(guidanceNotice);
  return parts.join('\n\n');
}

/** Splits text into small pieces so the built-in answer streams as the others do. */
export function* streamPieces(text: string): Generator<string> {
  const pieces = text.match(/\S+\s*|\s+/g) ?? [];
  for (let index = 0; index < pieces.length; index += 4) yield pieces.slice(index, index + 4).join('');
}
