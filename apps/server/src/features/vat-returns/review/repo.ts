import type { Kysely, Selectable } from 'kysely';
import type { Database, ReturnNoteTable } from '../../../db/schema';
import type { ReturnRow } from '../return-row';

/** SQL for a practice's review of a return: its review columns and its notes. Every query names the owner. */
export class ReviewRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The review columns of an open return (draft or failed): who marked it ready, who approved
   * which boxes. A sent return's review is history and stays as it was.
   */
  async setReview(
    ownerId: string,
    id: string,
    review: Partial<
      Pick<
        ReturnRow,
        | 'ready_by'
        | 'ready_by_name'
        | 'ready_at'
        | 'approved_by'
        | 'approved_by_name'
        | 'approved_at'
        | 'approved_boxes'
      >
    >,
    now: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('vat_return')
      .set({ ...review, updated_at: now })
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .where('status', 'in', ['draft', 'failed'])
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async addNote(row: Selectable<ReturnNoteTable>): Promise<void> {
    await this.db.insertInto('return_note').values(row).execute();
  }

  notes(ownerId: string, returnId: string): Promise<Selectable<ReturnNoteTable>[]> {
    return this.db
      .selectFrom('return_note')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('return_id', '=', returnId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }
}
