import {
  type EnterableBox,
  type TaxedRate,
  type UnpaidInvoice,
  type UnpaidInvoiceProblem,
  badDebtClaim,
  badDebtReliefRepayment,
  inputTaxRepayment,
  ukToday,
  unpaidInvoiceProblems,
} from '@vatwise/domain';
import type { TFunction } from 'i18next';
import { parsePounds } from '../common/money-input';

/**
 * The bad debt relief worksheet's sums: from what was typed, the adjustment it would add (or why
 * not) and the working to show beside it. The panel (BadDebtReliefPanel) draws it.
 */
export type BadDebtMode = 'claim' | 'repay' | 'inputTax';

/** An unpaid invoice (a sale for relief, a purchase for input tax to repay) as typed. */
export interface InvoiceText {
  reference: string;
  supplyDate: string;
  dueDate: string;
  gross: string;
  rate: TaxedRate;
  paid: string;
}
export const emptyInvoice: InvoiceText = {
  reference: '',
  supplyDate: '',
  dueDate: '',
  gross: '',
  rate: 'standard',
  paid: '0',
};

/** Relief claimed before, and what the customer has paid since, as typed. */
export interface RepayText {
  reference: string;
  claim: string;
  unpaidAtClaim: string;
  payment: string;
}
export const emptyRepay: RepayText = { reference: '', claim: '', unpaidAtClaim: '', payment: '' };

/** The invoice as typed, or the fields to fix. */
function readInvoice(text: InvoiceText): { invoice: UnpaidInvoice } | { problems: UnpaidInvoiceProblem[] } {
  const invoice: UnpaidInvoice = {
    supplyDate: text.supplyDate,
    dueDate: text.dueDate,
    grossPence: parsePounds(text.gross) ?? Number.NaN,
    rate: text.rate,
    paidPence: parsePounds(text.paid) ?? Number.NaN,
  };
  const problems = unpaidInvoiceProblems(invoice);
  return problems.length > 0 ? { problems } : { invoice };
}

/** The adjustment this worksheet would add, or why not. */
export type BadDebtOutcome = { box: EnterableBox; amountPence: number; reason: string } | { note: string };

export interface BadDebtWorking {
  outcome: BadDebtOutcome | null;
  /** The working to show: a label and its value. */
  lines: [string, string][];
  /** The invoice's fields to fix. */
  problems: UnpaidInvoiceProblem[];
  /** Which of the repayment's amounts are not a positive sum. */
  repayErrors: Record<'claim' | 'unpaidAtClaim' | 'payment', boolean>;
}

interface Formats {
  t: TFunction;
  money: (pence: number) => string;
  date: (isoDate: string) => string;
}

/** The worksheet for the mode chosen: from the invoice (claim, inputTax) or the repayment (repay) as typed. */
export function badDebtWorking(
  mode: BadDebtMode,
  invoiceText: InvoiceText,
  repayText: RepayText,
  periodEnd: string,
  { t, money, date }: Formats,
): BadDebtWorking {
  const read = readInvoice(invoiceText);
  const problems = 'problems' in read ? read.problems : [];
  const repayAmounts = {
    claimPence: parsePounds(repayText.claim),
    unpaidAtClaimPence: parsePounds(repayText.unpaidAtClaim),
    paymentPence: parsePounds(repayText.payment),
  };
  const repayErrors = {
    claim: repayAmounts.claimPence === null || repayAmounts.claimPence <= 0,
    unpaidAtClaim: repayAmounts.unpaidAtClaimPence === null || repayAmounts.unpaidAtClaimPence <= 0,
    payment: repayAmounts.paymentPence === null || repayAmounts.paymentPence <= 0,
  };

  let outcome: BadDebtOutcome | null = null;
  let lines: [string, string][] = [];
  if (mode === 'repay') {
    const { claimPence, unpaidAtClaimPence, paymentPence } = repayAmounts;
    if (
      claimPence !== null &&
      unpaidAtClaimPence !== null &&
      paymentPence !== null &&
      !Object.values(repayErrors).some(Boolean)
    ) {
      const repayPence = badDebtReliefRepayment({ claimPence, unpaidAtClaimPence, paymentPence });
      outcome = {
        box: 1,
        amountPence: repayPence,
        reason: t('vatReturns:badDebt.reasons.repay', {
          reference: repayText.reference.trim(),
          payment: money(paymentPence),
          unpaid: money(unpaidAtClaimPence),
          claim: money(claimPence),
        }),
      };
      lines = [[t('vatReturns:badDebt.result.repayment'), money(repayPence)]];
    }
  } else if ('invoice' in read) {
    const { invoice } = read;
    if (mode === 'claim') {
      const claim = badDebtClaim(invoice, { periodEnd, today: ukToday() });
      lines = [
        [t('vatReturns:badDebt.result.relevantDate'), date(claim.relevantDate)],
        [t('vatReturns:badDebt.result.claimableFrom'), date(claim.claimableFrom)],
        [t('vatReturns:badDebt.result.claimUntil'), date(claim.claimUntil)],
        [t('vatReturns:badDebt.result.unpaid'), money(claim.unpaidPence)],
        [t('vatReturns:badDebt.result.claim'), money(claim.claimPence)],
      ];
      outcome =
        claim.standing === 'claimable'
          ? {
              box: 4,
              amountPence: claim.claimPence,
              reason: t('vatReturns:badDebt.reasons.claim', {
                reference: invoiceText.reference.trim(),
                unpaid: money(claim.unpaidPence),
                from: date(claim.claimableFrom),
              }),
            }
          : {
              note: t(`vatReturns:badDebt.standing.${claim.standing}`, {
                from: date(claim.claimableFrom),
                until: date(claim.claimUntil),
              }),
            };
    } else {
      const repayment = inputTaxRepayment(invoice);
      outcome =
        repayment.dueOn <= periodEnd
          ? {
              box: 4,
              amountPence: -repayment.repayPence,
              reason: t('vatReturns:badDebt.reasons.inputTax', {
                reference: invoiceText.reference.trim(),
                unpaid: money(invoice.grossPence - invoice.paidPence),
                due: date(repayment.dueOn),
              }),
            }
          : { note: t('vatReturns:badDebt.standing.inputTaxLater', { due: date(repayment.dueOn) }) };
      lines = [
        [t('vatReturns:badDebt.result.inputTaxDue'), date(repayment.dueOn)],
        [t('vatReturns:badDebt.result.inputTax'), money(repayment.repayPence)],
      ];
    }
  }
  return { outcome, lines, problems, repayErrors };
}
