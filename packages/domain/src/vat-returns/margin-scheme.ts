import { divideRoundHalfUp } from './flat-rate';
import { vatRatePercents } from './record-vat';

/**
 * The margin scheme for second-hand goods (VAT Notice 718). Pure; money in pence.
 *
 * VAT is due on the margin of each item, not its price: margin = selling price − purchase price, both
 * VAT-inclusive; the VAT is the VAT fraction of the margin (1/6 at 20%), to the nearest penny. An item
 * sold at a loss has no VAT due, and its loss is not set against other items' margins.
 *
 * On the return (VAT Notice 700/12, margin scheme section): box 1 the VAT on the margins of the items
 * sold in the period; box 6 their full selling prices less that VAT; box 7 the full purchase prices of
 * the items bought in the period. Boxes 8 and 9 are not used for margin scheme goods.
 */

/** One line of the stock book N718 asks for: the item, who it was bought from and sold to, and when. */
export interface MarginStockItem {
  stockNumber: string;
  description: string;
  purchaseDate: string;
  purchasePricePence: number;
  seller: string;
  /** Null while the item is in stock. */
  saleDate: string | null;
  salePricePence: number | null;
  buyer: string;
}

export interface ItemMargin {
  /** Selling price − purchase price; negative for a loss. */
  marginPence: number;
  /** The VAT fraction of a positive margin; 0 for a loss or no margin. */
  vatPence: number;
}

const standardPercent = BigInt(vatRatePercents.standard);

/** The margin and its VAT on one sale (standard rate: second-hand goods under the scheme are standard-rated). */
export function marginOf(purchasePricePence: number, salePricePence: number): ItemMargin {
  for (const value of [purchasePricePence, salePricePence]) {
    if (!Number.isSafeInteger(value)) throw new RangeError(`Pence must be a whole number: ${value}`);
  }
  const marginPence = salePricePence - purchasePricePence;
  const vatPence =
    marginPence > 0 ? Number(divideRoundHalfUp(BigInt(marginPence) * standardPercent, 100n + standardPercent)) : 0;
  return { marginPence, vatPence };
}

export interface MarginSchemePeriod {
  /** Items sold in the period, with their margins. */
  sold: number;
  /** Items bought in the period. */
  bought: number;
  /** Sold items whose margin was nil or a loss (no VAT, no relief). */
  soldAtNoMargin: number;
  salesPence: number;
  purchasesPence: number;
  /** Box 1: the VAT on the margins. */
  box1Pence: number;
  /** Box 6: the selling prices less the VAT on the margins. */
  box6Pence: number;
  /** Box 7: the purchase prices of the items bought. */
  box7Pence: number;
}

/** The period's margin scheme figures from the stock book: sales by their selling date, purchases by theirs. */
export function marginSchemePeriod(
  items: readonly MarginStockItem[],
  period: { start: string; end: string },
): MarginSchemePeriod {
  const within = (date: string | null) => date !== null && date >= period.start && date <= period.end;
  const totals: MarginSchemePeriod = {
    sold: 0,
    bought: 0,
    soldAtNoMargin: 0,
    salesPence: 0,
    purchasesPence: 0,
    box1Pence: 0,
    box6Pence: 0,
    box7Pence: 0,
  };
  for (const item of items) {
    if (within(item.purchaseDate)) {
      totals.bought += 1;
      totals.purchasesPence += item.purchasePricePence;
    }
    if (within(item.saleDate) && item.salePricePence !== null) {
      const { vatPence } = marginOf(item.purchasePricePence, item.salePricePence);
      totals.sold += 1;
      if (vatPence === 0) totals.soldAtNoMargin += 1;
      totals.salesPence += item.salePricePence;
      totals.box1Pence += vatPence;
    }
  }
  totals.box6Pence = totals.salesPence - totals.box1Pence;
  totals.box7Pence = totals.purchasesPence;
  return totals;
}
