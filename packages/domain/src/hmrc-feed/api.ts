import { z } from 'zod';

/**
 * GET /api/hmrc-feed: GOV.UK's HMRC news, as the Home dashboard shows it. The server always
 * answers 200 with one of two states, so the card never has to read an HTTP error for it.
 */

export const hmrcFeedEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The page on GOV.UK; only http(s) links are ever served (a feed must not inject javascript: links). */
  url: z.url({ protocol: /^https?$/ }),
  /** When GOV.UK last updated the page, as an ISO instant. */
  updated: z.iso.datetime(),
  /** Plain text (any HTML in the feed is reduced to its words). */
  summary: z.string().optional(),
});

export const hmrcFeedSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ok'),
    /** The feed's own title. */
    title: z.string(),
    /** At most 20, newest first. */
    entries: z.array(hmrcFeedEntrySchema),
    /** When this copy was fetched from GOV.UK, as an ISO instant. */
    fetchedAt: z.iso.datetime(),
    /** True when GOV.UK could not be reached and this is the last good copy, older than the cache allows. */
    stale: z.boolean(),
    /** How old the copy is, in whole seconds. */
    ageSeconds: z.number().int().nonnegative(),
  }),
  z.object({
    /** GOV.UK could not be reached and there is no earlier copy to show. */
    status: z.literal('unavailable'),
    message: z.string(),
  }),
]);

export type HmrcFeedEntry = z.infer<typeof hmrcFeedEntrySchema>;
export type HmrcFeed = z.infer<typeof hmrcFeedSchema>;
