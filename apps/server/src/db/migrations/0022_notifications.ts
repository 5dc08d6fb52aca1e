import type { Kysely } from 'kysely';

/**
 * Notifications: one row per recipient and event, read or not, and each person's choice per kind
 * of what they are shown and mailed (no row: the defaults, notificationKinds in packages/domain).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification')
    .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('user_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('vrn', 'varchar(9)', (column) => column.notNull())
    .addColumn('kind', 'varchar(30)', (column) => column.notNull())
    .addColumn('business_name', 'text', (column) => column.notNull())
    .addColumn('actor_name', 'text', (column) => column.notNull())
    .addColumn('detail', 'text', (column) => column.notNull())
    .addColumn('link', 'text', (column) => column.notNull())
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .addColumn('read_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('notification_by_user')
    .on('notification')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createTable('notification_preference')
    .addColumn('user_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('kind', 'varchar(30)', (column) => column.notNull())
    .addColumn('in_app', 'integer', (column) => column.notNull())
    .addColumn('email', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('notification_preference_key', ['user_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_preference').execute();
  await db.schema.dropTable('notification').execute();
}
