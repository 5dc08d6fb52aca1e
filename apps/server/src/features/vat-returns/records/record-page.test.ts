import type { RecordPage, ReturnDraft, VatRecord } from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type SessionClient } from '../../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../../test/test-app';
import { businessWithOverduePeriod, importForm, startReturn } from '../test-journey';

/** A page of a return's records, against the real server and database. */

let server: TestApp;
let owner: SessionClient;
let other: SessionClient;
let draft: ReturnDraft;
let all: VatRecord[];

/** 250 records: sales (a fifth of them zero-rated, so outside box 1) and a few purchases. */
function transactionsCsv(start: string, end: string): string {
  const first = Date.parse(`${start}T00:00:00Z`);
  const days = Math.round((Date.parse(`${end}T00:00:00Z`) - first) / 86_400_000) + 1;
  const lines = ['Date,Description,Net,VAT,Type,Rate'];
  for (let index = 0; index < 250; index++) {
    const date = new Date(first + (index % days) * 86_400_000).toISOString().slice(0, 10);
    const net = 1_000 + ((index * 7_919) % 25_000);
    const zero = index % 5 === 0;
    const purchase = index % 25 === 3;
    const vat = zero ? 0 : Math.round(net / 5);
    const money = (pence: number) => (pence / 100).toFixed(2);
    lines.push(
      `${date},${purchase ? 'Stock' : 'Takings'} ${index},${money(net)},${money(vat)},${purchase ? 'purchase' : 'sale'},${zero ? 'zero' : 'standard'}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

beforeAll(async () => {
  server = await createListeningTestApp();
  owner = await registerUser(server.app, 'pages@example.com', 'Pages');
  other = await registerUser(server.app, 'other.pages@example.com', 'Other');
  const { vrn, period } = await businessWithOverduePeriod(owner);
  draft = (await startReturn(owner, vrn, period.periodKey)).draft;
  const imported = await owner.postForm(
    '/api/vat_imports',
    importForm(
      {
        vrn,
        draftId: draft.id,
        mapping: { date: 'Date', description: 'Description', net: 'Net', vat: 'VAT', type: 'Type', rate: 'Rate' },
      },
      'quarter.csv',
      transactionsCsv(period.start, period.end),
    ),
  );
  expect(imported.statusCode, imported.body).toBe(201);
  all = (
    (await owner.get(`/api/vat_records?vrn=${vrn}&from=${period.start}&to=${period.end}`)).json() as {
      records: VatRecord[];
    }
  ).records;
  expect(all).toHaveLength(250);
});

afterAll(async () => {
  await server?.close();
});

const pageOf = async (query: string) => {
  const response = await owner.get(`/api/vat_returns/${draft.id}/records?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as RecordPage;
};

describe("a page of a return's records", () => {
  it('pages through every record once, in day-book order', async () => {
    const pages = [await pageOf('pageSize=100'), await pageOf('pageSize=100&page=2'), await pageOf('page=3')];
    expect(pages.map((page) => [page.total, page.page, page.records.length])).toEqual([
      [250, 1, 100],
      [250, 2, 100],
      [250, 3, 50],
    ]);
    expect(pages.flatMap((page) => page.records)).toEqual(all);
  });

  it('sorts by amount and finds words in the description', async () => {
    const biggest = await pageOf('sort=net&order=desc&pageSize=5');
    const nets = all.map((record) => (record.kind === 'sale' || record.kind === 'purchase' ? record.netPence : 0));
    expect(biggest.records.map((record) => (record as { netPence: number }).netPence)).toEqual(
      [...nets].sort((a, b) => b - a).slice(0, 5),
    );
    const stock = await pageOf('search=STOCK');
    expect(stock.total).toBe(all.filter((record) => record.description.startsWith('Stock')).length);
    expect(stock.total).toBeGreaterThan(0);
  });

  it("keeps a box's records only: as many as the return says add to it, and their sum is the box", async () => {
    const computed = ((await owner.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft).computed;
    if (!computed) throw new Error('the draft has no computed boxes');
    for (const box of [1, 4, 6, 7] as const) {
      const page = await pageOf(`box=${box}&pageSize=500`);
      expect(page.total, `box ${box}`).toBe(computed.contributionCounts[`box${box}`]);
      const vatBox = box === 1 || box === 4;
      const sum = page.records.reduce(
        (total, record) =>
          total + ((record as { vatPence: number; netPence: number })[vatBox ? 'vatPence' : 'netPence'] ?? 0),
        0,
      );
      // Boxes 6 and 7 are whole pounds.
      expect(vatBox ? sum : Math.trunc(sum / 100) * 100, `box ${box}`).toBe(computed.boxes[`box${box}`]);
    }
    // Zero-rated sales are in box 6 but not in box 1.
    expect((await pageOf('box=1')).total).toBeLessThan((await pageOf('box=6')).total);
  });

  it('refuses a bad query with the field to fix, and another user its records', async () => {
    const bad = await owner.get(`/api/vat_returns/${draft.id}/records?pageSize=5000`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('pageSize');
    const sort = await owner.get(`/api/vat_returns/${draft.id}/records?sort=colour`);
    expect(sort.statusCode).toBe(400);
    const theirs = await other.get(`/api/vat_returns/${draft.id}/records`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('Takings');
  });
});
