/**
 * The simulated VAT account of one test user, and the HMRC response bodies made from it. The
 * account is plain JSON data (stored as JSON by the simulator's store): strings, integer pence,
 * booleans, arrays and objects only — no Dates, no bigint, no undefined-valued keys.
 */
import type { LatePaymentPenaltyDetail } from '../scenarios/canned/penalty-shapes';
import type { ReturnBoxesPence } from './validation';

export interface TaxPeriod {
  from: string;
  to: string;
}

/** An obligation as HMRC lists it (docs/reference/hmrc-vat-api.md §3.4). `received` only when fulfilled. */
export interface StoredObligation {
  periodKey: string;
  start: string;
  end: string;
  due: string;
  status: 'O' | 'F';
  received?: string;
}

/** A filed return and its receipt (3.5, 3.6). */
export interface StoredReturn {
  periodKey: string;
  boxes: ReturnBoxesPence;
  /** The UK date the return was received (the obligation's `received`). */
  receivedOn: string;
  /** The 201 body's `processingDate`: ISO 8601 UTC with milliseconds. */
  processingDate: string;
  formBundleNumber: string;
  paymentIndicator?: 'DD' | 'BANK';
  chargeRefNumber?: string;
}

export interface StoredPayment {
  amountPence: number;
  received: string;
  /** HMRC's payment lot and lot item: the pair the payments endpoint de-duplicates on (3.8). */
  paymentLot: string;
  paymentLotItem: string;
}

/** A charge on the VAT account: what liabilities lists, and the source of payments (3.7, 3.8). */
export interface StoredCharge {
  chargeReference: string;
  periodKey?: string;
  taxPeriod?: TaxPeriod;
  type: string;
  originalAmountPence: number;
  outstandingAmountPence: number;
  due?: string;
  postedOn: string;
  payments: StoredPayment[];
}

export interface FlatRateScheme {
  frsCategory: string;
  startDate: string;
  /** Sector percentage in tenths of a per cent (145 = 14.5%), docs/reference/vat-rules.md §2.8. Not sent by HMRC. */
  rateTenthsOfPercent: number;
}

/**
 * How often the business files (docs/reference/vat-rules.md §3.4, 3.7): calendar quarters, months, or one
 * 12-month period a year (annual accounting, VAT Notice 732).
 */
export const obligationPatterns = ['quarterly', 'monthly', 'annual'] as const;
export type ObligationPattern = (typeof obligationPatterns)[number];

export interface VatAccount {
  schemaVersion: 1;
  vrn: string;
  registrationDate: string;
  /** The `today` the account was created for. */
  createdOn: string;
  /** The latest date the account knows of: createdOn, moved on by each submission. */
  asOf: string;
  flatRateScheme?: FlatRateScheme;
  /** Absent on accounts made before patterns existed: quarterly. */
  obligationPattern?: ObligationPattern;
  /** Decides submit's paymentIndicator (3.5): DD for a debit with a Direct Debit, BANK for a credit. */
  directDebit: boolean;
  repaymentBankAccount: boolean;
  obligations: StoredObligation[];
  returns: StoredReturn[];
  charges: StoredCharge[];
}

// ---------------------------------------------------------------------------------------------
// Wire bodies (200/201), numbers already converted from pence
// ---------------------------------------------------------------------------------------------

export interface ObligationsBody {
  obligations: StoredObligation[];
}

export type ReturnBody = { periodKey: string } & Record<keyof ReturnBoxesPence, number>;

export interface LiabilityItem {
  taxPeriod?: TaxPeriod;
  type: string;
  originalAmount: number;
  outstandingAmount?: number;
  due?: string;
}

export interface LiabilitiesBody {
  liabilities: LiabilityItem[];
}

export interface PaymentsBody {
  payments: { amount: number; received?: string }[];
}

export interface SubmitReturnBody {
  processingDate: string;
  formBundleNumber: string;
  paymentIndicator?: 'DD' | 'BANK';
  chargeRefNumber?: string;
}

export interface LateSubmission {
  lateSubmissionID: string;
  taxReturnStatus: 'Open' | 'Fulfilled' | 'Reversed';
  taxPeriodStartDate: string;
  taxPeriodEndDate: string;
  taxPeriodDueDate: string;
  returnReceiptDate?: string;
}

export interface LateSubmissionPenaltyDetail {
  penaltyNumber: string;
  penaltyOrder: string;
  penaltyCategory: 'point' | 'threshold' | 'charge';
  penaltyStatus: 'active' | 'inactive';
  penaltyCreationDate: string;
  penaltyExpiryDate: string;
  expiryReason?: 'natural-expiry';
  communicationsDate: string;
  lateSubmissions: LateSubmission[];
  chargeReference?: string;
  chargeAmount?: number;
  chargeOutstandingAmount?: number;
  chargeDueDate?: string;
}

/** Retrieve penalties (3.9); `{}` when there are none. */
export interface PenaltiesBody {
  totalisations?: {
    lateSubmissionPenaltyTotalValue: number;
    penalisedPrincipalTotal: number;
    latePaymentPenaltyPostedTotal: number;
    latePaymentPenaltyEstimateTotal: number;
  };
  latePaymentPenalty?: { details: LatePaymentPenaltyDetail[] };
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
}

/** Retrieve financial details (3.10). */
export interface FinancialDetailsBody {
  totalisations: {
    totalOverdue: number;
    totalNotYetDue: number;
    totalBalance: number;
    totalCredit: number;
    totalCleared: number;
  };
  documentDetails: {
    postingDate: string;
    issueDate: string;
    documentTotalAmount: number;
    documentClearedAmount: number;
    documentOutstandingAmount: number;
    lineItemDetails: {
      chargeDescription: string;
      periodFromDate?: string;
      periodToDate?: string;
      netDueDate?: string;
      amount: number;
    }[];
  }[];
}

/** Retrieve customer information (3.11). */
export interface CustomerInformationBody {
  customerDetails: { effectiveRegistrationDate: string };
  flatRateScheme?: { frsCategory: string; startDate: string };
}
