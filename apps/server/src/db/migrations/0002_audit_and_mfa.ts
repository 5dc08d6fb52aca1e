import type { Kysely } from 'kysely';

/** The user-management audit trail, and the time of each user's last second-factor proof. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('at', 'varchar(30)', (column) => column.notNull())
    .addColumn('actor_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('actor_email', 'varchar(320)', (column) => column.notNull())
    .addColumn('action', 'varchar(40)', (column) => column.notNull())
    .addColumn('target_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('target_email', 'varchar(320)', (column) => column.notNull())
    .addColumn('detail', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  await db.schema
    .createTable('user_mfa')
    .addColumn('user_id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('method', 'varchar(20)', (column) => column.notNull())
    .addColumn('verified_at', 'varchar(30)', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_mfa').execute();
  await db.schema.dropTable('audit_log').execute();
}
