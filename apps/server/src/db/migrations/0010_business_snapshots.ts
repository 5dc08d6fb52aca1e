import type { Kysely } from 'kysely';

/**
 * The practice dashboard's copy of what HMRC last said of each business: read
 * in the background at HMRC's pace and kept, so a practice with forty clients opens its dashboard
 * at once and sees when each row was read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('business_snapshot')
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('vrn', 'varchar(9)', (column) => column.notNull())
    .addColumn('standing', 'text')
    .addColumn('read_at', 'varchar(30)')
    .addColumn('problem', 'text')
    .addColumn('attempted_at', 'varchar(30)', (column) => column.notNull())
    .addPrimaryKeyConstraint('business_snapshot_pk', ['owner_id', 'vrn'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('business_snapshot').execute();
}
