import { addDays, addMonths, type RecordPage, type ReturnDraft } from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../../test/test-app';
import { businessWithOverduePeriod, importForm, startReturn } from '../test-journey';

/**
 * Importing payment dates (cash accounting, VAT Notice 731) against the real server, database and
 * HMRC simulator: a file's payment date column decides which return each imported sale counts in.
 */

let server: TestApp & { baseUrl: string };
beforeAll(async () => {
  server = await createListeningTestApp();
});
afterAll(async () => {
  await server?.close();
});

/** '2026-04-05' → '05/04/2026', as a UK spreadsheet writes it. */
const ukDate = (isoDate: string) => isoDate.split('-').reverse().join('/');

describe('importing payment dates into a return on cash accounting', () => {
  it('counts in box 1 only the imported sales paid in the period', async () => {
    const owner = await registerUser(server.app, 'cash.import@example.com', 'Cash Importer');
    const { vrn, period } = await businessWithOverduePeriod(owner);
    const { draft } = await startReturn(owner, vrn, period.periodKey);
    const joined = addMonths(period.start, -6);
    const schemes = await owner.put('/api/vat_schemes', {
      vrn,
      schemes: [{ scheme: 'cashAccounting', startsOn: joined, endsOn: null }],
    });
    expect(schemes.statusCode, schemes.body).toBe(200);

    const csv = [
      'Date,Description,Net,VAT,Date paid',
      `${period.start},Paid in the period,1000.00,200.00,${ukDate(addDays(period.start, 10))}`,
      `${ukDate(addDays(period.start, 1))},Paid on the last day,250.00,50.00,${period.end}`,
      `${addDays(period.start, 2)},Paid after the period,400.00,80.00,${addDays(period.end, 5)}`,
      `${addDays(period.start, 3)},Not paid yet,3000.00,600.00,`,
      // Invoiced last quarter, on the scheme, and paid in this one: this return's.
      `${addDays(period.start, -20)},Invoiced last quarter,500.00,100.00,${addDays(period.start, 5)}`,
    ].join('\n');
    const body = importForm({ vrn, draftId: draft.id }, 'sales.csv', csv);

    // The payment date column is recognised from its heading.
    const preview = await owner.postForm('/api/vat_imports/preview', body);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ mapping: { paidOn: 'Date paid' }, problemCount: 0, recordCount: 5 });
    const applied = await owner.postForm('/api/vat_imports', body);
    expect(applied.statusCode, applied.body).toBe(201);

    const computed = ((await owner.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft).computed;
    expect(computed?.boxes.box1).toBe(200_00 + 50_00 + 100_00);
    expect(computed?.boxes.box6).toBe(1_750_00);
    expect(computed?.cashAccounting?.unpaidRecords).toBe(2);
    const unpaid = (await owner.get(`/api/vat_returns/${draft.id}/records?unpaid=true`)).json() as RecordPage;
    expect(unpaid.records.map((record) => [record.description, 'paidOn' in record ? record.paidOn : 'none'])).toEqual([
      ['Paid after the period', addDays(period.end, 5)],
      ['Not paid yet', null],
    ]);
  });

  it('takes an earlier invoice only on cash accounting and only when it was paid in the period', async () => {
    const owner = await registerUser(server.app, 'cash.import.earlier@example.com', 'Earlier Invoices');
    const { vrn, period } = await businessWithOverduePeriod(owner);
    const { draft } = await startReturn(owner, vrn, period.periodKey);
    const csv = [
      'Date,Description,Net,VAT,Paid on',
      `${addDays(period.start, -20)},Paid in the period,100.00,20.00,${addDays(period.start, 2)}`,
      `${addDays(period.start, -10)},Still unpaid,100.00,20.00,`,
    ].join('\n');
    const problemsOf = async () =>
      (
        (
          await owner.postForm('/api/vat_imports/preview', importForm({ vrn, draftId: draft.id }, 'ledger.csv', csv))
        ).json() as {
          problems: { row: number; message: string }[];
        }
      ).problems.map((problem) => [problem.row, problem.message]);

    // Off cash accounting both invoices belong to an earlier period.
    expect((await problemsOf()).map(([row]) => row)).toEqual([2, 3]);

    await owner.put('/api/vat_schemes', {
      vrn,
      schemes: [{ scheme: 'cashAccounting', startsOn: addMonths(period.start, -6), endsOn: null }],
    });
    expect(await problemsOf()).toEqual([
      [
        3,
        expect.stringContaining(
          'was not paid in it: under cash accounting an earlier invoice belongs here only once it is paid in the period',
        ),
      ],
    ]);
  });

  it('refuses a file with a bad payment date, naming its row and column, and records nothing', async () => {
    const owner = await registerUser(server.app, 'cash.import.bad@example.com', 'Bad Dates');
    const { vrn, period } = await businessWithOverduePeriod(owner);
    const { draft } = await startReturn(owner, vrn, period.periodKey);
    const csv = ['Date,Description,Net,VAT,Paid on', `${period.start},Consulting,100.00,20.00,last Tuesday`].join('\n');
    const applied = await owner.postForm('/api/vat_imports', importForm({ vrn, draftId: draft.id }, 'bad.csv', csv));
    expect(applied.statusCode).toBe(400);
    expect(applied.json()).toMatchObject({
      code: 'IMPORT_HAS_PROBLEMS',
      issues: [
        {
          path: 'row 2, Paid on',
          message:
            'Row 2, column "Paid on": "last Tuesday" is not a date: write it as 31/03/2026 or 2026-03-31; leave the cell empty if it is not paid yet',
        },
      ],
    });
    const page = (await owner.get(`/api/vat_returns/${draft.id}/records`)).json() as RecordPage;
    expect(page.total).toBe(0);
  });
});
