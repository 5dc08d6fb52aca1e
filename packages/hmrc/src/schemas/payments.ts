import { z } from 'zod';
import { isoDateSchema, signedMoneySchema } from './common';

/** A payment received; HMRC does not link it to a liability (docs/reference/hmrc-vat-api.md §3.8). */
export const paymentSchema = z.object({
  amount: signedMoneySchema,
  received: isoDateSchema.optional(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** 200 answer of `GET .../payments`. Nothing to list is a 404 NOT_FOUND, never an empty list (3.8). */
export const paymentsResponseSchema = z.object({
  payments: z.array(paymentSchema).min(1),
});
export type PaymentsResponse = z.infer<typeof paymentsResponseSchema>;
