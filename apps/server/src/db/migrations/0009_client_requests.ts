import type { Kysely } from 'kysely';

/**
 * Tax agents' clients: an HMRC authority may be an agent's (its ARN kept beside the
 * connection), a sandbox Organisation keeps its VAT registration date (the known fact an agent
 * asks with), and each request an agent sends a client for authority is kept with what HMRC last
 * said of it. HMRC's answers never name the client, so the VRN asked about is ours to keep.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('hmrc_connection').addColumn('agent_arn', 'varchar(20)').execute();
  await db.schema.alterTable('sandbox_user').addColumn('registration_date', 'varchar(10)').execute();
  await db.schema
    .createTable('client_request')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('agent_user_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('arn', 'varchar(20)', (column) => column.notNull())
    .addColumn('invitation_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('vrn', 'varchar(9)', (column) => column.notNull())
    .addColumn('registration_date', 'varchar(10)', (column) => column.notNull())
    .addColumn('client_name', 'varchar(200)')
    .addColumn('status', 'varchar(20)', (column) => column.notNull())
    .addColumn('client_action_url', 'text')
    .addColumn('expires_on', 'varchar(30)')
    .addColumn('answered_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .addColumn('checked_at', 'varchar(30)', (column) => column.notNull())
    .addUniqueConstraint('client_request_invitation', ['arn', 'invitation_id'])
    .execute();
  await db.schema.createIndex('client_request_owner').on('client_request').column('owner_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('client_request').execute();
  await db.schema.alterTable('sandbox_user').dropColumn('registration_date').execute();
  await db.schema.alterTable('hmrc_connection').dropColumn('agent_arn').execute();
}
