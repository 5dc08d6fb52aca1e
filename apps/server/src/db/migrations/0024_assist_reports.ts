import type { Kysely } from 'kysely';

/**
 * HMRC Assist for VAT (docs/hmrc-assist-flow.md): each report HMRC gave on a draft's figures, or
 * the failure to get one, with its messages verbatim (JSON text) and when they were shown and
 * acknowledged. One row per request; a report is reused while the figures keep its fingerprint.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('assist_report')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('owner_id', 'text', (column) => column.notNull())
    .addColumn('vrn', 'text', (column) => column.notNull())
    .addColumn('return_id', 'text', (column) => column.notNull())
    .addColumn('boxes_fingerprint', 'text', (column) => column.notNull())
    .addColumn('period_key', 'text', (column) => column.notNull())
    // 'ok' (HMRC's report) or 'unavailable' (HMRC gave none: `error` says why).
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('error', 'text')
    .addColumn('report_id', 'text')
    .addColumn('correlation_id', 'text')
    .addColumn('english', 'text', (column) => column.notNull())
    .addColumn('welsh', 'text', (column) => column.notNull())
    .addColumn('requested_at', 'text', (column) => column.notNull())
    .addColumn('requested_by_id', 'text', (column) => column.notNull())
    .addColumn('requested_by_name', 'text', (column) => column.notNull())
    .addColumn('presented_at', 'text')
    .addColumn('acknowledged_at', 'text')
    .addColumn('acknowledged_by_id', 'text')
    .addColumn('acknowledged_by_name', 'text')
    .execute();
  await db.schema
    .createIndex('assist_report_return')
    .on('assist_report')
    .columns(['owner_id', 'return_id', 'requested_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('assist_report').execute();
}
