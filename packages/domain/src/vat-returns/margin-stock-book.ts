import { z } from 'zod';
import { vrnSchema } from '../hmrc/api';
import type { Assert, IdenticalType } from '../type-checks';
import { isCalendarDate } from '../vat/dates';

/**
 * The margin scheme stock book as the API keeps it (VAT Notice 718 asks the business to keep one, so
 * it is stored with the business, not with one return): one line per item, as MarginStockItem in
 * margin-scheme.ts, with its id. Money in pence, VAT included; dates 'YYYY-MM-DD'.
 */

const isoDate = z.string().refine(isCalendarDate, { message: 'must be a real date written YYYY-MM-DD' });
const price = z
  .number()
  .int({ message: 'must be a whole number of pence' })
  .min(0, 'A price cannot be negative: enter what was paid or charged');

const stockItemFields = z.object({
  stockNumber: z.string().trim().min(1, 'Give the item its stock number').max(40),
  description: z.string().trim().min(1, 'Say what the item is').max(200),
  purchaseDate: isoDate,
  purchasePricePence: price,
  seller: z.string().trim().min(1, 'Say who the item was bought from').max(120),
  /** Null while the item is in stock. */
  saleDate: isoDate.nullable(),
  salePricePence: price.nullable(),
  buyer: z.string().trim().max(120),
});

/** A sale has its date, price and buyer together, on or after the purchase. */
function checkSale(item: z.infer<typeof stockItemFields>, context: z.RefinementCtx) {
  const sold = item.saleDate !== null || item.salePricePence !== null;
  if (!sold) return;
  if (item.saleDate === null) {
    context.addIssue({ code: 'custom', path: ['saleDate'], message: 'Enter the date the item was sold' });
  } else if (item.saleDate < item.purchaseDate) {
    context.addIssue({
      code: 'custom',
      path: ['saleDate'],
      message: `The item cannot be sold (${item.saleDate}) before it was bought (${item.purchaseDate}): change one of the dates`,
    });
  }
  if (item.salePricePence === null) {
    context.addIssue({ code: 'custom', path: ['salePricePence'], message: 'Enter the price the item was sold for' });
  }
  if (item.buyer === '') {
    context.addIssue({ code: 'custom', path: ['buyer'], message: 'Say who the item was sold to' });
  }
}

/** PUT /api/margin_stock_items/:id: the whole line (recording a sale is an update). */
export const marginStockItemInputSchema = stockItemFields.superRefine(checkSale);
export type MarginStockItemInput = z.infer<typeof marginStockItemInputSchema>;

/** POST /api/margin_stock_items: a new line of the business's stock book. */
export const addMarginStockItemBodySchema = stockItemFields.extend({ vrn: vrnSchema }).superRefine(checkSale);

/** GET /api/margin_stock_items: the whole book, or the items bought or sold from `from` to `to`. */
export const marginStockListQuerySchema = z
  .object({ vrn: vrnSchema, from: isoDate.optional(), to: isoDate.optional() })
  .refine((query) => (query.from === undefined) === (query.to === undefined), {
    message: 'Give both from and to, or neither for the whole stock book',
    path: ['to'],
  });
export type MarginStockListQuery = z.infer<typeof marginStockListQuerySchema>;

export interface StoredMarginStockItem extends MarginStockItemInput {
  id: string;
  vrn: string;
  createdAt: string;
  updatedAt: string;
}

/** The answer to GET /api/margin_stock_items: by purchase date, then stock number. */
export interface MarginStockList {
  items: StoredMarginStockItem[];
}

/** The reply schemas of the stock book's routes (the sale's checks are on the way in). */
export const storedMarginStockItemSchema = stockItemFields.extend({
  id: z.string(),
  vrn: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const marginStockListSchema = z.object({ items: z.array(storedMarginStockItemSchema) });
export type MarginStockSchemasMatch = [
  Assert<IdenticalType<z.infer<typeof storedMarginStockItemSchema>, StoredMarginStockItem>>,
  Assert<IdenticalType<z.infer<typeof marginStockListSchema>, MarginStockList>>,
];
