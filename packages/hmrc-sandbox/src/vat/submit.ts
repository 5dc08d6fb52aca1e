import { maxDate, ukDateOf } from '@vatwise/domain';
import { businessError, flat, messages, type SandboxAnswer } from '../http/errors';
import { ok } from './answers';
import { formBundleNumberFor, paymentIndicatorFor, returnChargeReferenceFor, returnDebitChargeType } from './filing';
import type { StoredCharge, StoredReturn, SubmitReturnBody, VatAccount } from './model';
import { uuidFor } from './random';
import { parseSubmitBody } from './validation';

export interface SubmitReturnResult {
  /** The account after the submission (the same object when refused). */
  account: VatAccount;
  answer: SandboxAnswer;
  /** Receipt-ID and Receipt-Timestamp headers of a 201 (3.5). */
  receipt?: { id: string; timestamp: string };
}

/**
 * Submit a return (3.5). Body validation (stages 2-5) runs first; then HMRC's backend answers:
 * 403 C DUPLICATE_SUBMISSION when a return exists for the period key (6.2), 403 A
 * TAX_PERIOD_NOT_ENDED when the period's end date is today or later. A key matching no obligation is
 * accepted, as HMRC's sandbox does (3.5 "Sandbox"). On success the return is stored, its obligation
 * fulfilled (received today), a debit (box 3 > box 4) raises a charge, and the answer is 201 with
 * processingDate, formBundleNumber and, where they apply, paymentIndicator and chargeRefNumber.
 * `now` is the submission instant; "today" is its date in the UK (dates.ts ukDateOf).
 */
export function submitReturn(account: VatAccount, body: unknown, now: Date): SubmitReturnResult {
  const parsed = parseSubmitBody(body);
  if (!parsed.ok) return { account, answer: parsed.answer };
  const { periodKey, boxes } = parsed.submission;
  const today = ukDateOf(now);

  if (account.returns.some((r) => r.periodKey === periodKey)) {
    return {
      account,
      answer: businessError([{ code: 'DUPLICATE_SUBMISSION', message: messages.DUPLICATE_SUBMISSION }]),
    };
  }
  const obligation = account.obligations.find((o) => o.periodKey === periodKey);
  if (obligation && obligation.end >= today) {
    return { account, answer: flat(403, 'TAX_PERIOD_NOT_ENDED', messages.TAX_PERIOD_NOT_ENDED) };
  }

  const isDebit = boxes.totalVatDue > boxes.vatReclaimedCurrPeriod;
  const chargeReference = isDebit ? returnChargeReferenceFor(account.vrn, periodKey) : undefined;
  const paymentIndicator = paymentIndicatorFor(account, boxes);
  const processingDate = now.toISOString();
  const stored: StoredReturn = {
    periodKey,
    boxes: { ...boxes },
    receivedOn: today,
    processingDate,
    formBundleNumber: formBundleNumberFor(account.vrn, periodKey),
    ...(paymentIndicator ? { paymentIndicator } : {}),
    ...(chargeReference ? { chargeRefNumber: chargeReference } : {}),
  };
  const charge: StoredCharge | undefined = chargeReference
    ? {
        chargeReference,
        periodKey,
        ...(obligation ? { taxPeriod: { from: obligation.start, to: obligation.end }, due: obligation.due } : {}),
        type: returnDebitChargeType,
        originalAmountPence: boxes.netVatDue,
        outstandingAmountPence: boxes.netVatDue,
        postedOn: today,
        payments: [],
      }
    : undefined;

  const next: VatAccount = {
    ...account,
    asOf: maxDate(account.asOf, today),
    obligations: account.obligations.map((o) =>
      o.periodKey === periodKey ? { ...o, status: 'F' as const, received: today } : o,
    ),
    returns: [...account.returns, stored],
    charges: charge ? [...account.charges, charge] : account.charges,
  };

  const answerBody: SubmitReturnBody = {
    processingDate,
    formBundleNumber: stored.formBundleNumber,
    ...(paymentIndicator ? { paymentIndicator } : {}),
    ...(chargeReference ? { chargeRefNumber: chargeReference } : {}),
  };
  return {
    account: next,
    answer: ok(answerBody, 201),
    receipt: {
      id: uuidFor(`receipt|${account.vrn}|${periodKey}|${processingDate}`),
      // Receipt-Timestamp has no milliseconds (3.5).
      timestamp: processingDate.replace(/\.\d{3}Z$/, 'Z'),
    },
  };
}
