import { z } from 'zod';
import { hmrcUserIdSchema, vrnSchema } from '../hmrc/api';

/**
 * Paying HMRC from VAT Wise (docs/paying-hmrc.md): the routes' requests and answers. Money is
 * integer pence; what is paid is named as HMRC names it.
 */

/** What a payment pays: a filed return (its period key), a liability (its period, from/to) or a penalty (its charge reference). */
export const paymentKinds = ['return', 'liability', 'penalty'] as const;
export type PaymentKind = (typeof paymentKinds)[number];

export const paymentStatuses = ['InProgress', 'Completed', 'Failed'] as const;
export type PaymentJourneyStatus = (typeof paymentStatuses)[number];

/** A liability is named by its period: `2025-04-01/2025-06-30`. */
export const liabilityReferenceOf = (period: { from: string; to: string }): string => `${period.from}/${period.to}`;

const referenceShapes: Record<PaymentKind, RegExp> = {
  return: /^[#0-9A-Z]{4}$/,
  liability: /^\d{4}-\d{2}-\d{2}\/\d{4}-\d{2}-\d{2}$/,
  penalty: /^[A-Za-z0-9]{1,30}$/,
};

export const startPaymentBodySchema = z
  .object({
    vrn: vrnSchema,
    userId: hmrcUserIdSchema.optional(),
    kind: z.enum(paymentKinds),
    reference: z.string().trim().min(1).max(30),
    amountPence: z
      .number()
      .int({ message: 'An amount is a whole number of pence' })
      .min(1, { message: 'Pay at least 1p' })
      .max(Number.MAX_SAFE_INTEGER),
  })
  .refine((body) => referenceShapes[body.kind].test(body.reference), {
    message: 'This is not a period key, period or charge reference HMRC uses',
    path: ['reference'],
  });
export type StartPaymentBody = z.infer<typeof startPaymentBodySchema>;

export const paymentJourneySchema = z.object({
  id: z.string(),
  vrn: z.string(),
  kind: z.enum(paymentKinds),
  reference: z.string(),
  amountPence: z.number().int(),
  startedByName: z.string(),
  startedAt: z.string(),
  status: z.enum(paymentStatuses),
  statusCheckedAt: z.string().nullable(),
  /** What HMRC says was paid, once Completed. */
  paidAmountPence: z.number().int().nullable(),
  /** When the payment first showed in HMRC's payments for the VRN. */
  reconciledAt: z.string().nullable(),
});
export type PaymentJourney = z.infer<typeof paymentJourneySchema>;

export const startedPaymentSchema = z.object({ journey: paymentJourneySchema, redirectUrl: z.string() });
export type StartedPayment = z.infer<typeof startedPaymentSchema>;

export const paymentJourneyListSchema = z.object({ journeys: z.array(paymentJourneySchema) });
export const paymentJourneyParamsSchema = z.object({ id: z.string().uuid() });
export const paymentJourneysQuerySchema = z.object({ vrn: vrnSchema });

/** The web page HMRC's journey sends the browser back to (docs/paying-hmrc.md). */
export const paymentReturnPath = '/app/payments/return';
