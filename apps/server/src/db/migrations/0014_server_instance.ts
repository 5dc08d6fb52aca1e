import type { Kysely } from 'kysely';

/**
 * The instances serving this database: each writes a heartbeat, so one started
 * without Redis can see another is running and refuse, rather than split sockets, limits and
 * schedules between processes that cannot hear each other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_instance')
    .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('host', 'varchar(255)', (column) => column.notNull())
    .addColumn('pid', 'integer', (column) => column.notNull())
    // 1: this instance shares its state through Redis; 0: it works alone.
    .addColumn('shared', 'integer', (column) => column.notNull())
    .addColumn('started_at', 'varchar(30)', (column) => column.notNull())
    .addColumn('seen_at', 'varchar(30)', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_instance').execute();
}
