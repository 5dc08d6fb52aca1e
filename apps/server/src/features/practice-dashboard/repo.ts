import type { Kysely, Selectable } from 'kysely';
import type { BusinessSnapshotTable, Database } from '../../db/schema';

export type SnapshotRow = Selectable<BusinessSnapshotTable>;

/** The dashboard's snapshots, scoped to their owner. */
export class SnapshotRepo {
  constructor(private readonly db: Kysely<Database>) {}

  list(ownerId: string): Promise<SnapshotRow[]> {
    return this.db.selectFrom('business_snapshot').selectAll().where('owner_id', '=', ownerId).execute();
  }

  /** The open returns (draft or refused) of the owner's businesses, latest period first. */
  openReturns(ownerId: string) {
    return this.db
      .selectFrom('vat_return')
      .select(['id', 'vrn', 'period_end', 'ready_at', 'approved_at'])
      .where('owner_id', '=', ownerId)
      .where('status', 'in', ['draft', 'failed'])
      .orderBy('period_end', 'desc')
      .execute();
  }

  /** When each of the owner's businesses last had a return filed through VAT Wise. */
  async lastFiled(ownerId: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('vat_receipt')
      .select(['vrn', (eb) => eb.fn.max('created_at').as('filed_at')])
      .where('owner_id', '=', ownerId)
      .groupBy('vrn')
      .execute();
    return new Map(rows.map((row) => [row.vrn, String(row.filed_at)]));
  }

  /** A read's outcome: a new standing, or a problem that keeps the standing read before. */
  async save(row: SnapshotRow): Promise<void> {
    const { owner_id: _owner, vrn: _vrn, ...rest } = row;
    const kept = row.standing === null ? { problem: rest.problem, attempted_at: rest.attempted_at } : rest;
    await this.db
      .insertInto('business_snapshot')
      .values(row)
      .onConflict((conflict) => conflict.columns(['owner_id', 'vrn']).doUpdateSet(kept))
      .execute();
  }
}
