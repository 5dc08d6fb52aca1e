import { type MarginStockItemInput, type StoredMarginStockItem, isCalendarDate } from '@vatwise/domain';
import { parsePounds, penceToInput } from '../common/money-input';

/** A line of the margin scheme stock book as typed in its form. */
export interface ItemText {
  stockNumber: string;
  description: string;
  purchaseDate: string;
  purchasePrice: string;
  seller: string;
  saleDate: string;
  salePrice: string;
  buyer: string;
}
export type ItemField = keyof ItemText;
export const emptyItem: ItemText = {
  stockNumber: '',
  description: '',
  purchaseDate: '',
  purchasePrice: '',
  seller: '',
  saleDate: '',
  salePrice: '',
  buyer: '',
};

/** The stock book line, or the fields to fix: a sale needs its date and price together, on or after the purchase. */
export function readItem(text: ItemText): { item: MarginStockItemInput } | { errors: ItemField[] } {
  const errors: ItemField[] = [];
  for (const field of ['stockNumber', 'description', 'seller'] as const) if (!text[field].trim()) errors.push(field);
  if (!isCalendarDate(text.purchaseDate)) errors.push('purchaseDate');
  const purchasePricePence = parsePounds(text.purchasePrice);
  if (purchasePricePence === null || purchasePricePence < 0) errors.push('purchasePrice');
  const sold = text.saleDate !== '' || text.salePrice.trim() !== '';
  const salePricePence = sold ? parsePounds(text.salePrice) : null;
  if (sold) {
    if (!isCalendarDate(text.saleDate) || text.saleDate < text.purchaseDate) errors.push('saleDate');
    if (salePricePence === null || salePricePence < 0) errors.push('salePrice');
    if (!text.buyer.trim()) errors.push('buyer');
  }
  if (errors.length > 0 || purchasePricePence === null) return { errors };
  return {
    item: {
      stockNumber: text.stockNumber.trim(),
      description: text.description.trim(),
      purchaseDate: text.purchaseDate,
      purchasePricePence,
      seller: text.seller.trim(),
      saleDate: sold ? text.saleDate : null,
      salePricePence,
      buyer: sold ? text.buyer.trim() : '',
    },
  };
}

/** A stored line back in the form, to change it (record its sale, put a mistake right). */
export function textOf(item: StoredMarginStockItem): ItemText {
  return {
    stockNumber: item.stockNumber,
    description: item.description,
    purchaseDate: item.purchaseDate,
    purchasePrice: penceToInput(item.purchasePricePence),
    seller: item.seller,
    saleDate: item.saleDate ?? '',
    salePrice: item.salePricePence === null ? '' : penceToInput(item.salePricePence),
    buyer: item.buyer,
  };
}

/** The fields a refusal names (the server's issue paths), as the form's fields. */
export const fieldOfIssue: Record<string, ItemField> = {
  stockNumber: 'stockNumber',
  description: 'description',
  purchaseDate: 'purchaseDate',
  purchasePricePence: 'purchasePrice',
  seller: 'seller',
  saleDate: 'saleDate',
  salePricePence: 'salePrice',
  buyer: 'buyer',
};
