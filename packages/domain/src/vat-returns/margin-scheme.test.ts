import { describe, expect, it } from 'vitest';
import { type MarginStockItem, marginOf, marginSchemePeriod } from './margin-scheme';

const quarter = { start: '2024-01-01', end: '2024-03-31' };

const item = (stockNumber: string, changes: Partial<MarginStockItem>): MarginStockItem => ({
  stockNumber,
  description: `Item ${stockNumber}`,
  purchaseDate: '2023-12-01',
  purchasePricePence: 100_000,
  seller: 'A private seller',
  saleDate: null,
  salePricePence: null,
  buyer: '',
  ...changes,
});

describe('marginOf', () => {
  it('charges the VAT fraction of the margin: bought £1,000, sold £1,600 → margin £600, VAT £100 (N718)', () => {
    expect(marginOf(100_000, 160_000)).toEqual({ marginPence: 60_000, vatPence: 10_000 });
  });

  it('charges no VAT on a loss or no margin, and rounds to the nearest penny', () => {
    expect(marginOf(100_000, 90_000)).toEqual({ marginPence: -10_000, vatPence: 0 });
    expect(marginOf(100_000, 100_000)).toEqual({ marginPence: 0, vatPence: 0 });
    expect(marginOf(0, 100)).toEqual({ marginPence: 100, vatPence: 17 }); // 16.67p
    expect(marginOf(0, 1)).toEqual({ marginPence: 1, vatPence: 0 }); // 0.17p
  });
});

describe('marginSchemePeriod', () => {
  it('gives boxes 1, 6 and 7 from the items sold and bought in the period (N700/12 margin scheme)', () => {
    const items = [
      // Bought last quarter, sold this one: £1,000 → £1,600, VAT £100.
      item('A1', { saleDate: '2024-02-01', salePricePence: 160_000, buyer: 'J Smith' }),
      // Bought and sold this quarter at a loss: no VAT, and the £100 loss does not reduce A1's margin.
      item('A2', {
        purchaseDate: '2024-01-05',
        purchasePricePence: 50_000,
        saleDate: '2024-03-01',
        salePricePence: 40_000,
      }),
      // Bought this quarter, still in stock: its price is in box 7.
      item('A3', { purchaseDate: '2024-03-31', purchasePricePence: 25_000 }),
      // Sold next quarter: not in this return.
      item('A4', { purchaseDate: '2024-02-01', saleDate: '2024-04-01', salePricePence: 200_000 }),
    ];
    expect(marginSchemePeriod(items, quarter)).toEqual({
      sold: 2,
      bought: 3,
      soldAtNoMargin: 1,
      salesPence: 200_000,
      purchasesPence: 50_000 + 25_000 + 100_000,
      box1Pence: 10_000,
      box6Pence: 190_000,
      box7Pence: 175_000,
    });
  });

  it('is all nought with nothing bought or sold in the period', () => {
    expect(marginSchemePeriod([item('B1', {})], quarter)).toMatchObject({
      sold: 0,
      bought: 0,
      box1Pence: 0,
      box6Pence: 0,
    });
  });
});
