import { describe, expect, it } from 'vitest';
import type { VatRecord } from './api';
import { firstRecordPage, pageOfRecords, recordPagePath, recordPageQuerySchema } from './record-page';

let made = 0;
function sale(id: string, date: string, description: string, netPence: number, vatPence: number): VatRecord {
  made += 1;
  return {
    id,
    vrn: '123456789',
    createdAt: `2026-01-01T00:00:${String(made).padStart(2, '0')}.000Z`,
    source: null,
    kind: 'sale',
    date,
    description,
    netPence,
    vatPence,
    rate: 'standard',
    treatment: 'normal',
  };
}

const records: VatRecord[] = [
  sale('c', '2026-02-03', 'Takings market stall', 5_000, 1_000),
  sale('a', '2026-01-10', 'Takings shop', 20_000, 4_000),
  sale('b', '2026-01-10', 'Catering contract', -3_000, -600),
  {
    id: 'd',
    vrn: '123456789',
    createdAt: '2026-01-01T00:01:00.000Z',
    source: null,
    kind: 'adjustment',
    date: '2026-03-01',
    description: 'Correction',
    box: 1,
    amountPence: 250,
    adjustmentType: 'errorCorrection',
    reason: 'Under-declared takings in the last quarter',
  },
];

const query = (input: Record<string, unknown>) => recordPageQuerySchema.parse(input);
const ids = (page: { records: VatRecord[] }) => page.records.map((record) => record.id);

describe('a page of records', () => {
  it('is in day-book order by default: date, then the order the records were made', () => {
    const page = pageOfRecords(records, query({}));
    expect(ids(page)).toEqual(['a', 'b', 'c', 'd']);
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 100 });
  });

  it('keeps records already in day-book order as they are, newest first turned round', () => {
    const ordered = pageOfRecords(records, query({})).records;
    expect(ids(pageOfRecords(ordered, query({})))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(pageOfRecords(ordered, query({ order: 'desc' })))).toEqual(['d', 'c', 'b', 'a']);
    expect(ids(pageOfRecords(records, query({ order: 'desc' })))).toEqual(['d', 'c', 'b', 'a']);
  });

  it('sorts by a column either way, records without that amount last', () => {
    expect(ids(pageOfRecords(records, query({ sort: 'net', order: 'desc' })))).toEqual(['a', 'c', 'b', 'd']);
    expect(ids(pageOfRecords(records, query({ sort: 'net' })))).toEqual(['b', 'c', 'a', 'd']);
    // The adjustment moves box 1, a VAT box: it has a VAT amount and no net.
    expect(ids(pageOfRecords(records, query({ sort: 'vat' })))).toEqual(['b', 'd', 'c', 'a']);
    expect(ids(pageOfRecords(records, query({ sort: 'description' })))).toEqual(['b', 'd', 'c', 'a']);
  });

  it('cuts pages, and sends the last page when asked for one past the end', () => {
    const second = pageOfRecords(records, query({ pageSize: 3, page: 2 }));
    expect(ids(second)).toEqual(['d']);
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(pageOfRecords(records, query({ pageSize: 3, page: 9 })).page).toBe(2);
    expect(pageOfRecords([], query({ page: 5 }))).toEqual({ records: [], total: 0, page: 1, pageSize: 100 });
  });

  it('finds every word of a search in the description or reason, in any case', () => {
    expect(ids(pageOfRecords(records, query({ search: 'TAKINGS' })))).toEqual(['a', 'c', 'd']);
    expect(ids(pageOfRecords(records, query({ search: 'takings shop' })))).toEqual(['a']);
    expect(ids(pageOfRecords(records, query({ search: 'under-declared' })))).toEqual(['d']);
    expect(pageOfRecords(records, query({ search: 'nothing like it' })).total).toBe(0);
  });

  it("keeps only a box's records when given the ids that add to it, with the search on top", () => {
    const inBox = new Set(['a', 'c']);
    expect(ids(pageOfRecords(records, query({ box: 6 }), inBox))).toEqual(['a', 'c']);
    expect(ids(pageOfRecords(records, query({ box: 6, search: 'market' }), inBox))).toEqual(['c']);
  });

  it('refuses a query it cannot answer, saying which field', () => {
    for (const bad of [{ pageSize: 501 }, { page: 0 }, { sort: 'amount' }, { box: 10 }, { search: 'x'.repeat(201) }]) {
      const result = recordPageQuerySchema.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.path[0], JSON.stringify(bad)).toBe(Object.keys(bad)[0]);
    }
  });
});

describe('the address of a page of records', () => {
  it('leaves unset filters out, keeps the order given, and encodes the id and the words', () => {
    expect(recordPagePath('r-1', firstRecordPage)).toBe(
      '/api/vat_returns/r-1/records?page=1&pageSize=100&sort=date&order=asc',
    );
    expect(recordPagePath('a/b?', { page: 2, box: undefined, search: '' })).toBe(
      '/api/vat_returns/a%2Fb%3F/records?page=2',
    );
    expect(recordPagePath('r', { search: 'rent & rates' })).toBe(
      '/api/vat_returns/r/records?search=rent%20%26%20rates',
    );
    expect(recordPagePath('r', {})).toBe('/api/vat_returns/r/records');
  });

  it('asks for what the server reads back from it', () => {
    const query = { page: 3, pageSize: 50, sort: 'net', order: 'desc', box: 6, search: 'till 2' } as const;
    // Read back as a query string parser does (this package has no URL class: it runs anywhere).
    const search = (recordPagePath('r', query).split('?')[1] ?? '')
      .split('&')
      .map((pair) => pair.split('=').map(decodeURIComponent));
    expect(recordPageQuerySchema.parse(Object.fromEntries(search))).toEqual(query);
  });
});
