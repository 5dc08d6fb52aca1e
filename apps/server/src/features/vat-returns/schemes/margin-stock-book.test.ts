import {
  type ApiErrorBody,
  marginSchemePeriod,
  type MarginStockList,
  type StoredMarginStockItem,
} from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPractice, join } from '../../../test/practice-journey';
import { registerUser, type SessionClient } from '../../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../../test/test-app';
import { businessWithOverduePeriod } from '../test-journey';

/**
 * The margin scheme stock book (VAT Notice 718) against the real server, database and HMRC simulator:
 * kept with the business across returns and reloads, checked line by line, and shared by the
 * workspace's members only.
 */

let server: TestApp & { baseUrl: string };
beforeAll(async () => {
  server = await createListeningTestApp();
});
afterAll(async () => {
  await server?.close();
});

/** N718's example: bought for £1,000, sold for £1,600; a margin of £600, VAT £100. */
const dresser = {
  stockNumber: 'A1',
  description: 'Victorian dresser',
  purchaseDate: '2026-01-05',
  purchasePricePence: 100_000,
  seller: 'J Smith',
  saleDate: null,
  salePricePence: null,
  buyer: '',
};

/** DELETE as the web app sends it. */
const remove = (client: SessionClient, url: string) => client.request({ method: 'DELETE', url });

const list = async (client: SessionClient, query: string) =>
  (await client.get(`/api/margin_stock_items?${query}`)).json() as MarginStockList;

