import { z } from 'zod';
import { isoDateSchema, moneySchema } from './common';

/**
 * 200 answer of `GET /organisations/vat/{vrn}/financial-details/{penaltyChargeReference}`
 * (docs/reference/hmrc-vat-api.md §3.10, HMRC's OpenAPI `FinancialDetails`). Every field is optional.
 */

/** Money in financial details: ±99,999,999,999.99, at most 2 decimal places (3.10). */
const financialAmountSchema = moneySchema({ min: -99_999_999_999.99, max: 99_999_999_999.99 });

export const financialTotalisationsSchema = z.object({
  /** Overdue: collectable now. */
  totalOverdue: financialAmountSchema.optional(),
  /** Posted but due today or later. */
  totalNotYetDue: financialAmountSchema.optional(),
  /** Overdue minus unallocated credit. */
  totalBalance: financialAmountSchema.optional(),
  /** Credit not yet allocated to any charge. */
  totalCredit: financialAmountSchema.optional(),
  /** Paid, reversed, removed or cleared. */
  totalCleared: financialAmountSchema.optional(),
  additionalReceivableTotalisations: z
    .object({
      totalAccountPostedInterest: financialAmountSchema.optional(),
      totalAccountAccruingInterest: financialAmountSchema.optional(),
    })
    .optional(),
});

export const lineItemDetailSchema = z.object({
  chargeDescription: z.string().optional(),
  periodFromDate: isoDateSchema.optional(),
  periodToDate: isoDateSchema.optional(),
  netDueDate: isoDateSchema.optional(),
  amount: financialAmountSchema.optional(),
  lineItemInterestDetails: z
    .object({
      interestStartDate: isoDateSchema.optional(),
      /** A percentage rate, not money, so it is not limited to 2 decimal places. */
      currentInterestRate: z.number().optional(),
      interestPostedAmount: financialAmountSchema.optional(),
      interestAccruingAmount: financialAmountSchema.optional(),
    })
    .optional(),
});

export const documentDetailSchema = z.object({
  postingDate: isoDateSchema.optional(),
  issueDate: isoDateSchema.optional(),
  documentTotalAmount: financialAmountSchema.optional(),
  documentClearedAmount: financialAmountSchema.optional(),
  documentOutstandingAmount: financialAmountSchema.optional(),
  documentInterestTotals: z
    .object({
      interestPostedAmount: financialAmountSchema.optional(),
      interestAccruingAmount: financialAmountSchema.optional(),
    })
    .optional(),
  lineItemDetails: z.array(lineItemDetailSchema).optional(),
});

export const financialDetailsResponseSchema = z.object({
  totalisations: financialTotalisationsSchema.optional(),
  documentDetails: z.array(documentDetailSchema).optional(),
});
export type FinancialDetailsResponse = z.infer<typeof financialDetailsResponseSchema>;
