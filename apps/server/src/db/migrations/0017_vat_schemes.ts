import { boxFactsOfKey, countsWhenPaid } from '@vatwise/domain';
import type { Kysely } from 'kysely';

/**
 * The VAT schemes a business is on, each from a date: one row per scheme and spell, owned
 * by the workspace as its records are. And beside each record the day it counts on under cash
 * accounting (VAT Notice 731): its payment date for a sale or purchase that counts when paid (null
 * while unpaid; no record has one yet), else its own date, filled in here by its box facts.
 */
interface RecordTable {
  vat_record: { date: string; box_key: string; cash_date: string | null };
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  await untyped.schema
    .createTable('vat_scheme')
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('vrn', 'varchar(9)', (column) => column.notNull())
    .addColumn('scheme', 'varchar(32)', (column) => column.notNull())
    .addColumn('starts_on', 'varchar(10)', (column) => column.notNull())
    .addColumn('ends_on', 'varchar(10)')
    .addPrimaryKeyConstraint('vat_scheme_key', ['owner_id', 'vrn', 'scheme', 'starts_on'])
    .execute();

  const db = untyped as unknown as Kysely<RecordTable>;
  await db.schema.alterTable('vat_record').addColumn('cash_date', 'varchar(10)').execute();
  const keys = await db.selectFrom('vat_record').select('box_key').distinct().execute();
  for (const { box_key: key } of keys) {
    if (countsWhenPaid(boxFactsOfKey(key))) continue;
    await db
      .updateTable('vat_record')
      .set((eb) => ({ cash_date: eb.ref('date') }))
      .where('box_key', '=', key)
      .execute();
  }
}

export async function down(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<RecordTable>;
  await db.schema.alterTable('vat_record').dropColumn('cash_date').execute();
  await untyped.schema.dropTable('vat_scheme').execute();
}
