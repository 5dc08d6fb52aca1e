import type {
  LatePaymentPenaltyDetail,
  LateSubmission,
  LateSubmissionPenaltyDetail,
  Penalties,
} from './penalty-shapes';

/**
 * Canned penalties (docs/reference/hmrc-vat-api.md §3.9, 4.6) for HMRC's Gov-Test-Scenario values (docs/reference/hmrc-vat-api.md
 * 4). HMRC does not publish its stub's data (4, last paragraph), so the bodies follow HMRC's
 * published examples (VAT-OAS and the legacy RAML `examples/`, copied here, never read at run time)
 * and the wording of each scenario in HMRC's test-data tables. Data only; the choice between bodies
 * is made in ../resolve.ts.
 */

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
