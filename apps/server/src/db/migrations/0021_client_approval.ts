import type { Kysely } from 'kysely';

/**
 * The client's approval of a return through a link sent by the practice: one row per link (only
 * the token's hash is kept), and what the client answered, with the fingerprint of the boxes they
 * approved. A practice may require that approval before filing; off for the practices that exist.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('client_approval')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('owner_id', 'text', (column) => column.notNull())
    .addColumn('vrn', 'text', (column) => column.notNull())
    .addColumn('return_id', 'text', (column) => column.notNull())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('sent_to', 'text')
    .addColumn('sent_by_id', 'text', (column) => column.notNull())
    .addColumn('sent_by_name', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    // 'sent', 'approved', 'queried', or 'voided' (a newer link replaced it).
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('client_name', 'text')
    .addColumn('answered_at', 'text')
    .addColumn('question', 'text')
    .addColumn('boxes_fingerprint', 'text')
    .addColumn('boxes', 'text')
    .addColumn('client_ip', 'text')
    .addColumn('client_user_agent', 'text')
    .execute();
  await db.schema
    .createIndex('client_approval_return')
    .on('client_approval')
    .columns(['owner_id', 'return_id', 'sent_at'])
    .execute();
  await db.schema
    .alterTable('practice_policy')
    .addColumn('require_client_approval', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('practice_policy').dropColumn('require_client_approval').execute();
  await db.schema.dropTable('client_approval').execute();
}
