import { recordColumnsOf, type VatRecordInput } from '@vatwise/domain';
import type { Kysely } from 'kysely';

/**
 * Beside each record's JSON, what a period's boxes, pages, sorts and searches need in SQL (so that
 * the nine boxes of 100,000 records take 300 ms, and a page of them without reading the rest): the box
 * facts as a key (boxGroupKey), the net and VAT columns' amounts, the description and the search
 * text. Existing records are filled in here, a thousand at a time.
 */
interface RecordTable {
  vat_record: {
    id: string;
    data: string;
    box_key: string | null;
    net_pence: number | null;
    vat_pence: number | null;
    description: string | null;
    search_text: string | null;
  };
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<RecordTable>;
  // One column per statement: SQLite adds one at a time. Amounts are bigint: sums stay exact.
  await db.schema.alterTable('vat_record').addColumn('box_key', 'varchar(64)').execute();
  await db.schema.alterTable('vat_record').addColumn('net_pence', 'bigint').execute();
  await db.schema.alterTable('vat_record').addColumn('vat_pence', 'bigint').execute();
  await db.schema.alterTable('vat_record').addColumn('description', 'text').execute();
  await db.schema.alterTable('vat_record').addColumn('search_text', 'text').execute();

  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('vat_record')
      .select(['id', 'data'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    for (const row of rows) {
      const columns = recordColumnsOf(JSON.parse(row.data) as VatRecordInput);
      await db
        .updateTable('vat_record')
        .set({
          box_key: columns.boxKey,
          net_pence: columns.netPence,
          vat_pence: columns.vatPence,
          description: columns.description,
          search_text: columns.searchText,
        })
        .where('id', '=', row.id)
        .execute();
    }
    const last = rows.at(-1);
    if (!last) break;
    after = last.id;
  }
}

export async function down(untyped: Kysely<unknown>): Promise<void> {
  for (const column of ['search_text', 'description', 'vat_pence', 'net_pence', 'box_key']) {
    await untyped.schema.alterTable('vat_record').dropColumn(column).execute();
  }
}
