import crypto from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import {
  boxFactsOfKey,
  type CashBasis,
  descriptionOrder,
  type FlatRateSettings,
  flatRateSettingsSchema,
  type BoxableRecord,
  type RecordGroup,
  recordColumnsOf,
  type RecordSortKey,
  type ImportKind,
  type ImportRecord,
  rowRunsOf,
  type FiledElsewhere,
  type NineBoxes,
  type Receipt,
  type ReturnStatus,
  type VatRecord,
  type VatRecordInput,
} from '@vatwise/domain';
import { type Kysely, PostgresAdapter, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import type { Database, ReturnNoteTable, VatRecordTable, VatReturnTable } from '../../db/schema';

export type ReturnRow = Selectable<VatReturnTable>;

export interface LastError {
  message: string;
  code: string | null;
  hmrcCodes: string[];
}

export interface SentBy {
  id: string;
  email: string;
  name: string;
  /** The tax agent's ARN when the return was filed through an agent's authority (agent declaration). */
  agentArn?: string | null;
}

/** What a record is read with: its data and where it came from. */
const recordColumns = ['id', 'data', 'created_at', 'import_id', 'import_row'] as const;
type RecordColumns = Pick<Selectable<Database['vat_record']>, (typeof recordColumns)[number]>;

/** The column an amount sort orders by. */
const amountColumns = { net: 'net_pence', vat: 'vat_pence' } as const;

/** Amounts are summed in SQL as the sums of their quotients and remainders by this. */
const amountSplit = 1_000_000_000;

/** The columns kept beside a record's JSON for SQL (recordColumnsOf). */
/**
 * An import's rows that became records, as stored: runs [first, last] since stop 27, each row's
 * number before that.
 */
export function rowsUsedOf(stored: string): Pick<ImportRecord, 'rowRuns' | 'rowCount'> {
  const value = JSON.parse(stored) as number[] | [number, number][];
  const rowRuns = value.every((item) => typeof item === 'number')
    ? rowRunsOf(value as number[])
    : (value as [number, number][]);
  return { rowRuns, rowCount: rowRuns.reduce((count, [first, last]) => count + last - first + 1, 0) };
}

function columnsOf(input: VatRecordInput) {
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
const recordColumnTypes = Object.entries({
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
function inDayBookOrder<O>(
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

/** SQL for VAT returns. Every query names the owner, so nobody reaches another user's rows. */
export class VatReturnRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repo: VatReturnRepo) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new VatReturnRepo(trx)));
  }

  // --- records --------------------------------------------------------------------------------

  private toRecord(row: RecordColumns, vrn: string): VatRecord {
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
  private live(ownerId: string, vrn: string, from: string, to: string, cash: CashBasis | null = null) {
    const mine = this.db
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
  private period(ownerId: string, vrn: string, from: string, to: string, cash: CashBasis | null = null) {
    return inDayBookOrder(this.live(ownerId, vrn, from, to, cash));
  }

  /**
   * Under cash accounting, the sales and purchases invoiced from `cash.invoicedFrom` to the period's
   * end that were not paid by then: not in the return (they count in the period they are paid).
   */
  async unpaidCount(ownerId: string, vrn: string, to: string, cash: CashBasis): Promise<number> {
    // Leaving the scheme in the period brings every unpaid invoice into its return.
    if (cash.leavesOn) return 0;
    const row = await this.unpaid(ownerId, vrn, to, cash)
      .select((eb) => eb.fn.countAll<number | string>().as('unpaid'))
      .executeTakeFirst();
    return Number(row?.unpaid ?? 0);
  }

  /** The invoices unpaidCount counts: of the scheme, invoiced by `to` and not paid by then. */
  private unpaid(ownerId: string, vrn: string, to: string, cash: CashBasis) {
    return this.db
      .selectFrom('vat_record')
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .where('deleted_at', 'is', null)
      .where('date', '>=', cash.invoicedFrom)
      .where('date', '<=', to)
      .where((eb) => eb.or([eb('cash_date', 'is', null), eb('cash_date', '>', to)]));
  }

  /** The live records of a VRN dated from..to (inclusive), oldest first. */
  async records(ownerId: string, vrn: string, from: string, to: string): Promise<VatRecord[]> {
    const rows = await this.period(ownerId, vrn, from, to).select(recordColumns).execute();
    return rows.map((row) => this.toRecord(row, vrn));
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
    const rows = await this.live(ownerId, vrn, from, to, cash)
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
    const rows = await this.period(ownerId, vrn, period.from, period.to, period.cash)
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
    let query = this.period(ownerId, vrn, period.from, period.to, period.cash).where('box_key', 'in', boxKeys);
    if (after) {
      query = query.where(
        sql<boolean>`(date, created_at, coalesce(import_row, 0), id) > (${after.date}, ${after.createdAt}, ${after.importRow}, ${after.id})`,
      );
    }
    const rows = await query.select(recordColumns).limit(limit).execute();
    return rows.map((row) => this.toRecord(row, vrn));
  }

  /** The names of a VRN's imported files, by import id (the audit report's digital links). */
  async importFileNames(ownerId: string, vrn: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('vat_import')
      .select(['id', 'file_name'])
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .execute();
    return new Map(rows.map((row) => [row.id, row.file_name]));
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
        ? this.unpaid(ownerId, vrn, period.to, cash)
        : this.live(ownerId, vrn, period.from, period.to, cash);
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
      const byId = new Map(rows.map((row) => [row.id, this.toRecord(row, vrn)]));
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
    return { records: rows.map((row) => this.toRecord(row, vrn)), total, page };
  }

  async record(ownerId: string, id: string, includeDeleted = false): Promise<VatRecord | undefined> {
    let query = this.db.selectFrom('vat_record').selectAll().where('owner_id', '=', ownerId).where('id', '=', id);
    if (!includeDeleted) query = query.where('deleted_at', 'is', null);
    const row = await query.executeTakeFirst();
    return row ? this.toRecord(row, row.vrn) : undefined;
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

  // --- returns --------------------------------------------------------------------------------

  async insertReturn(row: ReturnRow): Promise<void> {
    await this.db.insertInto('vat_return').values(row).execute();
  }

  returnById(ownerId: string, id: string): Promise<ReturnRow | undefined> {
    return this.db
      .selectFrom('vat_return')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  returnForPeriod(ownerId: string, vrn: string, periodKey: string): Promise<ReturnRow | undefined> {
    return this.db
      .selectFrom('vat_return')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .where('period_key', '=', periodKey)
      .executeTakeFirst();
  }

  returns(ownerId: string, vrn: string): Promise<ReturnRow[]> {
    return this.db
      .selectFrom('vat_return')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .orderBy('period_start', 'desc')
      .execute();
  }

  /** Returns whose submission's outcome is not known: sent (or about to be) when the process stopped. */
  unsettledReturns(): Promise<ReturnRow[]> {
    return this.db.selectFrom('vat_return').selectAll().where('status', 'in', ['submitting', 'unknown']).execute();
  }

  async setFlatRate(ownerId: string, id: string, flatRate: FlatRateSettings | null, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('vat_return')
      .set({ flat_rate: flatRate ? JSON.stringify(flatRate) : null, updated_at: now })
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .where('status', 'in', ['draft', 'failed'])
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * The review columns of an open return (draft or failed): who marked it ready, who approved
   * which boxes. A sent return's review is history and stays as it was.
   */
  async setReview(
    ownerId: string,
    id: string,
    review: Partial<
      Pick<
        ReturnRow,
        | 'ready_by'
        | 'ready_by_name'
        | 'ready_at'
        | 'approved_by'
        | 'approved_by_name'
        | 'approved_at'
        | 'approved_boxes'
      >
    >,
    now: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('vat_return')
      .set({ ...review, updated_at: now })
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .where('status', 'in', ['draft', 'failed'])
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async addNote(row: Selectable<ReturnNoteTable>): Promise<void> {
    await this.db.insertInto('return_note').values(row).execute();
  }

  notes(ownerId: string, returnId: string): Promise<Selectable<ReturnNoteTable>[]> {
    return this.db
      .selectFrom('return_note')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('return_id', '=', returnId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async deleteDraft(ownerId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('vat_return')
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .where('status', 'in', ['draft', 'failed'])
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /**
   * Claims the return for one submission: draft or failed -> submitting, with exactly what will be
   * sent, written before it is sent. One conditional statement, so of two clicks, two tabs or two
   * servers only one wins; the other sends nothing.
   */
  async claimForSubmission(
    id: string,
    sent: { body: string; boxes: NineBoxes; fraudHeaders: Record<string, string>; by: SentBy },
    now: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('vat_return')
      .set({
        status: 'submitting',
        sent_body: sent.body,
        sent_boxes: JSON.stringify(sent.boxes),
        sent_fraud_headers: JSON.stringify(sent.fraudHeaders),
        sent_by: JSON.stringify(sent.by),
        attempt_started_at: now,
        last_error: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', 'in', ['draft', 'failed'])
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async setStatus(id: string, status: ReturnStatus, lastError: LastError | null, now: string): Promise<void> {
    await this.db
      .updateTable('vat_return')
      .set({ status, last_error: lastError ? JSON.stringify(lastError) : null, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** HMRC holds another return for the period: ours stays as it was sent, with HMRC's figures beside it. */
  async recordFiledElsewhere(id: string, hmrcBoxes: NineBoxes, lastError: LastError, now: string): Promise<void> {
    await this.db
      .updateTable('vat_return')
      .set({
        status: 'filed_elsewhere',
        hmrc_return: JSON.stringify({ boxes: hmrcBoxes, foundAt: now }),
        last_error: JSON.stringify(lastError),
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Stores the receipt and marks the return submitted, together. A receipt is never replaced. */
  async recordReceipt(row: ReturnRow, receipt: Receipt, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('vat_receipt')
        .select('return_id')
        .where('return_id', '=', row.id)
        .executeTakeFirst();
      if (!existing) {
        await trx
          .insertInto('vat_receipt')
          .values({
            return_id: row.id,
            owner_id: row.owner_id,
            vrn: row.vrn,
            period_key: row.period_key,
            data: JSON.stringify(receipt),
            created_at: now,
          })
          .execute();
      }
      await trx
        .updateTable('vat_return')
        .set({ status: 'submitted', last_error: null, updated_at: now })
        .where('id', '=', row.id)
        .execute();
    });
  }

  async receipt(returnId: string): Promise<Receipt | undefined> {
    const row = await this.db
      .selectFrom('vat_receipt')
      .select('data')
      .where('return_id', '=', returnId)
      .executeTakeFirst();
    return row ? (JSON.parse(row.data) as Receipt) : undefined;
  }

  // --- imports --------------------------------------------------------------------------------

  async insertImport(ownerId: string, vrn: string, record: ImportRecord): Promise<void> {
    await this.db
      .insertInto('vat_import')
      .values({
        id: record.id,
        owner_id: ownerId,
        vrn,
        return_id: record.draftId,
        kind: record.kind,
        file_name: record.fileName,
        size_bytes: record.sizeBytes,
        sha256: record.sha256,
        rows_used: JSON.stringify(record.rowRuns),
        imported_at: record.importedAt,
      })
      .execute();
  }

  async imports(ownerId: string, returnId: string): Promise<ImportRecord[]> {
    const rows = await this.db
      .selectFrom('vat_import')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('return_id', '=', returnId)
      .orderBy('imported_at')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      draftId: row.return_id,
      kind: row.kind as ImportKind,
      fileName: row.file_name,
      sizeBytes: row.size_bytes,
      sha256: row.sha256,
      ...rowsUsedOf(row.rows_used),
      importedAt: row.imported_at,
    }));
  }

  async mapping(ownerId: string, vrn: string, kind: ImportKind): Promise<unknown> {
    const row = await this.db
      .selectFrom('import_mapping')
      .select('mapping')
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return row ? (JSON.parse(row.mapping) as unknown) : undefined;
  }

  async saveMapping(ownerId: string, vrn: string, kind: ImportKind, mapping: unknown): Promise<void> {
    const text = JSON.stringify(mapping);
    await this.db
      .insertInto('import_mapping')
      .values({ owner_id: ownerId, vrn, kind, mapping: text })
      .onConflict((conflict) => conflict.columns(['owner_id', 'vrn', 'kind']).doUpdateSet({ mapping: text }))
      .execute();
  }
}

export function flatRateOf(row: ReturnRow): FlatRateSettings | null {
  return row.flat_rate ? flatRateSettingsSchema.parse(JSON.parse(row.flat_rate)) : null;
}

/** HMRC's figures beside ours, for a return HMRC holds with other figures (else null). */
export function filedElsewhereOf(row: ReturnRow): FiledElsewhere | null {
  if (row.status !== 'filed_elsewhere' || !row.hmrc_return || !row.sent_boxes) return null;
  const found = JSON.parse(row.hmrc_return) as { boxes: NineBoxes; foundAt: string };
  return { hmrcBoxes: found.boxes, ourBoxes: JSON.parse(row.sent_boxes) as NineBoxes, foundAt: found.foundAt };
}
