import { z } from 'zod';

/**
 * HMRC's VAT (MTD) error bodies (docs/reference/hmrc-vat-api.md §3.3). Shape D is a 404 with no body at all, so it
 * has no schema; `normaliseHmrcError` handles it.
 */

/** A. flat: `{"code":"VRN_INVALID","message":"The provided VRN is invalid"}`. */
export const hmrcFlatErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
});
export type HmrcFlatError = z.infer<typeof hmrcFlatErrorSchema>;

/** B. legacy: the code is in `message`, e.g. `{"statusCode":400,"message":"INVALID_DATE_FROM"}`. */
export const hmrcLegacyErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
});
export type HmrcLegacyError = z.infer<typeof hmrcLegacyErrorSchema>;

/** One field problem inside a wrapped error; `path` names the field, e.g. `/totalVatDue`. */
export const hmrcErrorItemSchema = z.object({
  code: z.string(),
  message: z.string(),
  path: z.string().optional(),
});
export type HmrcErrorItem = z.infer<typeof hmrcErrorItemSchema>;

/** C. wrapped: the specific codes are in `errors[].code`. */
export const hmrcWrappedErrorSchema = z.object({
  code: z.enum(['INVALID_REQUEST', 'BUSINESS_ERROR']),
  message: z.string(),
  errors: z.array(hmrcErrorItemSchema),
});
export type HmrcWrappedError = z.infer<typeof hmrcWrappedErrorSchema>;

// Wrapped first: a wrapped body also has a string `code` and would otherwise pass as flat.
/** Any of the three JSON error shapes. */
export const hmrcErrorBodySchema = z.union([hmrcWrappedErrorSchema, hmrcLegacyErrorSchema, hmrcFlatErrorSchema]);
export type HmrcErrorBody = z.infer<typeof hmrcErrorBodySchema>;
