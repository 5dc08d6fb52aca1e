import { z } from 'zod';

/**
 * HMRC's Initiate payment API 1.0 (packages/hmrc-sandbox/reference/initiate-payment/application.yaml):
 * start a payment journey the user's browser is sent to, then ask how it went. Amounts are pence
 * integers on the wire, as in our own types.
 */

export const taxRegimeSchema = z.enum(['SelfAssessment', 'Vat']);
export type TaxRegime = z.infer<typeof taxRegimeSchema>;

/** Pay request schema: optional fields are omitted, never sent as null. */
export const payRequestSchema = z.object({
  taxRegime: taxRegimeSchema,
  /** For VAT, the 9-digit VRN. */
  reference: z.string(),
  /** 0 lets the user enter the amount. */
  amountInPence: z.number().int().min(0),
  backURL: z.url().optional(),
  friendlyName: z.string().optional(),
});
export type PayRequest = z.infer<typeof payRequestSchema>;

export const payResponseSchema = z.object({ redirectURL: z.string(), clientJourneyId: z.string() });
export type PayResponse = z.infer<typeof payResponseSchema>;

export const paymentStatusValues = ['Completed', 'Failed', 'InProgress'] as const;
export const paymentStatusSchema = z.enum(paymentStatusValues);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const paymentStatusResponseSchema = z.object({
  clientJourneyId: z.string(),
  taxRegime: taxRegimeSchema,
  /** The amount actually paid. */
  amountInPence: z.number().int(),
  paymentStatus: paymentStatusSchema,
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;
