/**
 * Canned response bodies for HMRC's Gov-Test-Scenario values (hmrc-mtd-vat.md 4). HMRC does not
 * publish its stub's data (4, last paragraph), so the bodies follow HMRC's published examples
 * (VAT-OAS and the legacy RAML `examples/`, copied here, never read at run time) and the wording of
 * each scenario in HMRC's test-data tables. Everything in this file is data; the choice between
 * bodies is made in resolve.ts.
 */

// ---------------------------------------------------------------------------------------------
// Obligations (hmrc-mtd-vat.md 3.4, 4.1)
// ---------------------------------------------------------------------------------------------

export interface Obligation {
  start: string;
  end: string;
  due: string;
  status: 'O' | 'F';
  periodKey: string;
  received?: string;
}

const isoDate = (year: number, monthIndex: number, day: number): string =>
  new Date(Date.UTC(year, monthIndex, day)).toISOString().slice(0, 10);

/**
 * One obligation of `months` calendar months starting on the first of `monthIndex`. HMRC's examples
 * date it due on the 7th of the second month after the period ends (18A1: ends 03-31, due 05-07;
 * 18AD: ends 01-31, due 03-07) and, when fulfilled, received the day before it was due.
 */
function obligation(periodKey: string, year: number, monthIndex: number, months: number, met: boolean): Obligation {
  const endsOn = new Date(Date.UTC(year, monthIndex + months, 0));
  const endYear = endsOn.getUTCFullYear();
  const endMonth = endsOn.getUTCMonth();
  const open: Obligation = {
    start: isoDate(year, monthIndex, 1),
    end: isoDate(endYear, endMonth, endsOn.getUTCDate()),
    due: isoDate(endYear, endMonth + 2, 7),
    status: 'O',
    periodKey,
  };
  return met ? { ...open, status: 'F', received: isoDate(endYear, endMonth + 2, 6) } : open;
}

/** `count` consecutive periods of `months` months from January of `year`, the first `met` fulfilled. */
function series(keys: readonly string[], year: number, months: number, count: number, met: number): Obligation[] {
  return keys.slice(0, count).map((key, index) => obligation(key, year, index * months, months, index < met));
}

// 2017 keys are HMRC's own (ObligationsQuarterly.json, ObligationsMonthly.json). The 2018 keys are
// ours and deliberately different, so a return stored for one scenario's period is not shown as
// another scenario's: MMYY numeric keys for months (3.4 lists `0418` as a real form), 18B# for quarters.
const quarterKeys2017 = ['18A1', '18A2', '18A3', '18A4'] as const;
const monthKeys2017 = ['18AD', '18AE', '18AF', '18AG'] as const;
const quarterKeys2018 = ['18B1', '18B2', '18B3', '18B4'] as const;
const monthKeys2018 = Array.from({ length: 12 }, (_, index) => `${String(index + 1).padStart(2, '0')}18`);

/** QUARTERLY_<N>_MET: the first N quarters of 2017 fulfilled and the next one open (4.1). */
export const quarterlyMet = (met: number): Obligation[] => series(quarterKeys2017, 2017, 3, Math.min(met + 1, 4), met);

/** MONTHLY_<N>_MET: the first N months of 2017 fulfilled and the next one open (4.1). */
export const monthlyMet = (met: number): Obligation[] => series(monthKeys2017, 2017, 1, met + 1, met);

/**
 * MONTHLY_OBS_##_OPEN / QUARTERLY_OBS_##_OPEN: 2018 up to period ##, which is open, earlier ones
 * fulfilled (4.1). Later periods are left out: were they listed they would be open too, and "two
 * open" is a different scenario (MULTIPLE_OPEN_*).
 */
export const monthly2018Open = (month: number): Obligation[] => series(monthKeys2018, 2018, 1, month, month - 1);
export const quarterly2018Open = (quarter: number): Obligation[] =>
  series(quarterKeys2018, 2018, 3, quarter, quarter - 1);

