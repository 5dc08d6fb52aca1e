import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * A return HMRC already holds with other figures ("settle by evidence"): what HMRC holds
 * is kept beside our draft as JSON ({ boxes, foundAt }), and the status column is widened for
 * 'filed_elsewhere' (PostgreSQL enforces varchar lengths; SQLite does not).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vat_return').addColumn('hmrc_return', 'text').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema
      .alterTable('vat_return')
      .alterColumn('status', (column) => column.setDataType('varchar(20)'))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vat_return').dropColumn('hmrc_return').execute();
}
