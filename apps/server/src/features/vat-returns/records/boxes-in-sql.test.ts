import {
  boxKey,
  boxNumbers,
  computeReturn,
  type EnterableBox,
  type FlatRateSettings,
  pageOfRecords,
  type RecordPage,
  type RecordPageQuery,
  recordPageQuerySchema,
  type ReturnDraft,
  treatments,
  type VatRecord,
  type VatRecordInput,
  vatRateKinds,
} from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type SessionClient } from '../../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../../test/test-app';
import { businessWithOverduePeriod, startReturn } from '../test-journey';

/**
 * The database works a period's boxes out from its records grouped and summed, and pages, sorts,
 * searches and filters them by box in SQL: here, against the real server and database, every
 * figure and page is the one the domain's engine and pageOfRecords give from the records one by one.
 */

let server: TestApp;
let owner: SessionClient;
let draft: ReturnDraft;
let period: { start: string; end: string };
let all: VatRecord[];

/** Every kind, rate and treatment, with amounts that are zero, negative, or exactly £2,000 with VAT. */
function recordsOfEveryKind(start: string, end: string): VatRecordInput[] {
  const days = [start, end, `${start.slice(0, 8)}15`];
  const amounts: [number, number][] = [
    [10_000, 2_000],
    [166_667, 33_333],
    [0, 1_250],
    [-4_000, -800],
    [7_550, 0],
  ];
  const inputs: VatRecordInput[] = [];
  let index = 0;
  for (const kind of ['sale', 'purchase'] as const) {
    for (const rate of vatRateKinds) {
      for (const treatment of treatments) {
        const [netPence, vatPence] = amounts[index % amounts.length] ?? [0, 0];
        const date = days[index % days.length] ?? start;
        inputs.push({ kind, date, description: `Item ${index} ${kind}`, netPence, vatPence, rate, treatment });
        index += 1;
      }
    }
  }
  for (const box of [1, 2, 4, 6, 7, 8, 9] as EnterableBox[]) {
    inputs.push({
      kind: 'adjustment',
      date: end,
      description: `Correction ${box}`,
      box,
      amountPence: box * 1_000 - 3_000,
      adjustmentType: 'errorCorrection',
      reason: `Fixing box ${box} 100% right_now`,
    });
    inputs.push({ kind: 'boxTotal', date: start, description: `Total for box ${box}`, box, amountPence: 0 });
  }
  return inputs;
}

beforeAll(async () => {
  server = await createListeningTestApp();
  owner = await registerUser(server.app, 'sql.boxes@example.com', 'Boxes');
  const business = await businessWithOverduePeriod(owner);
  period = { start: business.period.start, end: business.period.end };
  draft = (await startReturn(owner, business.vrn, business.period.periodKey)).draft;
  for (const input of recordsOfEveryKind(period.start, period.end)) {
    const response = await owner.post('/api/vat_records', { vrn: business.vrn, ...input });
    expect(response.statusCode, response.body).toBe(201);
  }
  all = (
    (await owner.get(`/api/vat_records?vrn=${business.vrn}&from=${period.start}&to=${period.end}`)).json() as {
      records: VatRecord[];
    }
  ).records;
  // Every kind × rate × treatment, and an adjustment and a box total for each of the 7 enterable boxes.
  expect(all.length).toBe(2 * vatRateKinds.length * treatments.length + 14);
});

afterAll(async () => {
  await server?.close();
});

async function returnWith(flatRate: FlatRateSettings | null): Promise<ReturnDraft> {
  const response = await owner.put(`/api/vat_returns/${draft.id}`, { flatRate });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReturnDraft;
}

async function pageOf(query: Partial<Record<keyof RecordPageQuery, string | number>>): Promise<RecordPage> {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await owner.get(`/api/vat_returns/${draft.id}/records?${search.toString()}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as RecordPage;
}

/** The scheme a test runs on, for the period (known once the business is connected). */
// With the number of flat rate parts the period splits into (the first-year reduction ends mid-period).
const schemes: [string, () => FlatRateSettings | null, number][] = [
  ['standard accounting', () => null, 0],
  [
    'the flat rate scheme, its first year ending mid-period',
    () => ({ sector: '009', rateTenths: 145, firstYearUntil: `${period.start.slice(0, 8)}20`, limitedCostTest: true }),
    2,
  ],
];

describe.each(schemes)('the boxes worked out in SQL, on %s', (_name, scheme, flatRateParts) => {
  it('are the engine’s figures from the records one by one, with each box’s records found by box', async () => {
    const flatRate = scheme();
    const computed = (await returnWith(flatRate)).computed;
    if (!computed) throw new Error('the draft has no computed boxes');
    const expected = computeReturn(all, period, flatRate);
    expect({ ...computed, contributions: null }).toEqual({ ...expected, contributions: null });
    expect(computed.flatRate?.parts.length ?? 0).toBe(flatRateParts);

    for (const box of boxNumbers) {
      const key = boxKey(box);
      const lines = expected.contributions[key];
      // The screen's lines: the box's first records in the day book, with their own amounts.
      expect(computed.contributions[key].map((line) => [line.recordId, line.amountPence])).toEqual(
        lines.map((line) => [line.recordId, line.amountPence]),
      );
      const page = await pageOf({ box, pageSize: 500 });
      expect(page.total, `box ${box}`).toBe(lines.length);
      expect(page.records.map((record) => record.id)).toEqual(lines.map((line) => line.recordId));
    }
    expect(computed.contributionCounts.box9).toBeGreaterThan(0);
  });

  it('pages, sorts and searches as pageOfRecords does on the records one by one', async () => {
    const flatRate = scheme();
    const computed = computeReturn(all, period, flatRate);
    await returnWith(flatRate);
    const queries: Partial<Record<keyof RecordPageQuery, string | number>>[] = [
      { pageSize: 10, page: 3 },
      { order: 'desc', pageSize: 7, page: 2 },
      { sort: 'description', pageSize: 20, page: 2 },
      { sort: 'description', order: 'desc', pageSize: 500 },
      { sort: 'net', order: 'desc', pageSize: 500 },
      { sort: 'vat', pageSize: 500 },
      { search: 'ITEM 1', pageSize: 500 },
      { search: '100%', pageSize: 500 },
      { search: 'right_now', pageSize: 500 },
      { search: 'r_g', pageSize: 500 },
      { box: 6, search: 'sale', sort: 'net', pageSize: 5, page: 2 },
      { page: 99, pageSize: 50 },
    ];
    for (const query of queries) {
      const parsed = recordPageQuerySchema.parse(query);
      const inBox =
        parsed.box === undefined
          ? undefined
          : new Set(computed.contributions[boxKey(parsed.box as EnterableBox)].map((line) => line.recordId));
      const expected = pageOfRecords(all, parsed, inBox);
      const page = await pageOf(query);
      expect(
        { ids: page.records.map((record) => record.id), total: page.total, page: page.page },
        JSON.stringify(query),
      ).toEqual({ ids: expected.records.map((record) => record.id), total: expected.total, page: expected.page });
    }
    // The searches that must find something did: a LIKE wildcard in a search is only a character.
    expect((await pageOf({ search: '100%' })).total).toBe(7);
    expect((await pageOf({ search: 'r_g' })).total).toBe(0);
  });
});
