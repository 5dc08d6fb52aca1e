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
