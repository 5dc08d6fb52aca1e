import { type CashBasis, recordColumnsOf, type VatRecord, type VatRecordInput } from '@vatwise/domain';
import { type Kysely, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import type { Database, VatRecordTable } from '../../../db/schema';

/** The SQL the records' queries share (repo.ts, the audit report's pages): columns, a period's records, day-book order. */

/** What a record is read with: its data and where it came from. */
export const recordColumns = ['id', 'data', 'created_at', 'import_id', 'import_row'] as const;
export type RecordColumns = Pick<Selectable<Database['vat_record']>, (typeof recordColumns)[number]>;

/** The column an amount sort orders by. */
export const amountColumns = { net: 'net_pence', vat: 'vat_pence' } as const;

/** Amounts are summed in SQL as the sums of their quotients and remainders by this. */
export const amountSplit = 1_000_000_000;

export function columnsOf(input: VatRecordInput) {
  const columns = recordColumnsOf(input);
  return {
    box_key: columns.boxKey,
    net_pence: columns.netPence,
    vat_pence: columns.vatPence,
    description: columns.description,
    search_text: columns.searchText,
    cash_date: columns.cashDate,
  };
}

/**
 * vat_record's columns and their PostgreSQL types, for inserting many rows as arrays; a column
 * added to the table must be added here (the type requires every one).
 */
export const recordColumnTypes = Object.entries({
  id: 'text',
  owner_id: 'text',
  vrn: 'text',
  date: 'text',
  data: 'text',
  import_id: 'text',
  import_row: 'integer',
  created_at: 'text',
  deleted_at: 'text',
  box_key: 'text',
  net_pence: 'bigint',
  vat_pence: 'bigint',
  description: 'text',
  search_text: 'text',
  cash_date: 'text',
} satisfies Record<keyof VatRecordTable, 'text' | 'integer' | 'bigint'>) as [keyof VatRecordTable, string][];

/**
 * Date order, then the order they were made, as in a day book (dayBookOrder in the domain): an
 * import's records share a time, so then the file's order, and the id for the rest.
 */
export function inDayBookOrder<O>(
  query: SelectQueryBuilder<Database, 'vat_record', O>,
  order: 'asc' | 'desc' = 'asc',
): SelectQueryBuilder<Database, 'vat_record', O> {
  return query
    .orderBy('date', order)
    .orderBy('created_at', order)
    .orderBy(sql`coalesce(import_row, 0)`, order)
    .orderBy('id', order);
}

/** Where a record stands in day-book order (inDayBookOrder), to read on from it. */
export interface DayBookPosition {
  date: string;
  createdAt: string;
  importRow: number;
  id: string;
}

export function toRecord(row: RecordColumns, vrn: string): VatRecord {
  // Only ever written as a checked VatRecordInput (the routes' vatRecordInputSchema, or the import's
  // parser): parsing it again on every read was a third of the time to read 100,000 records.
  // The parsed object is completed in place: copying 100,000 of them cost as much as reading them.
  const record = JSON.parse(row.data) as VatRecord;
  record.id = row.id;
  record.vrn = vrn;
  record.createdAt = row.created_at;
  record.source = row.import_id ? { importId: row.import_id, row: row.import_row ?? 0 } : null;
  return record;
}

/**
 * The live records of a VRN dated from..to (inclusive); under cash accounting (`cash`), those whose
 * cash date is from..to and that were invoiced from its first day (CashBasis). Off it the filter
 * stays on `date`, so SQLite's covering index (0015) serves it.
 */
export function liveRecords(
  db: Kysely<Database>,
  ownerId: string,
  vrn: string,
  from: string,
  to: string,
  cash: CashBasis | null = null,
) {
  const mine = db
    .selectFrom('vat_record')
    .where('owner_id', '=', ownerId)
    .where('vrn', '=', vrn)
    .where('deleted_at', 'is', null);
  if (!cash) return mine.where('date', '>=', from).where('date', '<=', to);
  const { invoicedFrom, leavesOn } = cash;
  if (leavesOn) {
    // Leaving the scheme in the period (isCountedIn): the scheme's invoices not counted before, then the invoice basis.
    return mine.where((eb) =>
      eb.or([
        eb.and([
          eb('date', '>=', invoicedFrom),
          eb('date', '<=', leavesOn),
          eb.or([eb('cash_date', 'is', null), eb('cash_date', '>=', from)]),
        ]),
        eb.and([eb('date', '>', leavesOn), eb('date', '<=', to)]),
      ]),
    );
  }
  return mine.where('cash_date', '>=', from).where('cash_date', '<=', to).where('date', '>=', invoicedFrom);
}

/** The live records of a VRN dated from..to (inclusive), in day-book order. */
export function periodRecords(
  db: Kysely<Database>,
  ownerId: string,
  vrn: string,
  from: string,
  to: string,
  cash: CashBasis | null = null,
) {
  return inDayBookOrder(liveRecords(db, ownerId, vrn, from, to, cash));
}

/** The invoices unpaidCount counts: of the scheme, invoiced by `to` and not paid by then. */
export function unpaidInvoices(db: Kysely<Database>, ownerId: string, vrn: string, to: string, cash: CashBasis) {
  return db
    .selectFrom('vat_record')
    .where('owner_id', '=', ownerId)
    .where('vrn', '=', vrn)
    .where('deleted_at', 'is', null)
    .where('date', '>=', cash.invoicedFrom)
    .where('date', '<=', to)
    .where((eb) => eb.or([eb('cash_date', 'is', null), eb('cash_date', '>', to)]));
}