export const monthly2018AllMet = (): Obligation[] => series(monthKeys2018, 2018, 1, 12, 12);
export const quarterly2018AllMet = (): Obligation[] => series(quarterKeys2018, 2018, 3, 4, 4);

/** MULTIPLE_OPEN_*: the whole of 2018 with the last two periods open (4.1). */
export const monthly2018TwoOpen = (): Obligation[] => series(monthKeys2018, 2018, 1, 12, 10);
export const quarterly2018TwoOpen = (): Obligation[] => series(quarterKeys2018, 2018, 3, 4, 2);

/**
 * OBS_SPANS_MULTIPLE_YEARS: one open quarter from November 2018 to January 2019 (4.1). `#001` is a
 * real special key form (3.4) and the one HMRC's own return examples use, so callers meet the
 * percent-encoding of `#` in paths.
 */
export const spanningYears = (): Obligation[] => [obligation('#001', 2018, 10, 3, false)];

// ---------------------------------------------------------------------------------------------
// Liabilities and payments (hmrc-mtd-vat.md 3.7, 3.8, 4.4, 4.5)
// ---------------------------------------------------------------------------------------------

export interface Liability {
  taxPeriod?: { from: string; to: string };
  type: string;
  originalAmount: number;
  outstandingAmount?: number;
  due?: string;
}

/**
 * A payment as the stub holds it: the wire body has only `amount` and `received` (3.8), but the
 * charge it pays has a tax period whose `to` date decides whether it falls in the requested range.
 */
export interface CannedPayment {
  amount: number;
  received?: string;
  taxPeriodTo: string;
}

// Each scenario's tax-period `to` dates fall inside the window HMRC's table names for it (4.4).
export const liabilities: Record<
  'SINGLE_LIABILITY' | 'MULTIPLE_LIABILITIES' | 'SINGLE_LIABILITY_2018_19' | 'MULTIPLE_LIABILITIES_2018_19',
  Liability[]
> = {
  SINGLE_LIABILITY: [
    {
      taxPeriod: { from: '2017-01-01', to: '2017-01-31' },
      type: 'VAT Return Debit Charge',
      originalAmount: 4638.72,
      outstandingAmount: 4638.72,
      due: '2017-03-07',
    },
  ],
  MULTIPLE_LIABILITIES: [
    {
      taxPeriod: { from: '2017-04-01', to: '2017-04-30' },
      type: 'VAT Return Debit Charge',
      originalAmount: 1500,
      outstandingAmount: 0,
      due: '2017-06-07',
    },
    {
      taxPeriod: { from: '2017-07-01', to: '2017-07-31' },
      type: 'VAT Central Assessment',
      originalAmount: 8200.5,
      outstandingAmount: 7200.5,
      due: '2017-09-07',
    },
    {
      taxPeriod: { from: '2017-10-01', to: '2017-10-31' },
      type: 'VAT OA Debit Charge',
      originalAmount: 3000,
      outstandingAmount: 2750,
      due: '2017-12-07',
    },
  ],
  SINGLE_LIABILITY_2018_19: [
    {
      taxPeriod: { from: '2018-01-01', to: '2018-01-31' },
      type: 'VAT Return Debit Charge',
      originalAmount: 2500.12,
      outstandingAmount: 2500.12,
      due: '2018-03-07',
    },
  ],
  MULTIPLE_LIABILITIES_2018_19: [
    {
      taxPeriod: { from: '2018-04-01', to: '2018-04-30' },
      type: 'VAT Return Debit Charge',
      originalAmount: 1200,
      outstandingAmount: 600,
      due: '2018-06-07',
    },
    {
      taxPeriod: { from: '2018-06-01', to: '2018-08-31' },
      type: "VAT Officer's Assessment",
      originalAmount: 2200,
      outstandingAmount: 2200,
      due: '2018-10-07',
    },
    {
      taxPeriod: { from: '2018-11-01', to: '2018-11-30' },
      type: 'VAT Return Debit Charge',
      originalAmount: 800.45,
      outstandingAmount: 0,
      due: '2019-01-07',
    },
  ],
};

