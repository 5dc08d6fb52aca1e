import { z } from 'zod';
import { isoDateSchema, signedMoneySchema } from './common';

export const taxPeriodSchema = z.object({ from: isoDateSchema, to: isoDateSchema });
export type TaxPeriod = z.infer<typeof taxPeriodSchema>;

/** A charge on the VAT account (docs/reference/hmrc-vat-api.md §3.7). */
export const liabilitySchema = z.object({
  taxPeriod: taxPeriodSchema.optional(),
  /** HMRC's charge type, at most 30 characters. */
  type: z.string().max(30),
  originalAmount: signedMoneySchema,
  outstandingAmount: signedMoneySchema.optional(),
  due: isoDateSchema.optional(),
});
export type Liability = z.infer<typeof liabilitySchema>;

/** 200 answer of `GET .../liabilities`. Nothing to list is a 404 NOT_FOUND, never an empty list (3.7). */
export const liabilitiesResponseSchema = z.object({
  liabilities: z.array(liabilitySchema).min(1),
});
export type LiabilitiesResponse = z.infer<typeof liabilitiesResponseSchema>;
