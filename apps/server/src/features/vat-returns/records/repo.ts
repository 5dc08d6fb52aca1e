import crypto from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import {
  boxFactsOfKey,
  type CashBasis,
  descriptionOrder,
  type BoxableRecord,
  type RecordGroup,
  type RecordSortKey,
  type VatRecord,
  type VatRecordInput,
} from '@vatwise/domain';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../../../db/schema';
import {
  amountColumns,
  amountSplit,
  columnsOf,
  type DayBookPosition,
  inDayBookOrder,
  liveRecords,
  periodRecords,
  recordColumns,
  recordColumnTypes,
  toRecord,
  unpaidInvoices,
} from './record-sql';

/** SQL for a business's VAT records (vat_record). Every query names the owner, so nobody reaches another user's rows. */
export class RecordRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Under cash accounting, the sales and purchases invoiced from `cash.invoicedFrom` to the period's
   * end that were not paid by then: not in the return (they count in the period they are paid).
   */
  async unpaidCount(ownerId: string, vrn: string, to: string, cash: CashBasis): Promise<number> {
    // Leaving the scheme in the period brings every unpaid invoice into its return.
    if (cash.leavesOn) return 0;
    const row = await unpaidInvoices(this.db, ownerId, vrn, to, cash)
      .select((eb) => eb.fn.countAll<number | string>().as('unpaid'))
      .executeTakeFirst();
    return Number(row?.unpaid ?? 0);
  }

  /** The live records of a VRN dated from..to (inclusive), oldest first. */
  async records(ownerId: string, vrn: string, from: string, to: string): Promise<VatRecord[]> {
    const rows = await periodRecords(this.db, ownerId, vrn, from, to).select(recordColumns).execute();
    return rows.map((row) => toRecord(row, vrn));
  }

  /**
   * The period's records grouped by their box facts (box_key) and the part of the period they are
   * dated in (`partEnds`: the last day of each part but the last; none off the flat rate scheme),
   * with their amounts summed: the nine boxes of 100,000 records from a few dozen rows.
   */
  async boxGroups(
    ownerId: string,
    vrn: string,
    from: string,
    to: string,
    partEnds: string[],
    cash: CashBasis | null = null,
  ): Promise<RecordGroup[]> {
    // Under cash accounting a record is in the part of the period it counts on.
    const day = sql.ref(cash ? 'cash_date' : 'date');
    const part =
      partEnds.length === 0
        ? sql<number>`0`
        : sql<number>`case ${sql.join(
            partEnds.map((end, index) => sql`when ${day} <= ${end} then ${sql.lit(index)}`),
            sql` `,
          )} else ${sql.lit(partEnds.length)} end`;
    const rows = await liveRecords(this.db, ownerId, vrn, from, to, cash)
      .select([
        'box_key',
        part.as('part'),
        (eb) => eb.fn.countAll<number | string>().as('records'),
        // In two halves, as text: SQLite's integer sum stops at 2^63 (1,025 records of 2^53 pence
        // pass it) and JavaScript's numbers at 2^53; each half's sum stays far below both.
        sql<string | null>`cast(sum(net_pence / ${sql.lit(amountSplit)}) as text)`.as('netHigh'),
        sql<string | null>`cast(sum(net_pence % ${sql.lit(amountSplit)}) as text)`.as('netLow'),
        sql<string | null>`cast(sum(vat_pence / ${sql.lit(amountSplit)}) as text)`.as('vatHigh'),
        sql<string | null>`cast(sum(vat_pence % ${sql.lit(amountSplit)}) as text)`.as('vatLow'),
      ])
      // By the output's name: PostgreSQL would not see the expression, its parameters numbered anew,
      // as the one selected; and a constant would name a column by its position, so none off the scheme.
      .groupBy(partEnds.length === 0 ? ['box_key'] : ['box_key', sql`part`])
      .execute();
    return rows.map((row) => {
      const facts = boxFactsOfKey(row.box_key);
      const split = BigInt(amountSplit);
      const net = BigInt(row.netHigh ?? 0) * split + BigInt(row.netLow ?? 0);
      const vat = BigInt(row.vatHigh ?? 0) * split + BigInt(row.vatLow ?? 0);
      const oneBox = facts.kind === 'adjustment' || facts.kind === 'boxTotal';
      return {
        ...facts,
        part: Number(row.part),
        records: Number(row.records),
        // An adjustment's amount is kept as net or as VAT by its box (recordAmounts): as net here.
        netPence: oneBox ? net + vat : net,
        vatPence: oneBox ? 0n : vat,
        recordId: null,
      };
    });
  }

  /** The first `limit` records of the period, in day-book order, whose box facts are one of `boxKeys`. */
  async recordsWithKeys(
    ownerId: string,
    vrn: string,
    period: { from: string; to: string; cash?: CashBasis | null },
    boxKeys: readonly string[],
    limit: number,
  ): Promise<BoxableRecord[]> {
    if (boxKeys.length === 0) return [];
    const rows = await periodRecords(this.db, ownerId, vrn, period.from, period.to, period.cash)
      .where('box_key', 'in', boxKeys)
      .select(['id', 'data'])
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...(JSON.parse(row.data) as VatRecordInput), id: row.id }));
  }

  /**
   * The next `limit` records of the period after `after` in day-book order, whose box facts are one
   * of `boxKeys`, with where each came from: the audit report reads a box of any size page by page,
   * each page found by its position (keyset), so the last page costs what the first does.
   */
  async recordsWithKeysAfter(
    ownerId: string,
    vrn: string,
    period: { from: string; to: string; cash: CashBasis | null },
    boxKeys: readonly string[],
    after: DayBookPosition | null,
    limit: number,
  ): Promise<VatRecord[]> {
    if (boxKeys.length === 0) return [];
    let query = periodRecords(this.db, ownerId, vrn, period.from, period.to, period.cash).where(
      'box_key',
      'in',
      boxKeys,
    );
    if (after) {
      query = query.where(
        sql<boolean>`(date, created_at, coalesce(import_row, 0), id) > (${after.date}, ${after.createdAt}, ${after.importRow}, ${after.id})`,
      );
    }
    const rows = await query.select(recordColumns).limit(limit).execute();
    return rows.map((row) => toRecord(row, vrn));
  }
  /**
   * One page of the period's records: those whose box facts are one of `boxKeys` (when given) and
   * whose search text holds every word, sorted by the column (ties in day-book order).
   */
  async recordPage(
    ownerId: string,
    vrn: string,
    period: { from: string; to: string; cash?: CashBasis | null },
    query: {
      /** Under cash accounting: the unpaid invoices (unpaidCount) instead of the return's records. */
      unpaid?: boolean;
      boxKeys?: readonly string[] | undefined;
      words: readonly string[];
      sort: RecordSortKey;
      order: 'asc' | 'desc';
      page: number;
      pageSize: number;
    },
  ): Promise<{ records: VatRecord[]; total: number; page: number }> {
    const { boxKeys, words } = query;
    if (boxKeys?.length === 0) return { records: [], total: 0, page: 1 };
    // No unpaid invoices wait off cash accounting, nor once the business leaves it in the period.
    const cash = period.cash ?? null;
    if (query.unpaid && (!cash || cash.leavesOn)) return { records: [], total: 0, page: 1 };
    let chosen =
      query.unpaid && cash
        ? unpaidInvoices(this.db, ownerId, vrn, period.to, cash)
        : liveRecords(this.db, ownerId, vrn, period.from, period.to, cash);
    if (boxKeys) chosen = chosen.where('box_key', 'in', boxKeys);
    for (const word of words) {
      chosen = chosen.where(sql<boolean>`search_text like ${`%${word.replace(/[\\%_]/g, '\\$&')}%`} escape '\\'`);
    }
    const counted = await chosen.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst();
    const total = Number(counted?.total ?? 0);
    const page = Math.min(query.page, Math.max(1, Math.ceil(total / query.pageSize)));
    const offset = (page - 1) * query.pageSize;

    if (query.sort === 'description') {
      // In English order with numbers by value (descriptionOrder), which SQL's collations do not
      // share: sorted here from the descriptions alone, then the page's records read.
      const all = await inDayBookOrder(chosen).select(['id', 'description']).execute();
      const direction = query.order === 'desc' ? -1 : 1;
      all.sort((a, b) => descriptionOrder.compare(a.description, b.description) * direction);
      const ids = all.slice(offset, offset + query.pageSize).map((row) => row.id);
      const rows =
        ids.length === 0
          ? []
          : await this.db
              .selectFrom('vat_record')
              .select(recordColumns)
              .where('owner_id', '=', ownerId)
              .where('id', 'in', ids)
              .execute();
      const byId = new Map(rows.map((row) => [row.id, toRecord(row, vrn)]));
      return { records: ids.flatMap((id) => byId.get(id) ?? []), total, page };
    }

    const sorted =
      query.sort === 'date'
        ? inDayBookOrder(chosen, query.order)
        : // An amount column: records without that amount go last whichever the order.
          inDayBookOrder(
            chosen
              .orderBy(sql`${sql.ref(amountColumns[query.sort])} is null`)
              .orderBy(amountColumns[query.sort], query.order),
          );
    const rows = await sorted.select(recordColumns).limit(query.pageSize).offset(offset).execute();
    return { records: rows.map((row) => toRecord(row, vrn)), total, page };
  }

  async record(ownerId: string, id: string, includeDeleted = false): Promise<VatRecord | undefined> {
    let query = this.db.selectFrom('vat_record').selectAll().where('owner_id', '=', ownerId).where('id', '=', id);
    if (!includeDeleted) query = query.where('deleted_at', 'is', null);
    const row = await query.executeTakeFirst();
    return row ? toRecord(row, row.vrn) : undefined;
  }

  async insertRecords(
    ownerId: string,
    vrn: string,
    records: { input: VatRecordInput; importId?: string; importRow?: number }[],
    now: string,
  ): Promise<string[]> {
    const rows = records.map(({ input, importId, importRow }) => ({
      id: crypto.randomUUID(),
      owner_id: ownerId,
      vrn,
      date: input.date,
      data: JSON.stringify(input),
      import_id: importId ?? null,
      import_row: importRow ?? null,
      created_at: now,
      deleted_at: null,
      ...columnsOf(input),
    }));
    if (rows.length === 0) return [];
    if (this.db.getExecutor().adapter instanceof PostgresAdapter) {
      // One array per column, unnested into rows: 14 parameters a statement instead of 14 a row,
      // so PostgreSQL parses and binds far less and Kysely builds a small query (100,000 rows
      // took 10 s in statements of 1,000 rows).
      for (let start = 0; start < rows.length; start += 5000) {
        const chunk = rows.slice(start, start + 5000);
        const columns = sql.join(recordColumnTypes.map(([column]) => sql.ref(column)));
        const arrays = sql.join(
          recordColumnTypes.map(([column, type]) => sql`${chunk.map((row) => row[column])}::${sql.raw(type)}[]`),
        );
        await sql`insert into vat_record (${columns}) select * from unnest(${arrays})`.execute(this.db);
      }
      return rows.map((row) => row.id);
    }
    // In statements of 1,000 rows (14,000 values): under SQLite's 32,766 bound values per
    // statement, and few enough statements for 100,000 rows to take seconds.
    for (let start = 0; start < rows.length; start += 1000) {
      await this.db
        .insertInto('vat_record')
        .values(rows.slice(start, start + 1000))
        .execute();
      // SQLite runs each statement synchronously: let other requests in between them.
      await setImmediate();
    }
    return rows.map((row) => row.id);
  }

  /**
   * Takes PostgreSQL's statistics of the records again, so its planner sees a large import at once
   * instead of at autovacuum's next round. SQLite's plans for these queries follow the indexes.
   */
  async refreshRecordStatistics(): Promise<void> {
    if (this.db.getExecutor().adapter instanceof PostgresAdapter) await sql`analyze vat_record`.execute(this.db);
  }

  async updateRecord(ownerId: string, id: string, input: VatRecordInput): Promise<boolean> {
    const result = await this.db
      .updateTable('vat_record')
      .set({ date: input.date, data: JSON.stringify(input), ...columnsOf(input) })
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Deletion can be undone: the record is only marked. */
  async setRecordDeleted(ownerId: string, id: string, deletedAt: string | null): Promise<boolean> {
    const result = await this.db
      .updateTable('vat_record')
      .set({ deleted_at: deletedAt })
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
