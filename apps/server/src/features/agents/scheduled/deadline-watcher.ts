import {
  addDays,
  alertsToSend,
  type DeadlineAlertToSend,
  formatGbp,
  type Liability,
  type Obligation,
  ukToday,
} from '@vatwise/domain';
import type { FraudHeaders } from '@vatwise/hmrc';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { ConnectedBusiness, FraudHeaderSource, HmrcConnectionService } from '../../hmrc-connection';
import type { VatDataService, VatReader } from '../../vat-operations';
import type { AgentRunContext, ScheduledAgent } from '../agent-service';
import type { LiveEvents } from '../../../platform/live';

export interface DeadlineWatcherDeps {
  db: Kysely<Database>;
  connections: HmrcConnectionService;
  vatData: VatDataService;
  fraud: FraudHeaderSource;
  events: LiveEvents;
  /** Mails each subscriber the warnings of the round (the opt-in daily digest). */
  digest?: { sendAll(): Promise<unknown> };
  now?: () => Date;
}

function alertText(business: ConnectedBusiness, alert: DeadlineAlertToSend): string {
  const period = `the VAT return for ${alert.start} to ${alert.end} (${business.name}, VRN ${business.vrn})`;
  if (alert.level === 'overdue') {
    const days = -alert.daysLeft;
    return `Overdue: ${period} was due on ${alert.due}, ${days} day${days === 1 ? '' : 's'} ago.`;
  }
  if (alert.daysLeft === 0) return `Due today: ${period} is due on ${alert.due}.`;
  return `Due in ${alert.daysLeft} day${alert.daysLeft === 1 ? '' : 's'}: ${period} is due on ${alert.due}.`;
}

/**
 * Deadline watcher: daily, and whenever a business is connected, reads each business's open
 * obligations from HMRC and warns its user at 14, 7 and 1 days before the due date and once
 * overdue: in the agent dialogue, as a toast (socket) and on the dashboard. Each warning is raised
 * once per period and level (kept in deadline_alert), however often the watcher runs. The daily
 * round is work no person started (BATCH_PROCESS_DIRECT); the check of a business just connected
 * carries the connecting person's headers (docs/hmrc-fraud-prevention.md).
 */
export class DeadlineWatcher {
  constructor(private readonly deps: DeadlineWatcherDeps) {}

  agent(): ScheduledAgent {
    return {
      id: 'deadline-watcher',
      everyMs: 24 * 60 * 60_000,
      firstRunAfterMs: 60_000,
      run: async (context) => {
        let failed = 0;
        const businesses = await this.deps.connections.connectedBusinesses();
        for (const business of businesses) {
          const fraudHeaders = await this.deps.fraud.forScheduledWork(business.ownerId);
          if (!(await this.watch(business, context, fraudHeaders))) failed += 1;
        }
        // Once a round, after every business: each subscriber's new warnings in one e-mail.
        await this.deps.digest?.sendAll();
        if (failed > 0) throw new Error(`${failed} of ${businesses.length} businesses' obligations could not be read.`);
      },
    };
  }

  /**
   * Checks one business with the fraud headers of whoever set the check off; false when HMRC
   * could not be asked (the user is told).
   */
  async watch(
    business: ConnectedBusiness,
    { say }: Pick<AgentRunContext, 'say'>,
    fraudHeaders: FraudHeaders,
  ): Promise<boolean> {
    const { db, vatData, events } = this.deps;
    const reader = { ownerId: business.ownerId, target: { vrn: business.vrn }, fraudHeaders };
    let obligations: Obligation[];
    try {
      obligations = await vatData.openObligations(reader);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await say(business.ownerId, 'warning', `Could not read the obligations of VRN ${business.vrn}: ${reason}`);
      return false;
    }
    const now = this.deps.now?.() ?? new Date();
    const today = ukToday(now);
    const sent = await db
      .selectFrom('deadline_alert')
      .select('alert_key')
      .where('owner_id', '=', business.ownerId)
      .where('alert_key', 'like', `${business.vrn}:%`)
      .execute();
    const alerts = alertsToSend(
      obligations.map((obligation) => ({ ...obligation, vrn: business.vrn })),
      today,
      new Set(sent.map((row) => row.alert_key)),
    );
    for (const alert of alerts) {
      // Recorded first: a crash between the two loses one warning rather than repeating it forever.
      const inserted = await db
        .insertInto('deadline_alert')
        .values({
          owner_id: business.ownerId,
          alert_key: alert.key,
          sent_at: now.toISOString(),
          message: alertText(business, alert),
        })
        .onConflict((conflict) => conflict.columns(['owner_id', 'alert_key']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) continue; // another round raised it meanwhile
      await say(business.ownerId, alert.level === 'overdue' ? 'error' : 'warning', alertText(business, alert));
      events.send({ user: business.ownerId }, 'deadline:alert', {
        key: alert.key,
        vrn: alert.vrn,
        businessName: business.name,
        periodKey: alert.periodKey,
        start: alert.start,
        end: alert.end,
        due: alert.due,
        level: alert.level,
        daysLeft: alert.daysLeft,
      });
    }
    const paymentAlerts = await this.watchPayments(business, { say }, reader, today, now);
    const open = obligations.filter((obligation) => obligation.status === 'O').length;
    if (alerts.length === 0 && paymentAlerts === 0) {
      await say(
        business.ownerId,
        'info',
        `Checked VRN ${business.vrn}: ${open} open period${open === 1 ? '' : 's'}, no new deadline warnings.`,
      );
    }
    return true;
  }

  /**
   * VAT HMRC still wants after its due date (liabilities of the last year): one warning per charge
   * and due date, kept in deadline_alert like the return warnings. Returns how many were raised.
   */
  private async watchPayments(
    business: ConnectedBusiness,
    { say }: Pick<AgentRunContext, 'say'>,
    reader: VatReader,
    today: string,
    now: Date,
  ): Promise<number> {
    const { db, vatData } = this.deps;
    let liabilities: Liability[];
    try {
      liabilities = await vatData.liabilities(reader, { from: addDays(today, -364), to: today });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await say(business.ownerId, 'warning', `Could not read what VRN ${business.vrn} owes: ${reason}`);
      return 0;
    }
    let raised = 0;
    for (const liability of liabilities) {
      const outstanding = liability.outstandingAmountPence ?? 0;
      if (outstanding <= 0 || !liability.due || liability.due >= today) continue;
      const period = liability.taxPeriod ? `${liability.taxPeriod.from} to ${liability.taxPeriod.to}` : 'no period';
      const key = `${business.vrn}:payment:${liability.taxPeriod?.to ?? '-'}:${liability.due}`;
      const message = `Unpaid: ${formatGbp(outstanding)} of VAT for ${period} (${business.name}, VRN ${business.vrn}) was due on ${liability.due}.`;
      const inserted = await db
        .insertInto('deadline_alert')
        .values({ owner_id: business.ownerId, alert_key: key, sent_at: now.toISOString(), message })
        .onConflict((conflict) => conflict.columns(['owner_id', 'alert_key']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) continue;
      raised += 1;
      await say(business.ownerId, 'error', message);
    }
    return raised;
  }
}