// Windows as in HMRC's table (4.5). One MULTIPLE_PAYMENTS item has no `received`: it is optional on
// the wire (3.8) and clients must cope with it.
export const payments: Record<
  'SINGLE_PAYMENT' | 'MULTIPLE_PAYMENTS' | 'SINGLE_PAYMENT_2018_19' | 'MULTIPLE_PAYMENTS_2018_19',
  CannedPayment[]
> = {
  SINGLE_PAYMENT: [{ amount: 1534.65, received: '2017-03-05', taxPeriodTo: '2017-01-31' }],
  MULTIPLE_PAYMENTS: [
    { amount: 5, received: '2017-04-11', taxPeriodTo: '2017-02-28' },
    { amount: 50, received: '2017-05-11', taxPeriodTo: '2017-03-31' },
    { amount: 1000, received: '2017-06-12', taxPeriodTo: '2017-04-30' },
    { amount: 321, received: '2017-10-05', taxPeriodTo: '2017-08-31' },
    { amount: 91, taxPeriodTo: '2017-11-30' },
  ],
  SINGLE_PAYMENT_2018_19: [{ amount: 2500.12, received: '2018-03-06', taxPeriodTo: '2018-01-31' }],
  MULTIPLE_PAYMENTS_2018_19: [
    { amount: 600, received: '2018-05-02', taxPeriodTo: '2018-03-31' },
    { amount: 1200, received: '2018-06-07', taxPeriodTo: '2018-04-30' },
    { amount: 800.45, received: '2019-01-04', taxPeriodTo: '2018-11-30' },
  ],
};

// ---------------------------------------------------------------------------------------------
// Penalties (hmrc-mtd-vat.md 3.9, 4.6)
// ---------------------------------------------------------------------------------------------

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

const lateReturn = (id: string, start: string, end: string, due: string, received: string): LateSubmission => ({
  lateSubmissionID: id,
  taxReturnStatus: 'Fulfilled',
  taxPeriodStartDate: start,
  taxPeriodEndDate: end,
  taxPeriodDueDate: due,
  returnReceiptDate: received,
});

/** A late-submission point for the `order`th late quarterly return; ours, shaped as VAT-OAS `Penalties`. */
const point = (order: number, created: string, expires: string, late: LateSubmission): LateSubmissionPenaltyDetail => ({
  penaltyNumber: String(order).padStart(5, '0'),
  penaltyOrder: String(order),
  penaltyCategory: 'point',
  penaltyStatus: 'active',
  penaltyCreationDate: created,
  penaltyExpiryDate: expires,
  communicationsDate: created,
  lateSubmissions: [late],
});

const firstPoint = point(
  1,
  '2023-11-14',
  '2025-12-01',
  lateReturn('1054600', '2023-07-01', '2023-09-30', '2023-11-07', '2023-11-13'),
);
const secondPoint = point(
  2,
  '2024-02-16',
  '2026-03-01',
  lateReturn('1054700', '2023-10-01', '2023-12-31', '2024-02-07', '2024-02-15'),
);
const thirdPoint = point(
  3,
  '2024-05-15',
  '2026-06-01',
  lateReturn('1054800', '2024-01-01', '2024-03-31', '2024-05-07', '2024-05-14'),
);

/** The only late return of the single-penalty scenarios: point number 1. */
const onlyPoint = point(
  1,
  '2024-05-15',
  '2026-06-01',
  lateReturn('1054800', '2024-01-01', '2024-03-31', '2024-05-07', '2024-05-14'),
);

/** The fourth late return reaches the threshold of 4 points for quarterly filers: the first £200 charge. */
const thresholdCharge: LateSubmissionPenaltyDetail = {
  ...point(
    4,
    '2024-08-21',
    '2026-09-01',
    lateReturn('1054900', '2024-04-01', '2024-06-30', '2024-08-07', '2024-08-20'),
  ),
  penaltyCategory: 'threshold',
  chargeReference: 'XS198765432109',
  chargeAmount: 200,
  chargeOutstandingAmount: 200,
  chargeDueDate: '2024-09-20',
};

