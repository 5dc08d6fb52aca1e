import {
  addDays,
  addMonths,
  type BusinessSchemes,
  cashBasisFor,
  computeReturn,
  type RecordPage,
  type ReturnDraft,
  type VatRecord,
  type VatRecordInput,
} from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPractice, join } from '../../../test/practice-journey';
import { registerUser, type SessionClient } from '../../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../../test/test-app';
import { businessWithOverduePeriod, startReturn } from '../test-journey';

/**
 * Cash accounting (VAT Notice 731) against the real server, database and HMRC simulator: a
 * business on it from a date has its returns count sales and purchases when paid, and imports on
 * their date; its schemes are checked as a whole and kept per workspace, as its records are.
 */

let server: TestApp & { baseUrl: string };
beforeAll(async () => {
  server = await createListeningTestApp();
});
afterAll(async () => {
  await server?.close();
});

const sale = (date: string, description: string, vatPence: number, paidOn: string | null): VatRecordInput => ({
  kind: 'sale',
  date,
  description,
  netPence: vatPence * 5,
  vatPence,
  rate: 'standard',
  treatment: 'normal',
  paidOn,
});

async function setSchemes(client: SessionClient, vrn: string, schemes: unknown[]) {
  return client.put('/api/vat_schemes', { vrn, schemes });
}

