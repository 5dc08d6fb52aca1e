import type { ErrorCorrection, ErrorCorrectionInput } from '@vatwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/** SQL for the errors found in earlier returns, kept per return. Every query names the owner. */
export class ErrorCorrectionRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The return's errors in the order they were added. */
  async list(ownerId: string, returnId: string): Promise<ErrorCorrection[]> {
    const rows = await this.db
      .selectFrom('return_error_correction')
      .select(['id', 'data', 'created_at'])
      .where('owner_id', '=', ownerId)
      .where('return_id', '=', returnId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    // Only ever written as a checked ErrorCorrectionInput (the route's errorCorrectionInputSchema).
    return rows.map((row) => ({
      ...(JSON.parse(row.data) as ErrorCorrectionInput),
      id: row.id,
      createdAt: row.created_at,
    }));
  }

  /**
   * Adds an error to a return still open (draft or failed), in one transaction with a write to the
   * return: a submission claiming the return at the same moment waits for it, or it finds the
   * return claimed and adds nothing. False when the return is not open.
   */
  async add(
    ownerId: string,
    returnId: string,
    row: { id: string; input: ErrorCorrectionInput; createdBy: string; now: string },
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const open = await trx
        .updateTable('vat_return')
        .set({ updated_at: row.now })
        .where('owner_id', '=', ownerId)
        .where('id', '=', returnId)
        .where('status', 'in', ['draft', 'failed'])
        .executeTakeFirst();
      if (open.numUpdatedRows === 0n) return false;
      await trx
        .insertInto('return_error_correction')
        .values({
          id: row.id,
          owner_id: ownerId,
          return_id: returnId,
          data: JSON.stringify(row.input),
          created_by: row.createdBy,
          created_at: row.now,
        })
        .execute();
      return true;
    });
  }

  /** Removes one of an open return's errors: 'locked' when the return is not open. */
  async remove(ownerId: string, returnId: string, id: string, now: string): Promise<'removed' | 'missing' | 'locked'> {
    return this.db.transaction().execute(async (trx) => {
      const open = await trx
        .updateTable('vat_return')
        .set({ updated_at: now })
        .where('owner_id', '=', ownerId)
        .where('id', '=', returnId)
        .where('status', 'in', ['draft', 'failed'])
        .executeTakeFirst();
      if (open.numUpdatedRows === 0n) return 'locked';
      const removed = await trx
        .deleteFrom('return_error_correction')
        .where('owner_id', '=', ownerId)
        .where('return_id', '=', returnId)
        .where('id', '=', id)
        .executeTakeFirst();
      return removed.numDeletedRows > 0n ? 'removed' : 'missing';
    });
  }

  /** With a discarded draft go its errors. */
  async removeAll(ownerId: string, returnId: string): Promise<void> {
    await this.db
      .deleteFrom('return_error_correction')
      .where('owner_id', '=', ownerId)
      .where('return_id', '=', returnId)
      .execute();
  }
}
