import type { Kysely } from 'kysely';

/**
 * Paying HMRC from VAT Wise (docs/paying-hmrc.md): each Initiate payment journey a workspace
 * started, what it pays, how HMRC says it ended, and when the payment showed in HMRC's payments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_journey')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('vrn', 'varchar(9)', (column) => column.notNull())
    .addColumn('journey_id', 'varchar(100)', (column) => column.notNull())
    .addColumn('kind', 'varchar(16)', (column) => column.notNull())
    .addColumn('reference', 'varchar(30)', (column) => column.notNull())
    .addColumn('amount_pence', 'bigint', (column) => column.notNull())
    .addColumn('started_by_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('started_by_name', 'text', (column) => column.notNull())
    .addColumn('started_at', 'varchar(30)', (column) => column.notNull())
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('status_checked_at', 'varchar(30)')
    .addColumn('paid_amount_pence', 'bigint')
    .addColumn('reconciled_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('payment_journey_by_vrn')
    .on('payment_journey')
    .columns(['owner_id', 'vrn', 'started_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_journey').execute();
}