/** A further late return past the threshold: no new point, a second £200 charge. */
const secondCharge: LateSubmissionPenaltyDetail = {
  ...point(
    5,
    '2024-11-13',
    '2026-12-01',
    lateReturn('1055000', '2024-07-01', '2024-09-30', '2024-11-07', '2024-11-12'),
  ),
  penaltyCategory: 'charge',
  chargeReference: 'XS212345678901',
  chargeAmount: 200,
  chargeOutstandingAmount: 200,
  chargeDueDate: '2024-12-13',
};

const summary = (active: number, inactive: number, compliance: string) => ({
  activePenaltyPoints: active,
  inactivePenaltyPoints: inactive,
  periodOfComplianceAchievement: compliance,
  regimeThreshold: 4,
  penaltyChargeAmount: 200,
});

// The two late-payment penalties of VAT-OAS's "All fields example" (application.yaml, the current
// definition; the legacy RAML copy differs only in the LPP1 higher rate, 4 instead of 2).
const postedLpp1: LatePaymentPenaltyDetail = {
  principalChargeReference: 'XV123451234512',
  penaltyCategory: 'LPP1',
  penaltyStatus: 'posted',
  penaltyAmountAccruing: 0,
  penaltyAmountPosted: 400,
  penaltyAmountPaid: 0,
  penaltyAmountOutstanding: 400,
  latePaymentPenalty1LowerRateCalculationAmount: 10000,
  latePaymentPenalty1LowerRatePercentage: 2,
  latePaymentPenalty1HigherRateCalculationAmount: 10000,
  latePaymentPenalty1HigherRatePercentage: 2,
  penaltyChargeCreationDate: '2024-06-06',
  communicationsDate: '2024-06-09',
  penaltyChargeReference: 'XP123456789012',
  penaltyChargeDueDate: '2024-07-06',
  principalChargeDocNumber: '10023852',
  principalChargeBillingFrom: '2024-01-01',
  principalChargeBillingTo: '2024-03-31',
  principalChargeDueDate: '2024-05-07',
  principalChargeLatestClearing: '2024-07-31',
  timeToPay: [{ timeToPayStartDate: '2024-07-06', timeToPayEndDate: '2024-07-11' }],
  appealInformation: [{ appealStatus: 'appeal-rejected', appealLevel: 'statutory-review' }],
};

const accruingLpp2: LatePaymentPenaltyDetail = {
  principalChargeReference: 'XV123451234512',
  penaltyCategory: 'LPP2',
  penaltyStatus: 'accruing',
  penaltyAmountAccruing: 30.68,
  penaltyAmountPosted: 25.21,
  penaltyAmountPaid: 0,
  penaltyAmountOutstanding: 25.21,
  latePaymentPenalty2Days: '23',
  latePaymentPenalty2Percentage: 4,
  penaltyChargeCreationDate: '2024-07-01',
  communicationsDate: '2024-07-04',
  penaltyChargeReference: 'XP298765432109',
  penaltyChargeDueDate: '2024-08-07',
  principalChargeDocNumber: '10023852',
  principalChargeBillingFrom: '2024-01-01',
  principalChargeBillingTo: '2024-03-31',
  principalChargeDueDate: '2024-05-07',
  principalChargeLatestClearing: '2024-07-31',
};

export const penalties: Record<
  | 'DEFAULT'
  | 'NO_PENALTIES'
  | 'LATE_SUBMISSION'
  | 'LATE_PAYMENT'
  | 'MULTIPLE_PENALTIES'
  | 'MULTIPLE_LATE_PAYMENT_PENALTIES'
  | 'MULTIPLE_LATE_SUBMISSION_PENALTIES'
  | 'MULTIPLE_INACTIVE_LATE_SUBMISSION_PENALTIES'
  | 'THRESHOLD_LATE_SUBMISSION_PENALTIES'
  | 'CHARGE_LATE_SUBMISSION_PENALTIES',
  Penalties