describe('a return on cash accounting', () => {
  it('counts sales and purchases in the period they were paid, and imports on their date', async () => {
    const owner = await registerUser(server.app, 'cash.owner@example.com', 'Cash Owner');
    const { vrn, period } = await businessWithOverduePeriod(owner);
    const { draft } = await startReturn(owner, vrn, period.periodKey);
    expect(draft.schemes).toEqual([]);
    const joined = addMonths(period.start, -6);
    const after = addDays(period.end, 5);

    const inputs: VatRecordInput[] = [
      // Dated in the period, paid after it: the next return's.
      sale(addDays(period.start, 1), 'Invoice paid late', 2_000, after),
      // Dated before the period (on the scheme), paid in it: this return's.
      sale(addDays(period.start, -10), 'Invoice paid in the period', 1_000, addDays(period.start, 3)),
      // Never paid: in no return yet.
      sale(addDays(period.start, 4), 'Invoice not paid', 4_000, null),
      // Invoiced before the business joined: its VAT was in an invoice-basis return already.
      sale(addMonths(period.start, -7), 'Invoice before joining', 8_000, addDays(period.start, 2)),
      {
        kind: 'purchase',
        date: addDays(period.start, 2),
        description: 'Import VAT, postponed',
        netPence: 2_500,
        vatPence: 500,
        rate: 'standard',
        treatment: 'postponedImport',
      },
      {
        kind: 'purchase',
        date: addDays(period.start, 5),
        description: 'Supplier paid',
        netPence: 1_500,
        vatPence: 300,
        rate: 'standard',
        treatment: 'normal',
        paidOn: addDays(period.start, 6),
      },
    ];
    for (const input of inputs) {
      const response = await owner.post('/api/vat_records', { vrn, ...input });
      expect(response.statusCode, response.body).toBe(201);
    }

    // Before cash accounting is set: by invoice date (the import and the three sales in the period).
    const byInvoice = (await owner.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft;
    expect(byInvoice.computed?.boxes.box1).toBe(2_000 + 4_000 + 500);
    expect(byInvoice.computed?.cashAccounting).toBeUndefined();

    const set = await setSchemes(owner, vrn, [{ scheme: 'cashAccounting', startsOn: joined, endsOn: null }]);
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as BusinessSchemes).schemes).toEqual([
      { scheme: 'cashAccounting', startsOn: joined, endsOn: null },
    ]);

    const cash = (await owner.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft;
    expect(cash.schemes).toEqual(['cashAccounting']);
    const computed = cash.computed;
    expect(computed?.boxes.box1).toBe(1_000 + 500);
    expect(computed?.boxes.box4).toBe(500 + 300);
    expect(computed?.boxes.box6).toBe(5_000);
    expect(computed?.cashAccounting).toEqual({
      invoicedFrom: joined,
      leavesOn: null,
      unpaidRecords: 2,
      // All four sales, by invoice date: the one before joining is within the 12 months too.
      yearTurnoverPence: (2_000 + 1_000 + 4_000 + 8_000) * 5,
    });
    const box1Lines = computed?.contributions.box1.map((line) => line.description).sort();
    expect(box1Lines).toEqual(['Import VAT, postponed', 'Invoice paid in the period']);

    // The records page lists what the return counts, with their payment dates.
    const page = (await owner.get(`/api/vat_returns/${draft.id}/records`)).json() as RecordPage;
    expect(page.total).toBe(3);
    expect(page.records.map((record) => [record.description, 'paidOn' in record ? record.paidOn : undefined])).toEqual([
      ['Invoice paid in the period', addDays(period.start, 3)],
      ['Import VAT, postponed', undefined],
      ['Supplier paid', addDays(period.start, 6)],
    ]);
    const box4Page = (await owner.get(`/api/vat_returns/${draft.id}/records?box=4`)).json() as RecordPage;
    expect(box4Page.total).toBe(2);
    // The invoices still unpaid at the period's end are listed apart, to be marked paid.
    const unpaid = (await owner.get(`/api/vat_returns/${draft.id}/records?unpaid=true`)).json() as RecordPage;
    expect(unpaid.records.map((record) => record.description)).toEqual(['Invoice paid late', 'Invoice not paid']);
    expect(unpaid.total).toBe(computed?.cashAccounting?.unpaidRecords);

    // The domain's engine, from the records one by one, gives the database's figures.
    const all = (
      (await owner.get(`/api/vat_records?vrn=${vrn}&from=${addMonths(period.start, -8)}&to=${period.end}`)).json() as {
        records: VatRecord[];
      }
    ).records;
    const engine = computeReturn(
      all,
      { start: period.start, end: period.end },
      null,
      cashBasisFor([{ scheme: 'cashAccounting', startsOn: joined, endsOn: null }], {
        start: period.start,
        end: period.end,
      }),
    );
    expect(computed?.boxes).toEqual(engine.boxes);

    // Paying the late invoice within the period brings it in.
    const late = all.find((record) => record.description === 'Invoice paid late');
    const { id: _id, vrn: _vrn, createdAt: _created, source: _source, ...lateInput } = late as VatRecord;
    const paid = await owner.put(`/api/vat_records/${late?.id ?? ''}`, { ...lateInput, paidOn: period.end });
    expect(paid.statusCode, paid.body).toBe(200);
    const afterPaying = (await owner.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft;
    expect(afterPaying.computed?.boxes.box1).toBe(1_000 + 500 + 2_000);
    expect(afterPaying.computed?.cashAccounting?.unpaidRecords).toBe(1);

    // Turnover above £1.6m in the 12 months, and the flat rate scheme beside it: warned of both.
    await owner.post('/api/vat_records', {
      vrn,
      ...sale(addDays(period.start, 7), 'A very large contract', 34_000_000, null),
    });
    await owner.put(`/api/vat_returns/${draft.id}`, {
      flatRate: { sector: '009', rateTenths: 145, firstYearUntil: null, limitedCostTest: true },
    });
    const warned = (await owner.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft;
    expect(warned.computed?.warnings.map((warning) => warning.code)).toEqual(
      expect.arrayContaining(['CASH_ACCOUNTING_TURNOVER_OVER_LIMIT', 'CASH_ACCOUNTING_WITH_FLAT_RATE']),
    );
    // With its figures, for the screen to word it in the user's language.
    const overLimit = warned.computed?.warnings.find(
      (warning) => warning.code === 'CASH_ACCOUNTING_TURNOVER_OVER_LIMIT',
    );
    expect(overLimit?.params).toMatchObject({
      from: expect.any(String),
      to: period.end,
      turnoverPounds: expect.any(Number),
    });

    // Leaving in the period: every unpaid invoice of the scheme is in, as the engine says, and none waits.
    await owner.put(`/api/vat_returns/${draft.id}`, { flatRate: null });
    const leavesOn = addDays(period.start, 5);
    const leaving = [{ scheme: 'cashAccounting', startsOn: joined, endsOn: leavesOn }] as const;
    await setSchemes(owner, vrn, [...leaving]);
    const left = (await owner.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft;
    expect(left.computed?.cashAccounting).toMatchObject({ leavesOn, unpaidRecords: 0 });
    const everything = (
      (await owner.get(`/api/vat_records?vrn=${vrn}&from=${addMonths(period.start, -8)}&to=${period.end}`)).json() as {
        records: VatRecord[];
      }
    ).records;
    const leavingEngine = computeReturn(everything, period, null, cashBasisFor([...leaving], period));
    expect(left.computed?.boxes).toEqual(leavingEngine.boxes);
    // The invoice still unpaid on leaving is in, and so is the contract invoiced after leaving (by its date).
    expect(left.computed?.boxes.box1).toBe(1_000 + 500 + 2_000 + 4_000 + 34_000_000);

    // Ended before the period: the return is by invoice date again.
    await owner.put(`/api/vat_returns/${draft.id}`, { flatRate: null });
    await setSchemes(owner, vrn, [{ scheme: 'cashAccounting', startsOn: joined, endsOn: addDays(period.start, -1) }]);
    const ended = (await owner.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft;
    expect(ended.schemes).toEqual([]);
    expect(ended.computed?.boxes.box1).toBe(2_000 + 4_000 + 500 + 34_000_000);
  });
});

describe('a business’s VAT schemes', () => {
  it('refuses a scheme that ends before it starts, and two spells of one scheme that overlap', async () => {
    const owner = await registerUser(server.app, 'cash.rules@example.com', 'Rules Owner');
    const { vrn } = await businessWithOverduePeriod(owner);
    const backwards = await setSchemes(owner, vrn, [
      { scheme: 'cashAccounting', startsOn: '2025-04-01', endsOn: '2025-03-31' },
    ]);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('cannot end (2025-03-31) before it starts (2025-04-01)');

    const overlapping = await setSchemes(owner, vrn, [
      { scheme: 'cashAccounting', startsOn: '2024-01-01', endsOn: '2025-06-30' },
      { scheme: 'cashAccounting', startsOn: '2025-06-01', endsOn: null },
    ]);
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.body).toContain('The cash accounting spells from 2024-01-01 and from 2025-06-01 overlap');

    const notADate = await setSchemes(owner, vrn, [{ scheme: 'cashAccounting', startsOn: '2025-02-30', endsOn: null }]);
    expect(notADate.statusCode).toBe(400);

    // One scheme after another, and two schemes at once, are fine; nothing was kept of the refusals.
    expect((await owner.get(`/api/vat_schemes?vrn=${vrn}`)).json()).toEqual({ vrn, schemes: [] });
    const fine = await setSchemes(owner, vrn, [
      { scheme: 'annualAccounting', startsOn: '2025-04-01', endsOn: null },
      { scheme: 'cashAccounting', startsOn: '2024-01-01', endsOn: '2025-05-31' },
      { scheme: 'cashAccounting', startsOn: '2025-06-01', endsOn: null },
    ]);
    expect(fine.statusCode, fine.body).toBe(200);
    expect((fine.json() as BusinessSchemes).schemes.map((spell) => spell.startsOn)).toEqual([
      '2024-01-01',
      '2025-04-01',
      '2025-06-01',
    ]);
  });

  it('belong to the workspace: its members share them, nobody else reads or sets them', async () => {
    const owner = await registerUser(server.app, 'cash.practice@example.com', 'Pat Practice');
    const practice = await createPractice(owner, 'Cash Practice');
    const preparer = await join(server, owner, practice, 'cash.preparer@example.com', 'preparer', 'Pip Preparer');
    const { vrn } = await businessWithOverduePeriod(preparer);
    const spell = { scheme: 'cashAccounting', startsOn: '2025-01-01', endsOn: null };
    expect((await setSchemes(preparer, vrn, [spell])).statusCode).toBe(200);
    expect((await owner.get(`/api/vat_schemes?vrn=${vrn}`)).json()).toEqual({ vrn, schemes: [spell] });

    const outsider = await registerUser(server.app, 'cash.outsider@example.com', 'Otto Outsider');
    const read = await outsider.get(`/api/vat_schemes?vrn=${vrn}`);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toMatchObject({ code: 'BUSINESS_NOT_YOURS' });
    const write = await setSchemes(outsider, vrn, []);
    expect(write.json()).toMatchObject({ code: 'BUSINESS_NOT_YOURS' });
    expect((await preparer.get(`/api/vat_schemes?vrn=${vrn}`)).json()).toEqual({ vrn, schemes: [spell] });
  });
});
