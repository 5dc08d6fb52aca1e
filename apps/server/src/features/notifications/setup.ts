import type { DeadlineAlertEvent, NotificationNotice } from '@vatwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../platform/mail';
import type { ActivityListener } from '../practice';
import { NotificationRepo } from './repo';
import { NotificationService } from './service';

/** The live channel as notifications use it (platform/live's LiveEvents fits). */
export interface NotificationChannel {
  send(audience: { user: string }, name: 'notification:new', payload: NotificationNotice): void;
  subscribe(listener: (event: { audience: unknown; name: string; payload: unknown }) => void): () => void;
}

export interface NotificationsFeatureDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  delivery: 'smtp' | 'outbox' | 'none';
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Every line of the businesses' audit trails (PracticeService.onActivity). */
  onActivity(listener: ActivityListener): () => void;
  events: NotificationChannel;
}

/**
 * Notifications follow the audit trail and the deadline watcher's warnings (its `deadline:alert`
 * events, sent to the workspace once per period and level), so neither decides who is told.
 */
export function notificationsFeature(deps: NotificationsFeatureDeps) {
  const notifications = new NotificationService({
    repo: new NotificationRepo(deps.db),
    mailer: deps.mailer,
    delivery: deps.delivery,
    publicUrl: deps.publicUrl,
    log: deps.log,
    tell: (userId, id) => deps.events.send({ user: userId }, 'notification:new', { id }),
  });
  const stopActivity = deps.onActivity((row) => notifications.fromActivity(row));
  const stopDeadlines = deps.events.subscribe(({ audience, name, payload }) => {
    if (name !== 'deadline:alert' || typeof audience !== 'object' || audience === null || !('user' in audience)) return;
    notifications
      .fromDeadline(String(audience.user), payload as DeadlineAlertEvent)
      .catch((error: unknown) => deps.log.error({ err: error }, 'a deadline notification could not be stored'));
  });
  return {
    notifications,
    close: async () => {
      stopActivity();
      stopDeadlines();
      await notifications.settled();
    },
  };
}
