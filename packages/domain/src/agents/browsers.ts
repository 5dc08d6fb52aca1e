import { z } from 'zod';

/**
 * The browsers the Sandbox authoriser can name. VAT Wise drives Debian's Chromium only; the others
 * are listed as unavailable, with the reason, so the choice is honest about what the server has.
 */
export const browserIds = ['chromium', 'firefox', 'webkit'] as const;
export type BrowserId = (typeof browserIds)[number];

/** The browser field of the authoriser's form: required, one of `browserIds`. */
export const browserIdSchema = z.enum(browserIds, { message: 'Please select a browser.' });

/** One browser the user may pick, and whether this server can drive it. */
export interface BrowserChoice {
  id: BrowserId;
  name: string;
  available: boolean;
  /** Why the browser cannot be used here; null when it is available. */
  reason: string | null;
}

export const browserChoiceSchema = z.object({
  id: browserIdSchema,
  name: z.string(),
  available: z.boolean(),
  reason: z.string().nullable(),
}) satisfies z.ZodType<BrowserChoice>;
