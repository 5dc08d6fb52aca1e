import { randomUUID } from 'node:crypto';
import {
  type AppNotification,
  type DeadlineAlertEvent,
  defaultChannels,
  isNotificationKind,
  type MarkNotificationsRead,
  type NotificationChannels,
  type NotificationKind,
  notificationKinds,
  type NotificationPage,
  type NotificationPreferences,
  type NotificationPreferencesChange,
  practiceRoleOf,
  recipientsOf,
} from '@vatwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../plugins/access';
import { AppError } from '../../plugins/errors';
import type { Mailer } from '../../platform/mail';
import { notificationMail } from './messages';
import type { NotificationRepo, NotificationRow } from './repo';

/** What happened, as the audit trail or the deadline watcher says it. */
export interface NotificationEvent {
  workspaceId: string;
  vrn: string;
  kind: NotificationKind;
  /** The person who did it ('' when nobody did): they are never told. */
  actorId: string;
  actorName: string;
  detail: string;
  /** The return's period when the event is about one (to link to it). */
  period?: { start: string; end: string };
}

export interface NotificationServiceDeps {
  repo: NotificationRepo;
  mailer: Mailer;
  /** Where mail really goes (as the digest's): nowhere means none is attempted. */
  delivery: 'smtp' | 'outbox' | 'none';
  /** The address people open VAT Wise at (PUBLIC_URL): mails link below it. */
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Tells a person's open browsers that a notification arrived (the live channel). */
  tell(userId: string, id: string): void;
  now?: () => Date;
}

const periodPattern = /\b(\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})\b/;

/**
 * Stores one notification per person told, tells their browsers, and mails those who chose
 * e-mail for the kind. Mail goes after the action has answered, and a failed mail is logged, never
 * the action's failure.
 */
