import type { FlatRateSettings } from '@vatwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { ReturnRow } from '../return-row';

/** SQL for the returns themselves (vat_return): started, read, changed while open, discarded. Every query names the owner. */
export class DraftRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insertReturn(row: ReturnRow): Promise<void> {
    await this.db.insertInto('vat_return').values(row).execute();
  }

  returnById(ownerId: string, id: string): Promise<ReturnRow | undefined> {
    return this.db
      .selectFrom('vat_return')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  returnForPeriod(ownerId: string, vrn: string, periodKey: string): Promise<ReturnRow | undefined> {
    return this.db
      .selectFrom('vat_return')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .where('period_key', '=', periodKey)
      .executeTakeFirst();
  }

  returns(ownerId: string, vrn: string): Promise<ReturnRow[]> {
    return this.db
      .selectFrom('vat_return')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .orderBy('period_start', 'desc')
      .execute();
  }

  async setFlatRate(ownerId: string, id: string, flatRate: FlatRateSettings | null, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('vat_return')
      .set({ flat_rate: flatRate ? JSON.stringify(flatRate) : null, updated_at: now })
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .where('status', 'in', ['draft', 'failed'])
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async deleteDraft(ownerId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('vat_return')
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .where('status', 'in', ['draft', 'failed'])
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
