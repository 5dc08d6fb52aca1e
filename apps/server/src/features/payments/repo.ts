import type { PaymentJourney, PaymentJourneyStatus, PaymentKind } from '@vatwise/domain';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, PaymentJourneyTable } from '../../db/schema';

export type PaymentJourneyRow = Selectable<PaymentJourneyTable>;

/** PostgreSQL reads bigint back as a string; SQLite as a number. */
const pence = (value: number | string) => Number(value);

export function journeyOf(row: PaymentJourneyRow): PaymentJourney {
  return {
    id: row.id,
    vrn: row.vrn,
    kind: row.kind as PaymentKind,
    reference: row.reference,
    amountPence: pence(row.amount_pence),
    startedByName: row.started_by_name,
    startedAt: row.started_at,
    status: row.status as PaymentJourneyStatus,
    statusCheckedAt: row.status_checked_at,
    paidAmountPence: row.paid_amount_pence === null ? null : pence(row.paid_amount_pence),
    reconciledAt: row.reconciled_at,
  };
}

/** SQL for payment journeys. Every query names the owner (the workspace). */
export class PaymentJourneyRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async add(row: Insertable<PaymentJourneyTable>): Promise<void> {
    await this.db.insertInto('payment_journey').values(row).execute();
  }

  async byId(ownerId: string, id: string): Promise<PaymentJourneyRow | undefined> {
    return this.db
      .selectFrom('payment_journey')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The business's latest journeys, newest first. */
  async recent(ownerId: string, vrn: string, limit = 20): Promise<PaymentJourneyRow[]> {
    return this.db
      .selectFrom('payment_journey')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .orderBy('started_at', 'desc')
      .limit(limit)
      .execute();
  }

  async update(
    ownerId: string,
    id: string,
    change: Partial<Pick<PaymentJourneyTable, 'status' | 'status_checked_at' | 'paid_amount_pence' | 'reconciled_at'>>,
  ): Promise<void> {
    await this.db
      .updateTable('payment_journey')
      .set(change)
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .execute();
  }

  /**
   * Records HMRC's answer for a journey still in progress; false when another reader (a second
   * tab, another instance) recorded an ending first, so that ending is told once.
   */
  async settle(
    ownerId: string,
    id: string,
    change: Pick<PaymentJourneyTable, 'status' | 'status_checked_at' | 'paid_amount_pence'>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('payment_journey')
      .set(change)
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .where('status', '=', 'InProgress')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
