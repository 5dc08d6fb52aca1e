// Plain values and rules, without zod: the browser's header reads them (./api adds the schemas).

/**
 * What a person may be told about (docs/practice.md, "Notifications"): a return's review, a
 * client's answer, the practice's authority for a client, and a client's return falling due.
 * The first nine are audit-trail kinds (businessActivityKinds); the last two come from the
 * deadline watcher.
 */
export const notificationKinds = [
  'marked_ready',
  'approved',
  'reopened',
  'client_approved',
  'client_queried',
  'client_accepted',
  'client_declined',
  'client_expired',
  'authority_ended',
  'due_soon',
  'overdue',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export function isNotificationKind(kind: string): kind is NotificationKind {
  return (notificationKinds as readonly string[]).includes(kind);
}

/** The kinds mailed unless a person turns them off: what someone must act on, or must know was lost. */
export const mailedByDefault: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  'marked_ready',
  'reopened',
  'client_queried',
  'client_declined',
  'authority_ended',
  'overdue',
]);

/** One person's choice for one kind: shown in the app, sent by e-mail. */
export interface NotificationChannels {
  inApp: boolean;
  email: boolean;
}

export function defaultChannels(kind: NotificationKind): NotificationChannels {
  return { inApp: true, email: mailedByDefault.has(kind) };
}
