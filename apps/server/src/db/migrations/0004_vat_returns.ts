import type { Kysely } from 'kysely';

/**
 * VAT returns: the digital records a return is built from (each as validated JSON), the returns
 * themselves with what was sent, the receipts HMRC gave (only ever inserted), the imports with
 * their file's name, size and SHA-256 (the digital link), and the column mapping each user's VRN
 * last used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vat_record')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('vrn', 'varchar(9)', (column) => column.notNull())
    .addColumn('date', 'varchar(10)', (column) => column.notNull())
    .addColumn('data', 'text', (column) => column.notNull())
    .addColumn('import_id', 'varchar(36)')
    .addColumn('import_row', 'integer')
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .addColumn('deleted_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('vat_record_owner_vrn_date')
    .on('vat_record')
    .columns(['owner_id', 'vrn', 'date'])
    .execute();

  await db.schema
    .createTable('vat_return')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('vrn', 'varchar(9)', (column) => column.notNull())
    .addColumn('period_key', 'varchar(4)', (column) => column.notNull())
    .addColumn('period_start', 'varchar(10)', (column) => column.notNull())
    .addColumn('period_end', 'varchar(10)', (column) => column.notNull())
    .addColumn('due', 'varchar(10)', (column) => column.notNull())
    .addColumn('status', 'varchar(12)', (column) => column.notNull())
    .addColumn('idempotency_key', 'varchar(36)', (column) => column.notNull().unique())
    .addColumn('flat_rate', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_body', 'text')
    .addColumn('sent_boxes', 'text')
    .addColumn('sent_fraud_headers', 'text')
    .addColumn('sent_by', 'text')
    .addColumn('attempt_started_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(30)', (column) => column.notNull())
    .addUniqueConstraint('vat_return_owner_period', ['owner_id', 'vrn', 'period_key'])
    .execute();

  await db.schema
    .createTable('vat_receipt')
    .addColumn('return_id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('vrn', 'varchar(9)', (column) => column.notNull())
    .addColumn('period_key', 'varchar(4)', (column) => column.notNull())
    .addColumn('data', 'text', (column) => column.notNull())
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('vat_import')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('vrn', 'varchar(9)', (column) => column.notNull())
    .addColumn('return_id', 'varchar(36)', (column) => column.notNull())
    .addColumn('kind', 'varchar(20)', (column) => column.notNull())
    .addColumn('file_name', 'varchar(255)', (column) => column.notNull())
    .addColumn('size_bytes', 'integer', (column) => column.notNull())
    .addColumn('sha256', 'varchar(64)', (column) => column.notNull())
    .addColumn('rows_used', 'text', (column) => column.notNull())
    .addColumn('imported_at', 'varchar(30)', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('import_mapping')
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('vrn', 'varchar(9)', (column) => column.notNull())
    .addColumn('kind', 'varchar(20)', (column) => column.notNull())
    .addColumn('mapping', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('import_mapping_pk', ['owner_id', 'vrn', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['import_mapping', 'vat_import', 'vat_receipt', 'vat_return', 'vat_record']) {
    await db.schema.dropTable(table).execute();
  }
}