> = {
  // VAT-OAS "All fields example" verbatim: HMRC's own picture of "several penalties in the last 2 years".
  DEFAULT: {
    totalisations: {
      lateSubmissionPenaltyTotalValue: 400,
      penalisedPrincipalTotal: 10000,
      latePaymentPenaltyPostedTotal: 425.21,
      latePaymentPenaltyEstimateTotal: 30.68,
    },
    lateSubmissionPenalty: {
      summary: { ...summary(4, 1, '2025-05-31'), penaltyChargeAmount: 400 },
      details: [
        {
          penaltyNumber: '00004',
          penaltyOrder: '4',
          penaltyCategory: 'point',
          penaltyStatus: 'inactive',
          frequencyAdjustmentPointIndicator: 'X',
          penaltyCreationDate: '2023-11-08',
          penaltyExpiryDate: '2025-12-01',
          expiryReason: 'appeal',
          communicationsDate: '2023-11-11',
          lateSubmissions: [lateReturn('1054600', '2023-07-01', '2023-09-30', '2023-11-07', '2023-11-13')],
          appealInformation: [{ appealStatus: 'appeal-upheld', appealLevel: 'statutory-review' }],
        },
        {
          penaltyNumber: '00005',
          penaltyOrder: '5',
          penaltyCategory: 'threshold',
          penaltyStatus: 'active',
          penaltyCreationDate: '2024-02-08',
          penaltyExpiryDate: '2026-03-01',
          communicationsDate: '2024-02-11',
          lateSubmissions: [lateReturn('1054700', '2023-10-01', '2023-12-31', '2024-02-07', '2024-02-15')],
          chargeReference: 'XS198765432109',
          chargeAmount: 200,
          chargeOutstandingAmount: 200,
          chargeDueDate: '2024-02-28',
        },
        {
          penaltyNumber: '00006',
          penaltyOrder: '6',
          penaltyCategory: 'charge',
          penaltyStatus: 'active',
          penaltyCreationDate: '2024-05-08',
          penaltyExpiryDate: '2026-06-01',
          communicationsDate: '2024-05-11',
          lateSubmissions: [lateReturn('1054800', '2024-01-01', '2024-03-31', '2024-05-07', '2024-11-12')],
          chargeReference: 'XS212345678901',
          chargeAmount: 200,
          chargeOutstandingAmount: 200,
          chargeDueDate: '2024-02-28',
        },
      ],
    },
    latePaymentPenalty: { details: [postedLpp1, accruingLpp2] },
  },
  // PenaltiesNone.json: an account with no penalties is an empty object (3.9).
  NO_PENALTIES: {},
  LATE_SUBMISSION: {
    totalisations: { lateSubmissionPenaltyTotalValue: 0 },
    lateSubmissionPenalty: { summary: summary(1, 0, '2026-06-01'), details: [onlyPoint] },
  },
  LATE_PAYMENT: {
    totalisations: {
      penalisedPrincipalTotal: 10000,
      latePaymentPenaltyPostedTotal: 400,
      latePaymentPenaltyEstimateTotal: 0,
    },
    latePaymentPenalty: { details: [postedLpp1] },
  },
  MULTIPLE_PENALTIES: {
    totalisations: {
      lateSubmissionPenaltyTotalValue: 0,
      penalisedPrincipalTotal: 10000,
      latePaymentPenaltyPostedTotal: 400,
      latePaymentPenaltyEstimateTotal: 0,
    },
    lateSubmissionPenalty: { summary: summary(1, 0, '2026-06-01'), details: [onlyPoint] },
    latePaymentPenalty: { details: [postedLpp1] },
  },
  MULTIPLE_LATE_PAYMENT_PENALTIES: {
    totalisations: {
      penalisedPrincipalTotal: 10000,
      latePaymentPenaltyPostedTotal: 425.21,
      latePaymentPenaltyEstimateTotal: 30.68,
    },
    latePaymentPenalty: { details: [postedLpp1, accruingLpp2] },
  },
  // Three points: one short of the quarterly threshold, so no charge yet.
  MULTIPLE_LATE_SUBMISSION_PENALTIES: {
    totalisations: { lateSubmissionPenaltyTotalValue: 0 },
    lateSubmissionPenalty: { summary: summary(3, 0, '2025-12-01'), details: [firstPoint, secondPoint, thirdPoint] },
  },
  // 9999-12-31 is HMRC's "no active points" date (3.9).
  MULTIPLE_INACTIVE_LATE_SUBMISSION_PENALTIES: {
    totalisations: { lateSubmissionPenaltyTotalValue: 0 },
    lateSubmissionPenalty: {
      summary: summary(0, 2, '9999-12-31'),
      details: [
        {
          ...firstPoint,
          penaltyStatus: 'inactive',
          expiryReason: 'appeal',
          appealInformation: [{ appealStatus: 'appeal-upheld', appealLevel: 'statutory-review' }],
        },
        { ...secondPoint, penaltyStatus: 'inactive', expiryReason: 'HMRC-removed' },
      ],
    },
  },
  THRESHOLD_LATE_SUBMISSION_PENALTIES: {
    totalisations: { lateSubmissionPenaltyTotalValue: 200 },
    lateSubmissionPenalty: {
      summary: summary(4, 0, '2025-09-30'),
      details: [firstPoint, secondPoint, thirdPoint, thresholdCharge],
    },
  },
  CHARGE_LATE_SUBMISSION_PENALTIES: {
    totalisations: { lateSubmissionPenaltyTotalValue: 400 },
    lateSubmissionPenalty: {
      summary: summary(4, 0, '2025-12-31'),
      details: [firstPoint, secondPoint, thirdPoint, thresholdCharge, secondCharge],
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Financial details and customer information (hmrc-mtd-vat.md 3.10, 3.11, 4.7, 4.8)
// ---------------------------------------------------------------------------------------------

/** VAT-OAS "all fields example" of Retrieve financial details (the current definition: totalBalance 109.99). */
export const financialDetails = {
  totalisations: {
    totalOverdue: 123.45,
    totalNotYetDue: 12.34,
    totalBalance: 109.99,
    totalCredit: 13.46,
    totalCleared: 12.35,
    additionalReceivableTotalisations: { totalAccountPostedInterest: 13.12, totalAccountAccruingInterest: 12.1 },
  },
  documentDetails: [
    {
      postingDate: '2024-05-07',
      issueDate: '2024-05-07',
      documentTotalAmount: 123.45,
      documentClearedAmount: 111.11,
      documentOutstandingAmount: 12.34,
      documentInterestTotals: { interestPostedAmount: 13.12, interestAccruingAmount: 12.1 },
      lineItemDetails: [
        {
          chargeDescription: 'VAT Return',
          periodFromDate: '2024-01-01',
          periodToDate: '2024-03-31',
          netDueDate: '2024-05-07',
          amount: 123.45,
          lineItemInterestDetails: {
            interestStartDate: '2024-05-08',
            currentInterestRate: 2,
            interestPostedAmount: 13.12,
            interestAccruingAmount: 12.1,
          },
        },
      ],
    },
  ],
};

export interface CustomerInformation {
  customerDetails?: { effectiveRegistrationDate?: string };
  flatRateScheme?: { frsCategory?: string; startDate?: string };
}

// VAT-OAS example of Retrieve VAT customer information. A block whose only field is absent is left
// out altogether rather than sent empty (both are valid against the schema; 4.8 does not say).
const customerDetails = { effectiveRegistrationDate: '2001-01-01' };
const flatRateScheme = { frsCategory: '001', startDate: '2001-01-01' };

export const customerInformation: Record<
  'DEFAULT' | 'NO_EFFECTREGISTRATIONDATE' | 'NO_FLATRATESCHEME' | 'NO_EFFECTREGISTRATIONDATE_NO_FRS',
  CustomerInformation
> = {
  DEFAULT: { customerDetails, flatRateScheme },
  NO_EFFECTREGISTRATIONDATE: { flatRateScheme },
  NO_FLATRATESCHEME: { customerDetails },
  NO_EFFECTREGISTRATIONDATE_NO_FRS: {},
};
