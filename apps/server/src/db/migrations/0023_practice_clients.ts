import type { Kysely } from 'kysely';

/**
 * Working across many clients: each client (VRN) of a workspace may have a contact address (from
 * an invitation) and a member it is assigned to. The practice-wide audit log reads a workspace's
 * activity by time, so it gets an index that way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('practice_client')
    .addColumn('workspace_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('vrn', 'varchar(9)', (column) => column.notNull())
    .addColumn('email', 'text')
    .addColumn('assignee_id', 'varchar(64)')
    .addColumn('assigned_at', 'varchar(30)')
    .addColumn('updated_at', 'varchar(30)', (column) => column.notNull())
    .addPrimaryKeyConstraint('practice_client_key', ['workspace_id', 'vrn'])
    .execute();
  await db.schema
    .createIndex('practice_client_by_assignee')
    .on('practice_client')
    .columns(['workspace_id', 'assignee_id'])
    .execute();
  await db.schema
    .createIndex('business_activity_by_time')
    .on('business_activity')
    .columns(['owner_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('business_activity_by_time').execute();
  await db.schema.dropTable('practice_client').execute();
}
