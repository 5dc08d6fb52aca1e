import type { Kysely } from 'kysely';

/**
 * The background agents: each agent's status as an Admin set it and its last run; the two log
 * stores each user has (agent dialogue, VAT dialogue); and the deadline warnings already raised.
 * Log keys sort in the order entries were written, so the newest 1000 are a range scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agent_state')
    .addColumn('agent_id', 'varchar(40)', (column) => column.primaryKey())
    .addColumn('status', 'varchar(12)', (column) => column.notNull())
    .addColumn('last_run_at', 'varchar(30)')
    .addColumn('last_error', 'text')
    .addColumn('changed_by', 'varchar(200)')
    .addColumn('updated_at', 'varchar(30)', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('agent_log')
    .addColumn('key', 'varchar(40)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('agent_id', 'varchar(40)', (column) => column.notNull())
    .addColumn('level', 'varchar(10)', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('at', 'varchar(30)', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('agent_log_owner').on('agent_log').columns(['owner_id', 'key']).execute();

  await db.schema
    .createTable('vat_log')
    .addColumn('key', 'varchar(40)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('at', 'varchar(30)', (column) => column.notNull())
    .addColumn('method', 'varchar(10)', (column) => column.notNull())
    .addColumn('endpoint', 'varchar(500)', (column) => column.notNull())
    .addColumn('status', 'integer')
    .addColumn('duration_ms', 'integer', (column) => column.notNull())
    .addColumn('correlation_id', 'varchar(100)')
    .addColumn('vrn', 'varchar(9)')
    .addColumn('failure', 'varchar(200)')
    .execute();
  await db.schema.createIndex('vat_log_owner').on('vat_log').columns(['owner_id', 'key']).execute();

  await db.schema
    .createTable('deadline_alert')
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('alert_key', 'varchar(120)', (column) => column.notNull())
    .addColumn('sent_at', 'varchar(30)', (column) => column.notNull())
    .addPrimaryKeyConstraint('deadline_alert_pk', ['owner_id', 'alert_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deadline_alert').execute();
  await db.schema.dropTable('vat_log').execute();
  await db.schema.dropTable('agent_log').execute();
  await db.schema.dropTable('agent_state').execute();
}
