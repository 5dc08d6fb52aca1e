import { z } from 'zod';
import type { Assert, SameType } from '../type-checks';
import { type NotificationChannels, notificationKinds } from './kinds';

export const notificationKindSchema = z.enum(notificationKinds);

/** One person's choice for one kind: shown in the app, sent by e-mail. */
export const notificationChannelsSchema = z.object({ inApp: z.boolean(), email: z.boolean() });
export type NotificationChannelsSchemaMatches = Assert<
  SameType<z.infer<typeof notificationChannelsSchema>, NotificationChannels>
>;

/** GET/PUT /api/notifications/preferences: every kind, and where the server's mail goes. */
export const notificationPreferencesSchema = z.object({
  kinds: z.record(notificationKindSchema, notificationChannelsSchema),
  delivery: z.enum(['smtp', 'outbox', 'none']),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT /api/notifications/preferences: the kinds left out stay as they are. */
export const notificationPreferencesChangeSchema = z.object({
  kinds: z.partialRecord(notificationKindSchema, notificationChannelsSchema),
});
export type NotificationPreferencesChange = z.infer<typeof notificationPreferencesChangeSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  vrn: z.string(),
  businessName: z.string(),
  /** Who did it ('' when nobody did: HMRC's answer, a deadline). */
  actorName: z.string(),
  detail: z.string(),
  /** Where in the app to act on it: a path below the site, never a full address. */
  link: z.string(),
  at: z.string(),
  read: z.boolean(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_PAGE_SIZE = 20;

/** GET /api/notifications: newest first; `before` is the last id of the page before. */
export const notificationListQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('The page size is a whole number.')
    .min(1, 'The page size is at least 1.')
    .max(100, 'The page size is at most 100.')
    .default(NOTIFICATION_PAGE_SIZE),
  before: z.string().max(64).optional(),
});
export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int(),
  /** The id to ask `before` for the next page, or null on the last page. */
  next: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** POST /api/notifications/read: one notification by id, or all of them. */
export const markNotificationsReadSchema = z.union([
  z.object({ id: z.string().min(1).max(64) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;
