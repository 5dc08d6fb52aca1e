import { z } from 'zod';
import { isoDateSchema, periodKeySchema } from './common';

/** One VAT return period: `O` open, `F` fulfilled; `received` only comes with `F` (docs/reference/hmrc-vat-api.md §3.4). */
export const obligationSchema = z.object({
  periodKey: periodKeySchema,
  start: isoDateSchema,
  end: isoDateSchema,
  due: isoDateSchema,
  status: z.enum(['O', 'F']),
  received: isoDateSchema.optional(),
});
export type Obligation = z.infer<typeof obligationSchema>;

/**
 * 200 answer of `GET /organisations/vat/{vrn}/obligations`. HMRC answers 404 NOT_FOUND rather than an
 * empty list (3.12), so the list has at least one entry. Its order is not reliable: sort it yourself.
 */
export const obligationsResponseSchema = z.object({
  obligations: z.array(obligationSchema).min(1),
});
export type ObligationsResponse = z.infer<typeof obligationsResponseSchema>;
