import type { Kysely, Selectable } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { BusinessTable, Database, HmrcConnectionTable, OauthStateTable, SandboxUserTable } from '../../db/schema';

export type SandboxUserRow = Selectable<SandboxUserTable>;
export type ConnectionRow = Selectable<HmrcConnectionTable>;
export type OauthStateRow = Selectable<OauthStateTable>;
export type BusinessRow = Selectable<BusinessTable>;

/**
 * The owner's businesses with their authority's state and the business this person chose last
 * (`chosen_vrn`, the same on every row), in one query compiled once: it is read on every screen.
 */
const businessesWithAuthorityQuery = (database: Kysely<Database>) =>
  compiledOnce(database, (db, ownerId: string, userId: string) =>
    db
      .selectFrom('business as b')
      .leftJoin('hmrc_connection as c', (join) =>
        join.onRef('c.owner_id', '=', 'b.owner_id').onRef('c.hmrc_user_id', '=', 'b.hmrc_user_id'),
      )
      .select([
        'b.vrn',
        'b.name',
        'b.hmrc_user_id',
        'b.last_used_at',
        'b.authority_ended_at',
        'c.granted_at',
        'c.grant_expires_at',
        'c.access_expires_at',
        'c.refresh_failed_at',
        'c.agent_arn',
      ])
      .select((eb) =>
        eb
          .selectFrom('current_business as cb')
          .select('cb.vrn')
          .where('cb.user_id', '=', userId)
          .whereRef('cb.workspace_id', '=', 'b.owner_id')
          .as('chosen_vrn'),
      )
      .where('b.owner_id', '=', ownerId)
      .orderBy('b.name'),
  );

/** SQL for HMRC connections: every query is scoped to the owner, so nobody reaches another's rows. */
export class ConnectionRepo {
  constructor(private readonly db: Kysely<Database>) {
    this.businessesWithAuthority = businessesWithAuthorityQuery(db);
  }

  // --- sandbox users -------------------------------------------------------------------------

  async insertSandboxUser(row: SandboxUserRow): Promise<void> {
    await this.db.insertInto('sandbox_user').values(row).execute();
  }

  sandboxUsers(ownerId: string): Promise<SandboxUserRow[]> {
    return this.db
      .selectFrom('sandbox_user')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .orderBy('created_at', 'desc')
      .execute();
  }

  sandboxUser(ownerId: string, hmrcUserId: string): Promise<SandboxUserRow | undefined> {
    return this.db
      .selectFrom('sandbox_user')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('hmrc_user_id', '=', hmrcUserId)
      .executeTakeFirst();
  }

