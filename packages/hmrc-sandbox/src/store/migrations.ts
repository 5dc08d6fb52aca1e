import { type Kysely, type Migration, Migrator, PostgresAdapter, sql } from 'kysely';

/**
 * The simulator's tables, all named `hmrc_sandbox_*` so they sit beside VAT Wise's own in one
 * database without clashing, with a migration history of their own. Written once for SQLite and
 * PostgreSQL: text for dates (ISO 8601, which sorts), integers for counts, text for JSON.
 */
const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('hmrc_sandbox_application')
      .addColumn('client_id', 'varchar(64)', (column) => column.primaryKey())
      .addColumn('client_secret_sha256', 'varchar(64)', (column) => column.notNull())
      .addColumn('name', 'varchar(200)', (column) => column.notNull())
      .addColumn('redirect_uris', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('hmrc_sandbox_test_user')
      .addColumn('user_id', 'varchar(12)', (column) => column.primaryKey())
      .addColumn('password_sha256', 'varchar(64)', (column) => column.notNull())
      .addColumn('user_type', 'varchar(20)', (column) => column.notNull())
      .addColumn('vrn', 'varchar(9)', (column) => column.unique())
      .addColumn('nino', 'varchar(9)', (column) => column.unique())
      .addColumn('pillar2_id', 'varchar(15)', (column) => column.unique())
      .addColumn('details', 'text', (column) => column.notNull())
      .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
      .execute();

    // A browser on its way through sign-in and grant (docs/reference/hmrc-vat-api.md §2.4).
    await db.schema
      .createTable('hmrc_sandbox_auth_request')
      .addColumn('auth_id', 'varchar(64)', (column) => column.primaryKey())
      .addColumn('client_id', 'varchar(64)', (column) => column.notNull())
      .addColumn('redirect_uri', 'text', (column) => column.notNull())
      .addColumn('scope', 'text', (column) => column.notNull())
      .addColumn('state', 'text')
      .addColumn('code_challenge', 'varchar(128)')
      .addColumn('user_id', 'varchar(12)')
      .addColumn('browser_sha256', 'varchar(64)')
      .addColumn('expires_at', 'varchar(30)', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('hmrc_sandbox_grant')
      .addColumn('grant_id', 'varchar(64)', (column) => column.primaryKey())
      .addColumn('client_id', 'varchar(64)', (column) => column.notNull())
      .addColumn('user_id', 'varchar(12)', (column) => column.notNull())
      .addColumn('scope', 'text', (column) => column.notNull())
      .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
      .addColumn('expires_at', 'varchar(30)', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('hmrc_sandbox_auth_code')
      .addColumn('code_sha256', 'varchar(64)', (column) => column.primaryKey())
      .addColumn('grant_id', 'varchar(64)', (column) => column.notNull())
      .addColumn('redirect_uri', 'text', (column) => column.notNull())
      .addColumn('code_challenge', 'varchar(128)')
      .addColumn('expires_at', 'varchar(30)', (column) => column.notNull())
      .addColumn('used_at', 'varchar(30)')
      .execute();

    // Access and refresh tokens; only their hashes are kept.
    await db.schema
      .createTable('hmrc_sandbox_token')
      .addColumn('token_sha256', 'varchar(64)', (column) => column.primaryKey())
      .addColumn('kind', 'varchar(10)', (column) => column.notNull())
      .addColumn('client_id', 'varchar(64)', (column) => column.notNull())
      .addColumn('grant_id', 'varchar(64)')
      .addColumn('scope', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'varchar(30)', (column) => column.notNull())
      .addColumn('revoked_at', 'varchar(30)')
      .execute();
    await db.schema.createIndex('hmrc_sandbox_token_grant').on('hmrc_sandbox_token').column('grant_id').execute();

    // One simulated VAT account per VRN (vat/model.ts), as JSON; `version` guards concurrent writes.
    await db.schema
      .createTable('hmrc_sandbox_vat_account')
      .addColumn('vrn', 'varchar(9)', (column) => column.primaryKey())
      .addColumn('account', 'text', (column) => column.notNull())
      .addColumn('version', 'integer', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('hmrc_sandbox_setting')
      .addColumn('key', 'varchar(64)', (column) => column.primaryKey())
      .addColumn('value', 'text', (column) => column.notNull())
      .execute();
  },
};

/** Agent authorisation (agents/): invitations, agent–client relationships and the client's sign-in. */
const agents: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('hmrc_sandbox_invitation')
      .addColumn('invitation_id', 'varchar(13)', (column) => column.primaryKey())
      .addColumn('arn', 'varchar(11)', (column) => column.notNull())
      .addColumn('agent_uid', 'varchar(8)', (column) => column.notNull())
      .addColumn('service', 'varchar(10)', (column) => column.notNull())
      .addColumn('client_id', 'varchar(9)', (column) => column.notNull())
      .addColumn('agent_type', 'varchar(10)')
      // Pending, Accepted, Rejected, Cancelled or Deauthorised; Expired is worked out from
      // expires_on and the clock.
      .addColumn('status', 'varchar(20)', (column) => column.notNull())
      .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
      .addColumn('updated_at', 'varchar(30)', (column) => column.notNull())
      .addColumn('expires_on', 'varchar(10)', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('hmrc_sandbox_invitation_arn').on('hmrc_sandbox_invitation').column('arn').execute();
    await db.schema
      .createIndex('hmrc_sandbox_invitation_agent_uid')
      .on('hmrc_sandbox_invitation')
      .column('agent_uid')
      .execute();

    // One row while the agent may act for the client in the service.
    await db.schema
      .createTable('hmrc_sandbox_relationship')
      .addColumn('arn', 'varchar(11)', (column) => column.notNull())
      .addColumn('service', 'varchar(10)', (column) => column.notNull())
      .addColumn('client_id', 'varchar(9)', (column) => column.notNull())
      .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
      .addPrimaryKeyConstraint('hmrc_sandbox_relationship_pk', ['arn', 'service', 'client_id'])
      .execute();

    // A browser signed in as a test user outside an OAuth grant (the client answering an agent).
    await db.schema
      .createTable('hmrc_sandbox_browser_session')
      .addColumn('session_sha256', 'varchar(64)', (column) => column.primaryKey())
      .addColumn('user_id', 'varchar(12)', (column) => column.notNull())
      .addColumn('expires_at', 'varchar(30)', (column) => column.notNull())
      .execute();
  },
};

/**
 * VAT Assist reports (vat-assist/), kept so their acknowledgement can be checked, and Initiate
 * payment journeys (payments/). Amounts are integer pence; bigint because HMRC takes a Long.
 */
const assistAndPayments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('hmrc_sandbox_assist_report')
      .addColumn('report_id', 'varchar(36)', (column) => column.primaryKey())
      .addColumn('vrn', 'varchar(9)', (column) => column.notNull())
      .addColumn('correlation_id', 'varchar(64)', (column) => column.notNull())
      .addColumn('period_key', 'varchar(4)', (column) => column.notNull())
      .addColumn('client_id', 'varchar(64)', (column) => column.notNull())
      .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
      .addColumn('feedback', 'text', (column) => column.notNull())
      .addColumn('acknowledged_at', 'varchar(30)')
      .addColumn('presented_at', 'varchar(30)')
      .execute();
    await db.schema
      .createIndex('hmrc_sandbox_assist_report_vrn')
      .on('hmrc_sandbox_assist_report')
      .column('vrn')
      .execute();

    await db.schema
      .createTable('hmrc_sandbox_payment_journey')
      .addColumn('journey_id', 'varchar(36)', (column) => column.primaryKey())
      .addColumn('page_token_sha256', 'varchar(64)', (column) => column.notNull().unique())
      .addColumn('client_id', 'varchar(64)', (column) => column.notNull())
      .addColumn('tax_regime', 'varchar(20)', (column) => column.notNull())
      .addColumn('reference', 'varchar(20)', (column) => column.notNull())
      .addColumn('amount_pence', 'bigint', (column) => column.notNull())
      .addColumn('chosen_pence', 'bigint')
      // InProgress, Completed or Failed (the status endpoint's values); outcome says why it ended.
      .addColumn('status', 'varchar(20)', (column) => column.notNull())
      .addColumn('outcome', 'varchar(20)')
      .addColumn('back_url', 'text')
      .addColumn('friendly_name', 'varchar(40)')
      .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
      .addColumn('updated_at', 'varchar(30)', (column) => column.notNull())
      .execute();
  },
};

export const sandboxMigrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_agents': agents,
  '0003_assist_and_payments': assistAndPayments,
};

/** Brings the simulator's tables up to date; throws when a migration fails. */
export async function migrateSandboxTables(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => sandboxMigrations },
    migrationTableName: 'hmrc_sandbox_migration',
    migrationLockTableName: 'hmrc_sandbox_migration_lock',
    // Kysely looks for these tables in every PostgreSQL schema unless told which (another schema's
    // would make it skip creating this one's).
    migrationTableSchema:
      db.getExecutor().adapter instanceof PostgresAdapter
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
        : undefined,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    throw new Error(`HMRC sandbox migration failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
