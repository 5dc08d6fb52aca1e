import type { Kysely, Selectable } from 'kysely';
import type { ClientRequestTable, Database } from '../../db/schema';

export type ClientRequestRow = Selectable<ClientRequestTable>;

/** SQL for an agent's requests to clients: every query is scoped to the owner. */
export class ClientRequestRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: ClientRequestRow): Promise<void> {
    await this.db.insertInto('client_request').values(row).execute();
  }

  list(ownerId: string): Promise<ClientRequestRow[]> {
    return this.db
      .selectFrom('client_request')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .orderBy('created_at', 'desc')
      .execute();
  }

  find(ownerId: string, id: string): Promise<ClientRequestRow | undefined> {
    return this.db
      .selectFrom('client_request')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** What HMRC now says of the request; `answered_at` is kept from the first time it changed. */
  async saveStatus(
    id: string,
    change: { status: string; client_action_url: string | null; answered_at: string | null; checked_at: string },
  ): Promise<void> {
    await this.db.updateTable('client_request').set(change).where('id', '=', id).execute();
  }

  /** Every workspace holding a request HMRC gave as accepted. */
  async workspacesWithAccepted(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('client_request')
      .select('owner_id')
      .distinct()
      .where('status', 'in', ['Accepted', 'Partialauth'])
      .execute();
    return rows.map((row) => row.owner_id);
  }

  async markChecked(ownerId: string, agentUserId: string, at: string): Promise<void> {
    await this.db
      .updateTable('client_request')
      .set({ checked_at: at })
      .where('owner_id', '=', ownerId)
      .where('agent_user_id', '=', agentUserId)
      .execute();
  }
}
