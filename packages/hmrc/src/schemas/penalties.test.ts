import { describe, expect, it } from 'vitest';
import { financialDetailsResponseSchema } from './financial-details';
import { penaltiesResponseSchema } from './penalties';

// HMRC's legacy-raml example penalties/Penalties.json (late submission details shortened to two of three).
const penaltiesExample = {
  totalisations: {
    lateSubmissionPenaltyTotalValue: 400,
    penalisedPrincipalTotal: 10000,
    latePaymentPenaltyPostedTotal: 425.21,
    latePaymentPenaltyEstimateTotal: 30.68,
  },
  lateSubmissionPenalty: {
    summary: {
      activePenaltyPoints: 4,
      inactivePenaltyPoints: 1,
      periodOfComplianceAchievement: '2025-05-01',
      regimeThreshold: 4,
      penaltyChargeAmount: 400,
    },
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
        lateSubmissions: [
          {
            lateSubmissionID: '1054600',
            taxReturnStatus: 'Fulfilled',
            taxPeriodStartDate: '2023-07-01',
            taxPeriodEndDate: '2023-09-30',
            taxPeriodDueDate: '2023-11-07',
            returnReceiptDate: '2023-11-13',
          },
        ],
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
        lateSubmissions: [
          {
            lateSubmissionID: '1054700',
            taxReturnStatus: 'Fulfilled',
            taxPeriodStartDate: '2023-10-01',
            taxPeriodEndDate: '2023-12-31',
            taxPeriodDueDate: '2024-02-07',
            returnReceiptDate: '2024-02-15',
          },
        ],
        chargeReference: 'XS198765432109',
        chargeAmount: 200,
        chargeOutstandingAmount: 200,
        chargeDueDate: '2024-02-28',
      },
    ],
  },
  latePaymentPenalty: {
    details: [
      {
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
        latePaymentPenalty1HigherRatePercentage: 4,
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
      },
      {
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
      },
    ],
  },
};

// HMRC's legacy-raml example penalties/FinancialDetails.json.
const financialDetailsExample = {
  totalisations: {
    totalOverdue: 123.45,
    totalNotYetDue: 12.34,
    totalBalance: 12.45,
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

describe('penalties response', () => {
  it("reads HMRC's example with late submission and late payment penalties", () => {
    expect(penaltiesResponseSchema.parse(penaltiesExample)).toEqual(penaltiesExample);
  });

  it('reads {} for an account with no penalties, and any block on its own', () => {
    expect(penaltiesResponseSchema.parse({})).toEqual({});
    expect(penaltiesResponseSchema.safeParse({ totalisations: penaltiesExample.totalisations }).success).toBe(true);
    expect(penaltiesResponseSchema.safeParse({ latePaymentPenalty: {} }).success).toBe(true);
  });

  it('refuses a late submission block without its summary', () => {
    expect(
      penaltiesResponseSchema.safeParse({
        lateSubmissionPenalty: { details: penaltiesExample.lateSubmissionPenalty.details },
      }).success,
    ).toBe(false);
  });

  it('refuses unknown categories and statuses, fractional points and a malformed charge reference', () => {
    const [point] = penaltiesExample.lateSubmissionPenalty.details;
    const [lpp1] = penaltiesExample.latePaymentPenalty.details;
    const withPointDetail = (detail: object) => ({
      lateSubmissionPenalty: { summary: penaltiesExample.lateSubmissionPenalty.summary, details: [detail] },
    });
    expect(penaltiesResponseSchema.safeParse(withPointDetail({ ...point, penaltyCategory: 'fine' })).success).toBe(
      false,
    );
    expect(penaltiesResponseSchema.safeParse(withPointDetail({ ...point, chargeReference: 'XS1987' })).success).toBe(
      false,
    );
    expect(
      penaltiesResponseSchema.safeParse({ latePaymentPenalty: { details: [{ ...lpp1, penaltyCategory: 'LPP3' }] } })
        .success,
    ).toBe(false);
    expect(
      penaltiesResponseSchema.safeParse({
        lateSubmissionPenalty: {
          summary: { ...penaltiesExample.lateSubmissionPenalty.summary, activePenaltyPoints: 1.5 },
          details: [],
        },
      }).success,
    ).toBe(false);
  });

  it('refuses an amount with 3 decimal places and an impossible date', () => {
    const [lpp1] = penaltiesExample.latePaymentPenalty.details;
    expect(
      penaltiesResponseSchema.safeParse({
        latePaymentPenalty: { details: [{ ...lpp1, penaltyAmountPosted: 400.001 }] },
      }).success,
    ).toBe(false);
    expect(
      penaltiesResponseSchema.safeParse({
        latePaymentPenalty: { details: [{ ...lpp1, principalChargeDueDate: '2024-02-30' }] },
      }).success,
    ).toBe(false);
  });
});

describe('financial details response', () => {
  it("reads HMRC's example and an empty answer", () => {
    expect(financialDetailsResponseSchema.parse(financialDetailsExample)).toEqual(financialDetailsExample);
    expect(financialDetailsResponseSchema.parse({})).toEqual({});
  });

  it('refuses amounts beyond ±99,999,999,999.99 or with 3 decimal places', () => {
    expect(financialDetailsResponseSchema.safeParse({ totalisations: { totalOverdue: 100_000_000_000 } }).success).toBe(
      false,
    );
    expect(financialDetailsResponseSchema.safeParse({ totalisations: { totalOverdue: 123.456 } }).success).toBe(false);
  });

  it('allows an interest rate with more than 2 decimal places, as it is a rate and not money', () => {
    const [document] = financialDetailsExample.documentDetails;
    const [lineItem] = document?.lineItemDetails ?? [];
    const lineItemInterestDetails = { ...lineItem?.lineItemInterestDetails, currentInterestRate: 7.125 };
    expect(
      financialDetailsResponseSchema.safeParse({
        documentDetails: [{ ...document, lineItemDetails: [{ ...lineItem, lineItemInterestDetails }] }],
      }).success,
    ).toBe(true);
  });
});
