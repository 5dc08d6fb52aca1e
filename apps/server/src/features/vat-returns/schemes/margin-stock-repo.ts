import type { MarginStockItemInput, StoredMarginStockItem } from '@vatwise/domain';
import type { Kysely, Selectable } from 'kysely';
import crypto from 'node:crypto';
import type { Database, MarginStockItemTable } from '../../../db/schema';

/** PostgreSQL reads bigint back as a string; SQLite as a number. */
const pence = (value: number | string) => Number(value);

function itemOf(row: Selectable<MarginStockItemTable>): StoredMarginStockItem {
  return {
    id: row.id,
    vrn: row.vrn,
    stockNumber: row.stock_number,
    description: row.description,
    purchaseDate: row.purchase_date,
    purchasePricePence: pence(row.purchase_price_pence),
    seller: row.seller,
    saleDate: row.sale_date,
    salePricePence: row.sale_price_pence === null ? null : pence(row.sale_price_pence),
    buyer: row.buyer ?? '',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const columnsOf = (input: MarginStockItemInput) => ({
  stock_number: input.stockNumber,
  description: input.description,
  purchase_date: input.purchaseDate,
  purchase_price_pence: input.purchasePricePence,
  seller: input.seller,
  sale_date: input.saleDate,
  sale_price_pence: input.salePricePence,
  buyer: input.buyer === '' ? null : input.buyer,
});

/** SQL for the margin scheme stock book. Every query names the owner (the workspace), as the records do. */
export class MarginStockRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The business's items, or those bought or sold within `range`; by purchase date, then stock number. */
  async items(ownerId: string, vrn: string, range?: { from: string; to: string }): Promise<StoredMarginStockItem[]> {
    let query = this.db
      .selectFrom('margin_stock_item')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .where('deleted_at', 'is', null);
    if (range) {
      query = query.where((eb) =>
        eb.or([
          eb.and([eb('purchase_date', '>=', range.from), eb('purchase_date', '<=', range.to)]),
          eb.and([eb('sale_date', '>=', range.from), eb('sale_date', '<=', range.to)]),
        ]),
      );
    }
    const rows = await query.orderBy('purchase_date').orderBy('stock_number').execute();
    return rows.map(itemOf);
  }

  /** The item, deleted or not, if it is the workspace's. */
  async item(ownerId: string, id: string): Promise<(StoredMarginStockItem & { deleted: boolean }) | null> {
    const row = await this.db
      .selectFrom('margin_stock_item')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { ...itemOf(row), deleted: row.deleted_at !== null } : null;
  }

  /** Whether another live item of the business has the stock number (a deleted one gives it up). */
  async numberTaken(ownerId: string, vrn: string, stockNumber: string, exceptId?: string): Promise<boolean> {
    let query = this.db
      .selectFrom('margin_stock_item')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .where('stock_number', '=', stockNumber)
      .where('deleted_at', 'is', null);
    if (exceptId) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /**
   * Adds the item; null when its stock number is taken (the unique constraint decides, so two adds at
   * once cannot both have it). A deleted item holding the number is dropped for good first.
   */
  async add(ownerId: string, vrn: string, input: MarginStockItemInput, now: string): Promise<string | null> {
    const id = crypto.randomUUID();
    const inserted = await this.db.transaction().execute(async (trx) => {
      await this.dropDeleted(trx, ownerId, vrn, input.stockNumber);
      return trx
        .insertInto('margin_stock_item')
        .values({ id, owner_id: ownerId, vrn, ...columnsOf(input), created_at: now, updated_at: now, deleted_at: null })
        .onConflict((conflict) => conflict.columns(['owner_id', 'vrn', 'stock_number']).doNothing())
        .executeTakeFirst();
    });
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1 ? id : null;
  }

  /** Replaces a live item's line; false when there is no such item. */
  async update(ownerId: string, id: string, vrn: string, input: MarginStockItemInput, now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await this.dropDeleted(trx, ownerId, vrn, input.stockNumber);
      const result = await trx
        .updateTable('margin_stock_item')
        .set({ ...columnsOf(input), updated_at: now })
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
  }

  /** Deletes (a time) or restores (null) an item; false when there is no such item in that state. */
  async setDeleted(ownerId: string, id: string, deletedAt: string | null): Promise<boolean> {
    const result = await this.db
      .updateTable('margin_stock_item')
      .set({ deleted_at: deletedAt })
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .where('deleted_at', deletedAt === null ? 'is not' : 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private async dropDeleted(trx: Kysely<Database>, ownerId: string, vrn: string, stockNumber: string) {
    await trx
      .deleteFrom('margin_stock_item')
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .where('stock_number', '=', stockNumber)
      .where('deleted_at', 'is not', null)
      .execute();
  }
}
