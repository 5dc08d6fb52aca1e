import { z } from 'zod';

/**
 * Bodies of HMRC's `POST /oauth/token` (docs/reference/hmrc-vat-api.md §1.4). Success and error use the OAuth 2.0
 * JSON shapes; extra fields are ignored.
 */

/** A token answer for a code exchange, a refresh or client credentials. */
export const oauthTokenResponseSchema = z.object({
  access_token: z.string().min(1),
  // HMRC sends "bearer"; OAuth 2.0 says the type is case-insensitive (RFC 6749 5.1).
  token_type: z.string().refine((type) => type.toLowerCase() === 'bearer', { message: 'must be bearer' }),
  /** Seconds the access token lives; HMRC documents 14400 (4 hours). */
  expires_in: z.number().int().positive(),
  /** Only for user grants; single use, and replaced on every refresh (1.4). */
  refresh_token: z.string().min(1).optional(),
  /** Space-separated granted scopes; present on code exchange, absent from HMRC's refresh example. */
  scope: z.string().optional(),
});
export type OauthTokenResponse = z.infer<typeof oauthTokenResponseSchema>;

/** An error from the token endpoint, e.g. `{"error":"invalid_grant","error_description":"refresh_token is invalid"}`. */
export const oauthErrorSchema = z.object({
  error: z.string().min(1),
  error_description: z.string().optional(),
});
export type OauthError = z.infer<typeof oauthErrorSchema>;