  /** Forgets a sandbox user with its authority and businesses: their VRNs; null when it was not the owner's. */
  async deleteSandboxUser(ownerId: string, hmrcUserId: string): Promise<string[] | null> {
    return this.db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('sandbox_user')
        .where('owner_id', '=', ownerId)
        .where('hmrc_user_id', '=', hmrcUserId)
        .executeTakeFirst();
      if (deleted.numDeletedRows === 0n) return null;
      await trx
        .deleteFrom('hmrc_connection')
        .where('owner_id', '=', ownerId)
        .where('hmrc_user_id', '=', hmrcUserId)
        .execute();
      const businesses = await trx
        .deleteFrom('business')
        .where('owner_id', '=', ownerId)
        .where('hmrc_user_id', '=', hmrcUserId)
        .returning('vrn')
        .execute();
      return businesses.map((business) => business.vrn);
    });
  }

  // --- OAuth states --------------------------------------------------------------------------

  async insertState(row: OauthStateRow): Promise<void> {
    await this.db.insertInto('oauth_state').values(row).execute();
  }

  /**
   * Takes a state for its owner: marks it used and returns it, or undefined when it is unknown,
   * another user's, expired or already used. One statement, so a replay racing the first use loses.
   */
  async takeState(ownerId: string, stateSha256: string, now: string): Promise<OauthStateRow | undefined> {
    const row = await this.db
      .selectFrom('oauth_state')
      .selectAll()
      .where('state_sha256', '=', stateSha256)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    if (!row || row.used_at !== null || row.expires_at <= now) return undefined;
    const used = await this.db
      .updateTable('oauth_state')
      .set({ used_at: now })
      .where('state_sha256', '=', stateSha256)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return used.numUpdatedRows > 0n ? row : undefined;
  }

  /** States older than a day are of no use to anyone. */
  async pruneStates(before: string): Promise<void> {
    await this.db.deleteFrom('oauth_state').where('expires_at', '<', before).execute();
  }

  // --- connections ---------------------------------------------------------------------------

  connection(ownerId: string, hmrcUserId: string): Promise<ConnectionRow | undefined> {
    return this.db
      .selectFrom('hmrc_connection')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('hmrc_user_id', '=', hmrcUserId)
      .executeTakeFirst();
  }

  connectionById(id: string): Promise<ConnectionRow | undefined> {
    return this.db.selectFrom('hmrc_connection').selectAll().where('id', '=', id).executeTakeFirst();
  }

  connections(ownerId: string): Promise<ConnectionRow[]> {
    return this.db.selectFrom('hmrc_connection').selectAll().where('owner_id', '=', ownerId).execute();
  }

  /** Every user's connections whose access token ends before `before` and whose refresh was not refused. */
  expiringConnections(before: string): Promise<ConnectionRow[]> {
    return this.db
      .selectFrom('hmrc_connection')
      .selectAll()
      .where('access_expires_at', '<', before)
      .where('refresh_failed_at', 'is', null)
      .execute();
  }

  /** Every business of every user (for the deadline watcher). */
  allBusinesses(): Promise<BusinessRow[]> {
    return this.db.selectFrom('business').selectAll().where('hmrc_user_id', 'is not', null).execute();
  }

  /** Stores a fresh grant, replacing any earlier one for the same HMRC user. */
  async saveConnection(row: ConnectionRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('hmrc_connection')
        .where('owner_id', '=', row.owner_id)
        .where('hmrc_user_id', '=', row.hmrc_user_id)
        .execute();
      await trx.insertInto('hmrc_connection').values(row).execute();
    });
  }

  /** A refreshed token pair, written in one statement before it is used (docs/reference/hmrc-vat-api.md §1.4). */
  async saveRefreshedTokens(
    id: string,
    tokens: { access_token_enc: string; refresh_token_enc: string; access_expires_at: string; updated_at: string },
  ): Promise<void> {
    await this.db
      .updateTable('hmrc_connection')
      .set({ ...tokens, refresh_failed_at: null })
      .where('id', '=', id)
      .execute();
  }

  async markRefreshFailed(id: string, at: string): Promise<void> {
    await this.db
      .updateTable('hmrc_connection')
      .set({ refresh_failed_at: at, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  // --- businesses ----------------------------------------------------------------------------

  /** The user's businesses, each with the state of the authority that reaches it (one query: read on every screen). */
  readonly businessesWithAuthority: ReturnType<typeof businessesWithAuthorityQuery>;

  businesses(ownerId: string): Promise<BusinessRow[]> {
    return this.db.selectFrom('business').selectAll().where('owner_id', '=', ownerId).orderBy('name').execute();
  }

  business(ownerId: string, vrn: string): Promise<BusinessRow | undefined> {
    return this.db
      .selectFrom('business')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .executeTakeFirst();
  }

  /** Adds the business, or points an existing one at this HMRC user. */
  async saveBusiness(row: Omit<BusinessRow, 'authority_ended_at' | 'authority_checked_at'>): Promise<void> {
    const existing = await this.business(row.owner_id, row.vrn);
    if (existing) {
      await this.db
        .updateTable('business')
        // Connected again (the client accepted a new request): its authority stands again.
        .set({
          name: row.name,
          hmrc_user_id: row.hmrc_user_id,
          last_used_at: row.last_used_at,
          authority_ended_at: null,
        })
        .where('id', '=', existing.id)
        .execute();
      return;
    }
    await this.db.insertInto('business').values(row).execute();
  }

  /** Marks the client's authority ended; false when it was already marked (or no such business). */
  async markAuthorityEnded(ownerId: string, vrn: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('business')
      .set({ authority_ended_at: at, authority_checked_at: at })
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .where('authority_ended_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** HMRC confirmed the agent's authority for the client now. */
  async markAuthorityConfirmed(ownerId: string, vrn: string, at: string): Promise<void> {
    await this.db
      .updateTable('business')
      .set({ authority_ended_at: null, authority_checked_at: at })
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .execute();
  }

  async touchBusiness(ownerId: string, vrn: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('business')
      .set({ last_used_at: at })
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The person's own choice of business in a workspace, kept apart from the other members'. */
  async chooseBusiness(userId: string, workspaceId: string, vrn: string, at: string): Promise<void> {
    await this.db
      .insertInto('current_business')
      .values({ user_id: userId, workspace_id: workspaceId, vrn, chosen_at: at })
      .onConflict((conflict) => conflict.columns(['user_id', 'workspace_id']).doUpdateSet({ vrn, chosen_at: at }))
      .execute();
  }

  async deleteBusiness(ownerId: string, vrn: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('business')
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