export class NotificationService {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly deps: NotificationServiceDeps) {}

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  /** A line of a business's audit trail (PracticeService.onActivity); kinds nobody is told of are skipped. */
  async fromActivity(row: {
    owner_id: string;
    vrn: string;
    kind: string;
    actor_id: string;
    actor_name: string;
    detail: string;
  }): Promise<void> {
    if (!isNotificationKind(row.kind)) return;
    const period = periodPattern.exec(row.detail);
    await this.notify({
      workspaceId: row.owner_id,
      vrn: row.vrn,
      kind: row.kind,
      actorId: row.actor_id,
      actorName: row.actor_name,
      detail: row.detail,
      ...(period?.[1] && period[2] ? { period: { start: period[1], end: period[2] } } : {}),
    });
  }

  /** A deadline warning the deadline watcher raised for a workspace (raised once per period and level). */
  async fromDeadline(workspaceId: string, alert: DeadlineAlertEvent): Promise<void> {
    await this.notify({
      workspaceId,
      vrn: alert.vrn,
      kind: alert.level === 'overdue' ? 'overdue' : 'due_soon',
      actorId: '',
      actorName: '',
      detail: `Return ${alert.start} to ${alert.end}, due ${alert.due}`,
      period: { start: alert.start, end: alert.end },
    });
  }

  async notify(event: NotificationEvent): Promise<void> {
    const { repo } = this.deps;
    const people = await repo.people(event.workspaceId);
    const recipients = recipientsOf(
      event.kind,
      event.actorId,
      people.map((person) => ({
        userId: person.userId,
        role: person.role === null ? null : (practiceRoleOf(person.role) ?? 'preparer'),
      })),
    );
    if (recipients.length === 0) return;
    const choices = await this.choicesOf(recipients);
    const businessName = (await repo.businessName(event.workspaceId, event.vrn)) ?? `VRN ${event.vrn}`;
    const link = await this.linkOf(event);
    const at = this.now().toISOString();
    const rows: NotificationRow[] = [];
    for (const userId of recipients) {
      if (!choices.get(userId)?.[event.kind].inApp) continue;
      rows.push({
        id: randomUUID(),
        user_id: userId,
        owner_id: event.workspaceId,
        vrn: event.vrn,
        kind: event.kind,
        business_name: businessName,
        actor_name: event.actorName,
        detail: event.detail,
        link,
        created_at: at,
        read_at: null,
      });
    }
    await repo.add(rows);
    for (const row of rows) this.deps.tell(row.user_id, row.id);

    if (this.deps.delivery === 'none') return;
    const base = this.deps.publicUrl.replace(/\/+$/, '');
    for (const person of people) {
      if (!recipients.includes(person.userId) || !choices.get(person.userId)?.[event.kind].email) continue;
      const mail = notificationMail(
        { kind: event.kind, businessName, vrn: event.vrn, actorName: event.actorName, detail: event.detail },
        person.name || person.email,
        `${base}${link}`,
        `${base}/app/account`,
      );
      this.inBackground(
        this.deps.mailer.send({ to: person.email, ...mail }).catch((error: unknown) => {
          this.deps.log.error(
            { err: error, userId: person.userId, kind: event.kind },
            'a notification e-mail could not be sent',
          );
        }),
      );
    }
  }

  private inBackground(work: Promise<void>) {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  /** Resolves once the mails started so far have gone or failed (tests, and closing). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async linkOf(event: NotificationEvent): Promise<string> {
    if (
      event.kind === 'client_accepted' ||
      event.kind === 'client_declined' ||
      event.kind === 'client_expired' ||
      event.kind === 'authority_ended'
    ) {
      return '/app/clients';
    }
    const id = event.period
      ? await this.deps.repo.returnOf(event.workspaceId, event.vrn, event.period.start, event.period.end)
      : null;
    return id ? `/app/vat-submissions/${encodeURIComponent(id)}` : '/app/vat-submissions';
  }

  private async choicesOf(userIds: readonly string[]) {
    const rows = await this.deps.repo.preferences(userIds);
    const choices = new Map<string, Record<NotificationKind, NotificationChannels>>();
    for (const userId of userIds) choices.set(userId, defaults());
    for (const row of rows) {
      const own = choices.get(row.user_id);
      if (own && isNotificationKind(row.kind)) own[row.kind] = { inApp: row.in_app === 1, email: row.email === 1 };
    }
    return choices;
  }

  async preferences(user: SessionUser): Promise<NotificationPreferences> {
    const kinds = (await this.choicesOf([user.id])).get(user.id) ?? defaults();
    return { kinds, delivery: this.deps.delivery };
  }

  async setPreferences(user: SessionUser, change: NotificationPreferencesChange): Promise<NotificationPreferences> {
    for (const kind of notificationKinds) {
      const channels = change.kinds[kind];
      if (channels) await this.deps.repo.setPreference(user.id, kind, channels.inApp, channels.email);
    }
    return this.preferences(user);
  }

  async list(user: SessionUser, limit: number, before?: string): Promise<NotificationPage> {
    const workspaces = await this.deps.repo.workspacesOf(user.id);
    const rows = await this.deps.repo.page(user.id, workspaces, limit + 1, before);
    if (!rows) throw new AppError('NOTIFICATION_NOT_FOUND');
    const shown = rows.slice(0, limit);
    return {
      notifications: shown.map(toNotification),
      unread: await this.deps.repo.unread(user.id, workspaces),
      next: rows.length > limit ? (shown.at(-1)?.id ?? null) : null,
    };
  }

  /** Marks one notification, or all, read; answers the unread count left. */
  async markRead(user: SessionUser, which: MarkNotificationsRead): Promise<{ unread: number }> {
    const workspaces = await this.deps.repo.workspacesOf(user.id);
    const at = this.now().toISOString();
    if ('id' in which) {
      if (!(await this.deps.repo.exists(user.id, workspaces, which.id))) throw new AppError('NOTIFICATION_NOT_FOUND');
      await this.deps.repo.markRead(user.id, workspaces, at, which.id);
    } else {
      await this.deps.repo.markRead(user.id, workspaces, at);
    }
    return { unread: await this.deps.repo.unread(user.id, workspaces) };
  }
}

function defaults(): Record<NotificationKind, NotificationChannels> {
  return Object.fromEntries(notificationKinds.map((kind) => [kind, defaultChannels(kind)])) as Record<
    NotificationKind,
    NotificationChannels
  >;
}

function toNotification(row: NotificationRow): AppNotification {
  return {
    id: row.id,
    kind: isNotificationKind(row.kind) ? row.kind : 'marked_ready',
    vrn: row.vrn,
    businessName: row.business_name,
    actorName: row.actor_name,
    detail: row.detail,
    link: row.link,
    at: row.created_at,
    read: row.read_at !== null,
  };
}
