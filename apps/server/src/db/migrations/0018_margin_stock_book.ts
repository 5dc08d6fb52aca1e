import type { Kysely } from 'kysely';

/**
 * The margin scheme stock book (VAT Notice 718): one row per second-hand item, owned by the
 * workspace as the records are, with its purchase and (once sold) its sale. A stock number is the
 * business's own, used once. Prices are pence, VAT included; bigint, so sums stay exact. A deleted
 * item keeps its row until its deletion is undone or its number is used again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('margin_stock_item')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('vrn', 'varchar(9)', (column) => column.notNull())
    .addColumn('stock_number', 'varchar(40)', (column) => column.notNull())
    .addColumn('description', 'varchar(200)', (column) => column.notNull())
    .addColumn('purchase_date', 'varchar(10)', (column) => column.notNull())
    .addColumn('purchase_price_pence', 'bigint', (column) => column.notNull())
    .addColumn('seller', 'varchar(120)', (column) => column.notNull())
    .addColumn('sale_date', 'varchar(10)')
    .addColumn('sale_price_pence', 'bigint')
    .addColumn('buyer', 'varchar(120)')
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(30)', (column) => column.notNull())
    .addColumn('deleted_at', 'varchar(30)')
    .addUniqueConstraint('margin_stock_item_number', ['owner_id', 'vrn', 'stock_number'])
    .execute();
  // The period's figures read the items bought or sold in it.
  await db.schema
    .createIndex('margin_stock_item_purchase')
    .on('margin_stock_item')
    .columns(['owner_id', 'vrn', 'purchase_date'])
    .execute();
  await db.schema
    .createIndex('margin_stock_item_sale')
    .on('margin_stock_item')
    .columns(['owner_id', 'vrn', 'sale_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('margin_stock_item').execute();
}
