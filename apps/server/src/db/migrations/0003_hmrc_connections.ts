import type { Kysely } from 'kysely';

/**
 * HMRC connections (issue "HMRC connection and VAT operations"): the sandbox test users a user
 * created, the authority each HMRC user granted (tokens encrypted at rest), the single-use OAuth
 * states in flight, and the businesses (VRNs) a user works on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_user')
    .addColumn('hmrc_user_id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('user_type', 'varchar(20)', (column) => column.notNull())
    .addColumn('password_enc', 'text', (column) => column.notNull())
    .addColumn('full_name', 'varchar(200)', (column) => column.notNull())
    .addColumn('email_address', 'varchar(320)', (column) => column.notNull())
    .addColumn('vrn', 'varchar(9)')
    .addColumn('organisation_name', 'varchar(200)')
    .addColumn('agent_arn', 'varchar(20)')
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('sandbox_user_owner').on('sandbox_user').column('owner_id').execute();

  await db.schema
    .createTable('hmrc_connection')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('hmrc_user_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('scope', 'varchar(200)', (column) => column.notNull())
    .addColumn('access_token_enc', 'text', (column) => column.notNull())
    .addColumn('refresh_token_enc', 'text', (column) => column.notNull())
    .addColumn('access_expires_at', 'varchar(30)', (column) => column.notNull())
    .addColumn('granted_at', 'varchar(30)', (column) => column.notNull())
    .addColumn('grant_expires_at', 'varchar(30)', (column) => column.notNull())
    .addColumn('refresh_failed_at', 'varchar(30)')
    .addColumn('updated_at', 'varchar(30)', (column) => column.notNull())
    .addUniqueConstraint('hmrc_connection_owner_user', ['owner_id', 'hmrc_user_id'])
    .execute();

  await db.schema
    .createTable('oauth_state')
    .addColumn('state_sha256', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('hmrc_user_id', 'varchar(64)')
    .addColumn('code_verifier_enc', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(30)', (column) => column.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();

  await db.schema
    .createTable('business')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('vrn', 'varchar(9)', (column) => column.notNull())
    .addColumn('name', 'varchar(200)', (column) => column.notNull())
    .addColumn('hmrc_user_id', 'varchar(64)')
    .addColumn('last_used_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .addUniqueConstraint('business_owner_vrn', ['owner_id', 'vrn'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['business', 'oauth_state', 'hmrc_connection', 'sandbox_user']) {
    await db.schema.dropTable(table).execute();
  }
}
