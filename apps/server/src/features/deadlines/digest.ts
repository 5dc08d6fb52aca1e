import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../platform/mail';

/**
 * The opt-in daily e-mail digest: after each deadline watcher round, every
 * subscriber gets one e-mail listing the deadline and payment warnings raised for their businesses
 * (their own and their practices') since the last digest (and since they subscribed). Each warning
 * is mailed once to each subscriber: it is claimed for them (digest_delivery) before the e-mail
 * goes, and released again if the e-mail fails, to go in the next digest.
 */
export class DigestService {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      mailer: Mailer;
      log: FastifyBaseLogger;
      /** Where mail really goes: SMTP, a local outbox folder (not in production), or nowhere. */
      delivery: 'smtp' | 'outbox' | 'none';
      now?: () => Date;
    },
  ) {}

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  async subscription(userId: string): Promise<{ dailyDigest: boolean; delivery: 'smtp' | 'outbox' | 'none' }> {
    const row = await this.deps.db
      .selectFrom('digest_subscription')
      .select('since')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { dailyDigest: row !== undefined, delivery: this.deps.delivery };
  }

  async subscribe(userId: string, dailyDigest: boolean) {
    if (dailyDigest) {
      await this.deps.db
        .insertInto('digest_subscription')
        .values({ user_id: userId, since: this.now().toISOString() })
        .onConflict((conflict) => conflict.column('user_id').doNothing())
        .execute();
    } else {
      await this.deps.db.deleteFrom('digest_subscription').where('user_id', '=', userId).execute();
    }
    return this.subscription(userId);
  }

  /** One e-mail per subscriber with new warnings; how many were sent. */
  async sendAll(): Promise<number> {
    const subscribers = await this.deps.db
      .selectFrom('digest_subscription as s')
      .innerJoin('user as u', 'u.id', 's.user_id')
      .select(['s.user_id', 's.since', 'u.email', 'u.name'])
      .execute();
    let sent = 0;
    for (const subscriber of subscribers) {
      try {
        if (await this.sendTo(subscriber)) sent += 1;
      } catch (error) {
        this.deps.log.error({ err: error, userId: subscriber.user_id }, 'a reminder digest could not be sent');
      }
    }
    return sent;
  }

  private async sendTo(subscriber: { user_id: string; since: string; email: string; name: string }) {
    const { db } = this.deps;
    const claimedAt = this.now().toISOString();
    const practices = await db
      .selectFrom('member')
      .select('organizationId')
      .where('userId', '=', subscriber.user_id)
      .execute();
    const workspaces = [subscriber.user_id, ...practices.map((row) => row.organizationId)];
    // Claimed in one statement: a second round running meanwhile cannot mail the same warning.
    await db
      .insertInto('digest_delivery')
      .columns(['user_id', 'owner_id', 'alert_key', 'mailed_at'])
      .expression((eb) =>
        eb
          .selectFrom('deadline_alert as a')
          .select([
            eb.val(subscriber.user_id).as('user_id'),
            'a.owner_id',
            'a.alert_key',
            eb.val(claimedAt).as('mailed_at'),
          ])
          .where('a.owner_id', 'in', workspaces)
          .where('a.message', 'is not', null)
          .where('a.sent_at', '>=', subscriber.since)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('digest_delivery as d')
                  .select('d.alert_key')
                  .where('d.user_id', '=', subscriber.user_id)
                  .whereRef('d.owner_id', '=', 'a.owner_id')
                  .whereRef('d.alert_key', '=', 'a.alert_key'),
              ),
            ),
          ),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    const warnings = await db
      .selectFrom('deadline_alert as a')
      .innerJoin('digest_delivery as d', (join) =>
        join.onRef('d.owner_id', '=', 'a.owner_id').onRef('d.alert_key', '=', 'a.alert_key'),
      )
      .select(['a.alert_key', 'a.message'])
      .where('d.user_id', '=', subscriber.user_id)
      .where('d.mailed_at', '=', claimedAt)
      .orderBy('a.sent_at')
      .orderBy('a.alert_key')
      .execute();
    if (warnings.length === 0) return false;
    const lines = [
      `Hello ${subscriber.name || subscriber.email},`,
      '',
      `VAT Wise has ${warnings.length} new warning${warnings.length === 1 ? '' : 's'} for your businesses:`,
      '',
      ...warnings.map((warning) => `- ${warning.message ?? ''}`),
      '',
      'Open VAT Wise to act on them. You can turn this daily e-mail off on your Account page.',
    ];
    try {
      await this.deps.mailer.send({
        to: subscriber.email,
        subject: `VAT Wise: ${warnings.length} new VAT warning${warnings.length === 1 ? '' : 's'}`,
        text: lines.join('\n'),
      });
    } catch (error) {
      // Released for the next digest rather than lost.
      await db
        .deleteFrom('digest_delivery')
        .where('user_id', '=', subscriber.user_id)
        .where('mailed_at', '=', claimedAt)
        .execute();
      throw error;
    }
    return true;
  }
}
