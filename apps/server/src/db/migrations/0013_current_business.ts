import type { Kysely } from 'kysely';

/**
 * The business each person last chose, per workspace: in a practice, one member
 * switching business must not switch it for the others. Without a choice, the workspace's most
 * recently used business is current, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('current_business')
    .addColumn('user_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('workspace_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('vrn', 'varchar(9)', (column) => column.notNull())
    .addColumn('chosen_at', 'varchar(30)', (column) => column.notNull())
    .addPrimaryKeyConstraint('current_business_key', ['user_id', 'workspace_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('current_business').execute();
}
