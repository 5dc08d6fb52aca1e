import type { Kysely, Selectable } from 'kysely';
import type { ClientApprovalTable, Database } from '../../../db/schema';

export type ClientApprovalRow = Selectable<ClientApprovalTable>;

/** What the client answered through their link. */
export type ClientAnswerFields = Pick<
  ClientApprovalRow,
  | 'status'
  | 'client_name'
  | 'answered_at'
  | 'question'
  | 'boxes_fingerprint'
  | 'boxes'
  | 'client_ip'
  | 'client_user_agent'
>;

/** SQL for the links sent to clients to approve a return, and their answers. */
export class ClientApprovalRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a new link; the return's earlier unanswered links stop working (one link stands at a time). */
  async insert(row: ClientApprovalRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('client_approval')
        .set({ status: 'voided' })
        .where('owner_id', '=', row.owner_id)
        .where('return_id', '=', row.return_id)
        .where('status', '=', 'sent')
        .execute();
      await trx.insertInto('client_approval').values(row).execute();
    });
  }

  /** The return's latest link that a newer one did not replace. */
  latest(ownerId: string, returnId: string): Promise<ClientApprovalRow | undefined> {
    return this.db
      .selectFrom('client_approval')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('return_id', '=', returnId)
      .where('status', '!=', 'voided')
      .orderBy('sent_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The return's latest approval by its client, whatever came after (the receipt names it if it stands). */
  latestApproved(ownerId: string, returnId: string): Promise<ClientApprovalRow | undefined> {
    return this.db
      .selectFrom('client_approval')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('return_id', '=', returnId)
      .where('status', '=', 'approved')
      .orderBy('answered_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  byTokenHash(tokenHash: string): Promise<ClientApprovalRow | undefined> {
    return this.db.selectFrom('client_approval').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** Records the answer if the link is still unanswered: a link answers once, even for two clicks at once. */
  async answer(id: string, fields: ClientAnswerFields): Promise<boolean> {
    const result = await this.db
      .updateTable('client_approval')
      .set(fields)
      .where('id', '=', id)
      .where('status', '=', 'sent')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
