import type { Kysely } from 'kysely';

/**
 * Errors found in earlier VAT returns, kept with the return they were found in (VAT Notice
 * 700/45): each as validated JSON (its period, output and input tax errors in pence, cause,
 * description, when found), like a record's data. Whether they go on the return or in a separate
 * notification is worked out from them and the return's box 6 whenever the return is read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('return_error_correction')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('return_id', 'varchar(36)', (column) => column.notNull())
    .addColumn('data', 'text', (column) => column.notNull())
    .addColumn('created_by', 'varchar(64)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('return_error_correction_by_return')
    .on('return_error_correction')
    .columns(['owner_id', 'return_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('return_error_correction').execute();
}
