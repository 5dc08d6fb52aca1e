/** The shape of HMRC's Retrieve penalties body (VAT-OAS `Penalties`, docs/reference/hmrc-vat-api.md §3.9). */

export interface AppealInformation {
  appealStatus: 'under-appeal' | 'appeal-upheld' | 'appeal-rejected' | 'cannot-be-appealed';
  appealLevel: 'statutory-review' | 'appeal-first-tier-tribunal';
}

export interface LateSubmission {
  lateSubmissionID: string;
  taxReturnStatus: 'Open' | 'Fulfilled' | 'Reversed';
  taxPeriodStartDate: string;
  taxPeriodEndDate: string;
  taxPeriodDueDate: string;
  returnReceiptDate: string;
}

export interface LateSubmissionPenaltyDetail {
  penaltyNumber: string;
  penaltyOrder: string;
  penaltyCategory: 'point' | 'charge' | 'threshold';
  penaltyStatus: 'active' | 'inactive';
  frequencyAdjustmentPointIndicator?: 'X';
  penaltyCreationDate: string;
  penaltyExpiryDate: string;
  expiryReason?: string;
  communicationsDate?: string;
  lateSubmissions?: LateSubmission[];
  appealInformation?: AppealInformation[];
  chargeReference?: string;
  chargeAmount?: number;
  chargeOutstandingAmount?: number;
  chargeDueDate?: string;
}

export interface LatePaymentPenaltyDetail {
  principalChargeReference: string;
  penaltyCategory: 'LPP1' | 'LPP2';
  penaltyStatus: 'accruing' | 'posted';
  penaltyAmountAccruing: number;
  penaltyAmountPosted: number;
  penaltyAmountPaid?: number;
  penaltyAmountOutstanding?: number;
  latePaymentPenalty1LowerRateCalculationAmount?: number;
  latePaymentPenalty1LowerRatePercentage?: number;
  latePaymentPenalty1HigherRateCalculationAmount?: number;
  latePaymentPenalty1HigherRatePercentage?: number;
  latePaymentPenalty2Days?: string;
  latePaymentPenalty2Percentage?: number;
  penaltyChargeCreationDate?: string;
  communicationsDate?: string;
  penaltyChargeReference?: string;
  penaltyChargeDueDate?: string;
  appealInformation?: AppealInformation[];
  principalChargeDocNumber: string;
  principalChargeBillingFrom: string;
  principalChargeBillingTo: string;
  principalChargeDueDate: string;
  principalChargeLatestClearing?: string;
  timeToPay?: { timeToPayStartDate: string; timeToPayEndDate: string }[];
}

export interface Penalties {
  totalisations?: {
    lateSubmissionPenaltyTotalValue?: number;
    penalisedPrincipalTotal?: number;
    latePaymentPenaltyPostedTotal?: number;
    latePaymentPenaltyEstimateTotal?: number;
  };
  lateSubmissionPenalty?: {
    summary: {
      activePenaltyPoints: number;
      inactivePenaltyPoints: number;
      periodOfComplianceAchievement: string;
      regimeThreshold: number;
      penaltyChargeAmount: number;
    };
    details: LateSubmissionPenaltyDetail[];
  };
  latePaymentPenalty?: { details: LatePaymentPenaltyDetail[] };
}
