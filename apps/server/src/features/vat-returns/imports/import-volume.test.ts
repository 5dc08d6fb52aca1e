import { type ReturnDraft, Role, type VatRecord } from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type SessionClient } from '../../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../../test/test-app';
import { previewImport } from './preview';
import { businessWithOverduePeriod, importForm, startReturn } from '../test-journey';

/** A large import against the real server and database (SQLite here; PostgreSQL in CI's second pass). */

let server: TestApp & { baseUrl: string };
let client: SessionClient;

beforeAll(async () => {
  server = await createListeningTestApp();
  client = await registerUser(server.app, 'volume@example.com', 'Volume');
});

afterAll(async () => {
  await server?.close();
});

/** `count` sales and purchases across the period, with pennies that do not repeat. */
function transactionsCsv(count: number, start: string, end: string): string {
  const first = Date.parse(`${start}T00:00:00Z`);
  const days = Math.round((Date.parse(`${end}T00:00:00Z`) - first) / 86_400_000) + 1;
  const lines = ['Date,Description,Net,VAT'];
  for (let index = 0; index < count; index++) {
    const date = new Date(first + (index % days) * 86_400_000).toISOString().slice(0, 10);
    const netPence = 1_000 + ((index * 7_919) % 250_000);
    const sign = index % 5 === 0 ? -1 : 1;
    const vatPence = Math.round(netPence / 5);
    const money = (pence: number) => (pence / 100).toFixed(2);
    lines.push(`${date},Line ${index},${money(sign * netPence)},${money(sign * vatPence)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** What a record is, whichever way it was recorded. */
const content = ({ id: _id, createdAt: _createdAt, source: _source, ...record }: VatRecord) => record;

describe('a large import', () => {
  it('previews a sample with the whole count, and records 20,000 rows exactly as one at a time would', async () => {
    const { vrn, period } = await businessWithOverduePeriod(client);
    const { draft } = await startReturn(client, vrn, period.periodKey);
    const csv = transactionsCsv(20_000, period.start, period.end);
    const body = importForm({ vrn, draftId: draft.id }, 'year.csv', csv);
    const recordsOf = async () =>
      (
        (await client.get(`/api/vat_records?vrn=${vrn}&from=${period.start}&to=${period.end}`)).json() as {
          records: VatRecord[];
        }
      ).records;
    const boxesOf = async () =>
      ((await client.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft).computed?.boxes;

    const preview = await client.postForm('/api/vat_imports/preview', body);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ recordCount: 20_000, problemCount: 0 });
    expect(preview.json().records).toHaveLength(100);
    expect(preview.json().rows.slice(0, 3)).toEqual([2, 3, 4]);

    // One at a time, as the records screen adds them, then set aside.
    const me = (await client.get('/api/me')).json().user as { id: string; email: string; name: string };
    const user = {
      id: me.id,
      email: me.email,
      name: me.name,
      role: Role.Editor,
      twoFactorEnabled: false,
      workspaceId: me.id,
      practice: null,
    };
    const parsed = await previewImport({
      kind: 'transactions',
      fileName: 'year.csv',
      content: Buffer.from(csv),
      period: { start: period.start, end: period.end },
    });
    expect(parsed.records).toHaveLength(20_000);
    for (const input of parsed.records) await server.app.vatReturns.addRecord(user, vrn, input);
    const oneByOne = (await recordsOf()).map(content);
    const oneByOneBoxes = await boxesOf();
    expect(oneByOne).toHaveLength(20_000);
    await server.app.database.db
      .updateTable('vat_record')
      .set({ deleted_at: new Date().toISOString() })
      .where('vrn', '=', vrn)
      .execute();
    expect(await recordsOf()).toHaveLength(0);

    const applied = await client.postForm('/api/vat_imports', body);
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.json().recordCount).toBe(20_000);
    const imported = await recordsOf();
    // The same records (added one at a time in one millisecond, their order among equals is the ids').
    const byDescription = (a: { description: string }, b: { description: string }) =>
      a.description < b.description ? -1 : a.description > b.description ? 1 : 0;
    expect(imported.map(content).sort(byDescription)).toEqual([...oneByOne].sort(byDescription));
    // An import's records read back in the file's order.
    expect(imported.filter((record) => record.date === period.start).map((record) => record.source?.row)).toEqual(
      imported
        .filter((record) => record.date === period.start)
        .map((record) => record.source?.row ?? 0)
        .sort((a, b) => a - b),
    );
    // Each record keeps the row it came from (the digital link), every row once.
    const byNumber = (a: number, b: number) => a - b;
    expect(imported.map((record) => record.source?.row ?? 0).sort(byNumber)).toEqual([...parsed.rows].sort(byNumber));
    expect(await boxesOf()).toEqual(oneByOneBoxes);
    // The return read by the screen lists the first 100 lines of a box, with the whole count.
    const computed = ((await client.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft).computed;
    expect(computed?.contributions.box6).toHaveLength(100);
    // Every row is a sale (a fifth of them credit notes), so each adds to box 6.
    expect(computed?.contributionCounts.box6).toBe(20_000);
    expect(oneByOneBoxes?.box1).toBeGreaterThan(0);
    // Recording 20,000 rows one at a time takes a while, above all on PostgreSQL.
  }, 180_000);
});
