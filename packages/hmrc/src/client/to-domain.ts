import {
  type FinancialDetails,
  type Liability,
  type Obligation,
  type Payment,
  type Penalties,
  type Penalty,
  poundsToPence,
  type VatReturn,
} from '@vatwise/domain';
import type { FinancialDetailsResponse } from '../schemas/financial-details';
import type { LiabilitiesResponse } from '../schemas/liabilities';
import type { ObligationsResponse } from '../schemas/obligations';
import type { PaymentsResponse } from '../schemas/payments';
import type { PenaltiesResponse } from '../schemas/penalties';
import type { ViewReturnResponse } from '../schemas/returns';

/**
 * HMRC's bodies in VAT Wise's terms (@vatwise/domain): pence instead of pounds, null instead of
 * absent, lists sorted as people read them. HMRC's order is not reliable (docs/reference/hmrc-vat-api.md §3.4).
 */

const pence = (pounds: number | undefined): number | null => (pounds === undefined ? null : poundsToPence(pounds));

/** Newest period first. */
export function obligationsFrom(body: ObligationsResponse): Obligation[] {
  return body.obligations
    .map((obligation) => ({ ...obligation, received: obligation.received ?? null }))
    .sort((a, b) => b.start.localeCompare(a.start));
}

/** Newest tax period first; charges without one last. */
export function liabilitiesFrom(body: LiabilitiesResponse): Liability[] {
  return body.liabilities
    .map((liability) => ({
      taxPeriod: liability.taxPeriod ?? null,
      type: liability.type,
      originalAmountPence: poundsToPence(liability.originalAmount),
      outstandingAmountPence: pence(liability.outstandingAmount),
      due: liability.due ?? null,
    }))
    .sort((a, b) => (b.taxPeriod?.to ?? '').localeCompare(a.taxPeriod?.to ?? ''));
}

/** Newest first; payments without a date last. */
export function paymentsFrom(body: PaymentsResponse): Payment[] {
  return body.payments
    .map((payment) => ({ amountPence: poundsToPence(payment.amount), received: payment.received ?? null }))
    .sort((a, b) => (b.received ?? '').localeCompare(a.received ?? ''));
}

export function penaltiesFrom(body: PenaltiesResponse): Penalties {
  const totals = body.totalisations;
  const summary = body.lateSubmissionPenalty?.summary;
  const lateSubmission: Penalty[] = (body.lateSubmissionPenalty?.details ?? []).map((detail) => {
    const late = detail.lateSubmissions?.[0];
    return {
      kind: 'lateSubmission',
      id: detail.penaltyNumber,
      category: detail.penaltyCategory,
      status: detail.penaltyStatus,
      taxPeriod:
        late?.taxPeriodStartDate && late.taxPeriodEndDate
          ? { from: late.taxPeriodStartDate, to: late.taxPeriodEndDate }
          : null,
      createdOn: detail.penaltyCreationDate,
      expiresOn: detail.penaltyExpiryDate,
      chargeReference: detail.chargeReference ?? null,
      amountPence: pence(detail.chargeAmount),
      outstandingPence: pence(detail.chargeOutstandingAmount),
      dueOn: detail.chargeDueDate ?? null,
      appealStatus: detail.appealInformation?.[0]?.appealStatus ?? null,
    };
  });
  const latePayment: Penalty[] = (body.latePaymentPenalty?.details ?? []).map((detail) => ({
    kind: 'latePayment',
    id: detail.principalChargeReference,
    category: detail.penaltyCategory,
    status: detail.penaltyStatus,
    taxPeriod: { from: detail.principalChargeBillingFrom, to: detail.principalChargeBillingTo },
    createdOn: detail.penaltyChargeCreationDate ?? null,
    expiresOn: null,
    chargeReference: detail.penaltyChargeReference ?? null,
    amountPence: poundsToPence(
      detail.penaltyStatus === 'posted' ? detail.penaltyAmountPosted : detail.penaltyAmountAccruing,
    ),
    outstandingPence: pence(detail.penaltyAmountOutstanding),
    dueOn: detail.penaltyChargeDueDate ?? null,
    appealStatus: detail.appealInformation?.[0]?.appealStatus ?? null,
  }));
  return {
    totals: totals
      ? {
          lateSubmissionPenaltyPence: pence(totals.lateSubmissionPenaltyTotalValue) ?? 0,
          penalisedPrincipalPence: pence(totals.penalisedPrincipalTotal) ?? 0,
          latePaymentPenaltyPostedPence: pence(totals.latePaymentPenaltyPostedTotal) ?? 0,
          latePaymentPenaltyEstimatePence: pence(totals.latePaymentPenaltyEstimateTotal) ?? 0,
        }
      : null,
    lateSubmissionSummary: summary
      ? {
          activePoints: summary.activePenaltyPoints,
          inactivePoints: summary.inactivePenaltyPoints,
          threshold: summary.regimeThreshold,
          chargeAmountPence: poundsToPence(summary.penaltyChargeAmount),
          complianceAchievedOn: summary.periodOfComplianceAchievement,
        }
      : null,
    penalties: [...lateSubmission, ...latePayment].sort((a, b) => (b.createdOn ?? '').localeCompare(a.createdOn ?? '')),
  };
}

export function financialDetailsFrom(body: FinancialDetailsResponse): FinancialDetails {
  const totals = body.totalisations;
  return {
    totals: totals
      ? {
          overduePence: pence(totals.totalOverdue),
          notYetDuePence: pence(totals.totalNotYetDue),
          balancePence: pence(totals.totalBalance),
          creditPence: pence(totals.totalCredit),
          clearedPence: pence(totals.totalCleared),
        }
      : null,
    documents: (body.documentDetails ?? []).map((document) => ({
      postingDate: document.postingDate ?? null,
      issueDate: document.issueDate ?? null,
      totalPence: pence(document.documentTotalAmount),
      clearedPence: pence(document.documentClearedAmount),
      outstandingPence: pence(document.documentOutstandingAmount),
      lines: (document.lineItemDetails ?? []).map((line) => ({
        description: line.chargeDescription ?? '',
        from: line.periodFromDate ?? null,
        to: line.periodToDate ?? null,
        dueOn: line.netDueDate ?? null,
        amountPence: pence(line.amount),
      })),
    })),
  };
}

export function vatReturnFrom(body: ViewReturnResponse): VatReturn {
  const { periodKey, ...boxes } = body;
  return {
    periodKey,
    boxes: {
      vatDueSales: poundsToPence(boxes.vatDueSales),
      vatDueAcquisitions: poundsToPence(boxes.vatDueAcquisitions),
      totalVatDue: poundsToPence(boxes.totalVatDue),
      vatReclaimedCurrPeriod: poundsToPence(boxes.vatReclaimedCurrPeriod),
      netVatDue: poundsToPence(boxes.netVatDue),
      totalValueSalesExVAT: poundsToPence(boxes.totalValueSalesExVAT),
      totalValuePurchasesExVAT: poundsToPence(boxes.totalValuePurchasesExVAT),
      totalValueGoodsSuppliedExVAT: poundsToPence(boxes.totalValueGoodsSuppliedExVAT),
      totalAcquisitionsExVAT: poundsToPence(boxes.totalAcquisitionsExVAT),
    },
  };
}
