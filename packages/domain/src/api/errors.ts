import { z } from 'zod';

/** The JSON body of every error the API answers with. */
export const apiErrorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  error: z.string(),
  message: z.string(),
  /** Field-level problems, when the request failed validation. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** When HMRC refused or failed the call: what kind of data, HMRC's status and codes. */
  hmrc: z.object({ kind: z.string(), status: z.number().int(), codes: z.array(z.string()) }).optional(),
});

export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
