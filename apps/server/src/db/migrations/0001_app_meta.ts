import { type Kysely, sql } from 'kysely';

/**
 * Installation facts (when it was installed, the schema's history lives in Kysely's own table).
 * Written once for SQLite and PostgreSQL: only types and defaults both understand.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'varchar(100)', (column) => column.primaryKey())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(30)', (column) => column.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('app_meta').execute();
}
