import { z } from 'zod';
import { isoDateSchema, moneySchema, signedMoneySchema } from './common';

/**
 * 200 answer of `GET /organisations/vat/{vrn}/penalties` (docs/reference/hmrc-vat-api.md §3.9, HMRC's OpenAPI
 * `Penalties`). Every top-level block is optional: an account with no penalties answers `{}`.
 * Required fields inside a block follow HMRC's OpenAPI definition.
 */

/** A penalty charge reference, usable with financial details: `X`, a letter, 12 digits (3.10). */
export const penaltyChargeReferenceSchema = z
  .string()
  .regex(/^X[a-zA-Z]\d{12}$/, { message: 'must be X, a letter and 12 digits' });

// HMRC's descriptions say ±99,999,999,999.99 but its schema constraints allow 13 digits; follow the constraints.
const penaltyAmountSchema = signedMoneySchema;
const penaltyPercentageSchema = moneySchema({ min: -99.99, max: 99.99 });
const penaltyPointsSchema = z.number().int().min(0);

export const appealInformationSchema = z.object({
  appealStatus: z.enum(['under-appeal', 'appeal-upheld', 'appeal-rejected', 'cannot-be-appealed']),
  appealLevel: z.enum(['statutory-review', 'appeal-first-tier-tribunal']),
});
export type AppealInformation = z.infer<typeof appealInformationSchema>;

export const penaltyTotalisationsSchema = z.object({
  lateSubmissionPenaltyTotalValue: penaltyAmountSchema.optional(),
  penalisedPrincipalTotal: penaltyAmountSchema.optional(),
  latePaymentPenaltyPostedTotal: penaltyAmountSchema.optional(),
  latePaymentPenaltyEstimateTotal: penaltyAmountSchema.optional(),
});

export const lateSubmissionPenaltySummarySchema = z.object({
  activePenaltyPoints: penaltyPointsSchema,
  inactivePenaltyPoints: penaltyPointsSchema,
  /** `9999-12-31` means there are no active points. */
  periodOfComplianceAchievement: isoDateSchema,
  /** Points needed before a financial penalty is charged. */
  regimeThreshold: penaltyPointsSchema,
  penaltyChargeAmount: penaltyAmountSchema,
});

export const lateSubmissionSchema = z.object({
  lateSubmissionID: z.string(),
  taxReturnStatus: z.enum(['Open', 'Fulfilled', 'Reversed']),
  taxPeriodStartDate: isoDateSchema.optional(),
  taxPeriodEndDate: isoDateSchema.optional(),
  taxPeriodDueDate: isoDateSchema.optional(),
  returnReceiptDate: isoDateSchema.optional(),
});

export const lateSubmissionPenaltyDetailSchema = z.object({
  penaltyNumber: z.string(),
  penaltyOrder: z.string(),
  penaltyCategory: z.enum(['point', 'charge', 'threshold']),
  penaltyStatus: z.enum(['active', 'inactive']),
  /** `X` when the point was adjusted for a change of submission frequency. */
  frequencyAdjustmentPointIndicator: z.literal('X').optional(),
  penaltyCreationDate: isoDateSchema,
  penaltyExpiryDate: isoDateSchema,
  expiryReason: z
    .enum([
      'appeal',
      'submission-frequency-change',
      'obligations-reversed',
      'HMRC-removed',
      'natural-expiry',
      'penalty-removed',
      'expiry-conditions-met',
      'HMRC-reset',
    ])
    .optional(),
  communicationsDate: isoDateSchema.optional(),
  lateSubmissions: z.array(lateSubmissionSchema).optional(),
  appealInformation: z.array(appealInformationSchema).optional(),
  chargeReference: penaltyChargeReferenceSchema.optional(),
  chargeAmount: penaltyAmountSchema.optional(),
  chargeOutstandingAmount: penaltyAmountSchema.optional(),
  chargeDueDate: isoDateSchema.optional(),
});
export type LateSubmissionPenaltyDetail = z.infer<typeof lateSubmissionPenaltyDetailSchema>;

export const lateSubmissionPenaltySchema = z.object({
  summary: lateSubmissionPenaltySummarySchema,
  details: z.array(lateSubmissionPenaltyDetailSchema),
});

export const timeToPaySchema = z.object({
  timeToPayStartDate: isoDateSchema.optional(),
  timeToPayEndDate: isoDateSchema.optional(),
});

export const latePaymentPenaltyDetailSchema = z.object({
  principalChargeReference: z.string(),
  /** LPP1 from day 16 (and more from day 31); LPP2 accrues daily after day 31. */
  penaltyCategory: z.enum(['LPP1', 'LPP2']),
  penaltyStatus: z.enum(['accruing', 'posted']),
  penaltyAmountAccruing: penaltyAmountSchema,
  penaltyAmountPosted: penaltyAmountSchema,
  penaltyAmountPaid: penaltyAmountSchema.optional(),
  penaltyAmountOutstanding: penaltyAmountSchema.optional(),
  /** VAT still unpaid at day 16. */
  latePaymentPenalty1LowerRateCalculationAmount: penaltyAmountSchema.optional(),
  latePaymentPenalty1LowerRatePercentage: penaltyPercentageSchema.optional(),
  /** VAT still unpaid at day 31. */
  latePaymentPenalty1HigherRateCalculationAmount: penaltyAmountSchema.optional(),
  latePaymentPenalty1HigherRatePercentage: penaltyPercentageSchema.optional(),
  /** Days LPP2 has accrued, as a string. */
  latePaymentPenalty2Days: z.string().optional(),
  latePaymentPenalty2Percentage: penaltyPercentageSchema.optional(),
  penaltyChargeCreationDate: isoDateSchema.optional(),
  communicationsDate: isoDateSchema.optional(),
  /** Only once posted; accruing penalties have no financial details yet (3.10). */
  penaltyChargeReference: penaltyChargeReferenceSchema.optional(),
  penaltyChargeDueDate: isoDateSchema.optional(),
  appealInformation: z.array(appealInformationSchema).optional(),
  principalChargeDocNumber: z.string(),
  principalChargeBillingFrom: isoDateSchema,
  principalChargeBillingTo: isoDateSchema,
  principalChargeDueDate: isoDateSchema,
  principalChargeLatestClearing: isoDateSchema.optional(),
  timeToPay: z.array(timeToPaySchema).optional(),
});
export type LatePaymentPenaltyDetail = z.infer<typeof latePaymentPenaltyDetailSchema>;

export const latePaymentPenaltySchema = z.object({
  details: z.array(latePaymentPenaltyDetailSchema).optional(),
});

export const penaltiesResponseSchema = z.object({
  totalisations: penaltyTotalisationsSchema.optional(),
  lateSubmissionPenalty: lateSubmissionPenaltySchema.optional(),
  latePaymentPenalty: latePaymentPenaltySchema.optional(),
});
export type PenaltiesResponse = z.infer<typeof penaltiesResponseSchema>;