describe('the margin scheme stock book', () => {
  it('keeps items with the business: added, listed by period, sold, deleted and restored', async () => {
    const owner = await registerUser(server.app, 'margin.owner@example.com', 'Mo Margin');
    const { vrn } = await businessWithOverduePeriod(owner);

    const added = await owner.post('/api/margin_stock_items', { vrn, ...dresser });
    expect(added.statusCode, added.body).toBe(201);
    const item = added.json() as StoredMarginStockItem;
    expect(item).toMatchObject({ ...dresser, vrn });
    const clock = await owner.post('/api/margin_stock_items', {
      vrn,
      ...dresser,
      stockNumber: 'A2',
      description: 'Carriage clock',
      purchaseDate: '2025-11-20',
      purchasePricePence: 20_000,
    });
    expect(clock.statusCode, clock.body).toBe(201);

    expect((await list(owner, `vrn=${vrn}`)).items.map((line) => line.stockNumber)).toEqual(['A2', 'A1']);
    // Bought in the period, or sold in it: the dresser only.
    const firstQuarter = `vrn=${vrn}&from=2026-01-01&to=2026-03-31`;
    expect((await list(owner, firstQuarter)).items.map((line) => line.stockNumber)).toEqual(['A1']);

    // Recording the sale: the clock, bought last year, is sold in the period and counts in it now.
    const clockItem = clock.json() as StoredMarginStockItem;
    const { id: _id, vrn: _vrn, createdAt: _created, updatedAt: _updated, ...clockLine } = clockItem;
    const sold = await owner.put(`/api/margin_stock_items/${clockItem.id}`, {
      ...clockLine,
      saleDate: '2026-02-10',
      salePricePence: 32_000,
      buyer: 'K Jones',
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json()).toMatchObject({ saleDate: '2026-02-10', salePricePence: 32_000, buyer: 'K Jones' });
    const period = (await list(owner, firstQuarter)).items;
    expect(period.map((line) => line.stockNumber)).toEqual(['A2', 'A1']);
    // The figures the Return page shows: VAT of £20 on the clock's £120 margin; the dresser bought.
    expect(marginSchemePeriod(period, { start: '2026-01-01', end: '2026-03-31' })).toMatchObject({
      box1Pence: 2_000,
      box6Pence: 30_000,
      box7Pence: 100_000,
    });

    const deleted = await remove(owner, `/api/margin_stock_items/${item.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await list(owner, `vrn=${vrn}`)).items.map((line) => line.stockNumber)).toEqual(['A2']);
    const restored = await owner.post(`/api/margin_stock_items/${item.id}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await list(owner, `vrn=${vrn}`)).items.map((line) => line.stockNumber)).toEqual(['A2', 'A1']);

    // A deleted item gives up its stock number: a new item may take it, and the old one is gone for good.
    await remove(owner, `/api/margin_stock_items/${item.id}`);
    const again = await owner.post('/api/margin_stock_items', { vrn, ...dresser, description: 'Oak dresser' });
    expect(again.statusCode, again.body).toBe(201);
    expect((await owner.post(`/api/margin_stock_items/${item.id}/restore`, {})).statusCode).toBe(404);
  });

  it('says what to fix: a stock number used twice, a sale before the purchase, a negative price', async () => {
    const owner = await registerUser(server.app, 'margin.rules@example.com', 'Ruth Rules');
    const { vrn } = await businessWithOverduePeriod(owner);
    expect((await owner.post('/api/margin_stock_items', { vrn, ...dresser })).statusCode).toBe(201);

    const twice = await owner.post('/api/margin_stock_items', { vrn, ...dresser, description: 'Another dresser' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'stockNumber', message: expect.stringContaining('Stock number A1 is already used') }],
    });

    const early = await owner.post('/api/margin_stock_items', {
      vrn,
      ...dresser,
      stockNumber: 'A3',
      saleDate: '2026-01-04',
      salePricePence: 120_000,
      buyer: 'K Jones',
    });
    expect(early.statusCode).toBe(400);
    expect(early.body).toContain('cannot be sold (2026-01-04) before it was bought (2026-01-05)');

    const negative = await owner.post('/api/margin_stock_items', {
      vrn,
      ...dresser,
      stockNumber: 'A4',
      purchasePricePence: -100,
    });
    expect(negative.statusCode).toBe(400);
    expect((negative.json() as ApiErrorBody).issues).toEqual([
      { path: 'purchasePricePence', message: 'A price cannot be negative: enter what was paid or charged' },
    ]);

    const noBuyer = await owner.post('/api/margin_stock_items', {
      vrn,
      ...dresser,
      stockNumber: 'A5',
      saleDate: '2026-02-01',
      salePricePence: 150_000,
    });
    expect(noBuyer.statusCode).toBe(400);
    expect(noBuyer.body).toContain('Say who the item was sold to');

    // Renaming an item to another's number is refused too; nothing of the refusals was kept.
    const second = (
      await owner.post('/api/margin_stock_items', { vrn, ...dresser, stockNumber: 'B1' })
    ).json() as StoredMarginStockItem;
    const renamed = await owner.put(`/api/margin_stock_items/${second.id}`, { ...dresser, stockNumber: 'A1' });
    expect(renamed.statusCode).toBe(409);
    expect((await list(owner, `vrn=${vrn}`)).items.map((line) => line.stockNumber)).toEqual(['A1', 'B1']);
  });

  it('belongs to the workspace: its members share it, nobody else reads or changes it', async () => {
    const owner = await registerUser(server.app, 'margin.practice@example.com', 'Pat Practice');
    const practice = await createPractice(owner, 'Margin Practice');
    const preparer = await join(server, owner, practice, 'margin.preparer@example.com', 'preparer', 'Pip Preparer');
    const { vrn } = await businessWithOverduePeriod(preparer);
    const item = (await preparer.post('/api/margin_stock_items', { vrn, ...dresser })).json() as StoredMarginStockItem;
    expect((await list(owner, `vrn=${vrn}`)).items.map((line) => line.id)).toEqual([item.id]);

    const outsider = await registerUser(server.app, 'margin.outsider@example.com', 'Otto Outsider');
    const read = await outsider.get(`/api/margin_stock_items?vrn=${vrn}`);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toMatchObject({ code: 'BUSINESS_NOT_YOURS' });
    const add = await outsider.post('/api/margin_stock_items', { vrn, ...dresser, stockNumber: 'X1' });
    expect(add.json()).toMatchObject({ code: 'BUSINESS_NOT_YOURS' });
    const change = await outsider.put(`/api/margin_stock_items/${item.id}`, { ...dresser, description: 'Mine' });
    expect(change.statusCode).toBe(404);
    expect((await remove(outsider, `/api/margin_stock_items/${item.id}`)).statusCode).toBe(404);
    expect((await preparer.get(`/api/margin_stock_items?vrn=${vrn}`)).json()).toMatchObject({
      items: [{ id: item.id, description: 'Victorian dresser' }],
    });
  });
});
