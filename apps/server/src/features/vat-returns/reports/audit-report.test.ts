import {
  addDays,
  addMonths,
  boxKey,
  type BoxKey,
  boxNumbers,
  hmrcBoxFields,
  type NineBoxes,
  obligationListSchema,
  type ReturnComparison,
  type ReturnDraft,
  type VatRecordInput,
  type VatReturn,
  wholePoundsBig,
} from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type SessionClient } from '../../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../../test/test-app';
import { businessWithOverduePeriod, importForm, startReturn } from '../test-journey';

/**
 * The checks before filing and the VAT audit report, against the real server, database and HMRC
 * simulator: the comparison finds earlier figures in our own returns, else in HMRC's copy; the
 * audit CSV's lines add up to each box; the PDF comes as a download.
 */

let server: TestApp & { baseUrl: string };
let owner: SessionClient;
let stranger: SessionClient;
let vrn: string;
let overdue: ReturnDraft;

beforeAll(async () => {
  server = await createListeningTestApp();
  owner = await registerUser(server.app, 'audit.owner@example.com', 'Audit');
  stranger = await registerUser(server.app, 'audit.stranger@example.com', 'Stranger');
  const business = await businessWithOverduePeriod(owner);
  vrn = business.vrn;
  overdue = (await startReturn(owner, vrn, business.period.periodKey)).draft;
});

afterAll(async () => {
  await server?.close();
});

const operator = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.baseUrl}/hmrc-sandbox/operator${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
};

const comparisonOf = async (id: string) => {
  const response = await owner.get(`/api/vat_returns/${id}/comparison`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReturnComparison;
};

/** A minimal RFC 4180 reader: the test's cells hold no line breaks. */
function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => {
      const cells: string[] = [];
      let cell = '';
      let quoted = false;
      for (let index = 0; index < line.length; index += 1) {
        const char = line[index];
        if (quoted && char === '"' && line[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else if (char === '"') quoted = !quoted;
        else if (char === ',' && !quoted) {
          cells.push(cell);
          cell = '';
        } else cell += char;
      }
      cells.push(cell);
      return cells;
    });
}

/** '-1234.56' as pence, exactly. */
const pence = (text: string) => {
  const [whole = '0', fraction = '00'] = text.replace('-', '').split('.');
  const magnitude = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return text.startsWith('-') ? -magnitude : magnitude;
};

describe('comparison with earlier periods', () => {
  it('takes HMRC’s copy of the earlier returns when we hold none, box for box', async () => {
    const comparison = await comparisonOf(overdue.id);
    expect(comparison.hmrcUnavailable).toBe(false);
    expect(comparison.previous).toMatchObject({ source: 'hmrc', periodEnd: addDays(overdue.periodStart, -1) });
    // A business registered less than a year before has no such period.
    const yearAgo = obligationListSchema
      .parse(
        (
          await owner.get(
            `/api/vat/obligations?vrn=${vrn}&from=${addMonths(overdue.periodStart, -12)}&to=${addMonths(overdue.periodEnd, -12)}&status=Fulfilled`,
          )
        ).json(),
      )
      .obligations.find((obligation) => obligation.start === addMonths(overdue.periodStart, -12));
    expect(comparison.lastYear?.periodKey).toBe(yearAgo?.periodKey);
    expect(comparison.lastYear?.source).toBe(yearAgo ? 'hmrc' : undefined);

    const previous = comparison.previous;
    if (!previous) throw new Error('no previous period');
    const view = (
      await owner.get(`/api/vat/returnview?vrn=${vrn}&periodKey=${encodeURIComponent(previous.periodKey)}`)
    ).json() as VatReturn;
    for (const row of previous.boxes) {
      expect(row.earlierPence, `box ${row.box}`).toBe(view.boxes[hmrcBoxFields[row.box]]);
      expect(row.currentPence).toBe(0); // the draft has no records yet
      expect(row.changePence + row.earlierPence).toBe(0);
    }
    // The simulated business sells £20,000 or more a quarter: box 6 fell by far more than half.
    expect(previous.boxes.find((row) => row.box === 6)?.farApart).toBe(true);
  });

  it('asks HMRC once for earlier figures and unpaid VAT, however often the page asks again', async () => {
    const calls = async () =>
      (
        (await (await fetch(`${server.baseUrl}/hmrc-sandbox/operator/calls`)).json()) as {
          calls: Record<string, number>;
        }
      ).calls;
    await comparisonOf(overdue.id);
    const before = await calls();
    const again = await comparisonOf(overdue.id);
    expect(again.previous?.source).toBe('hmrc');
    expect(await calls()).toEqual(before);
  });

  it('takes our own draft, then our submitted return’s receipt, as the period before the current one', async () => {
    // The simulator's clock 60 days into the last calendar quarter, when its business is made: that
    // quarter is then open and the one before it overdue, so both can have a return of ours.
    const today = new Date().toISOString().slice(0, 10);
    const month = Number(today.slice(5, 7));
    const quarterStart = `${today.slice(0, 5)}${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
    const simulated = addDays(addMonths(quarterStart, -3), 60);
    await operator('PUT', '/clock', { now: `${simulated}T12:00:00Z` });
    let business: Awaited<ReturnType<typeof businessWithOverduePeriod>>;
    try {
      business = await businessWithOverduePeriod(owner);
    } finally {
      await operator('DELETE', '/clock');
    }
    const vrn = business.vrn;
    const overdue = (await startReturn(owner, vrn, business.period.periodKey)).draft;
    const open = obligationListSchema.parse(
      (await owner.get(`/api/vat/obligations?vrn=${vrn}&from=${addDays(today, -364)}&to=${today}&status=Open`)).json(),
    ).obligations;
    const current = open.find((obligation) => obligation.start === addDays(overdue.periodEnd, 1));
    if (!current) throw new Error('no open period after the overdue one');
    const next = (await startReturn(owner, vrn, current.periodKey)).draft;
    const addRecord = async (input: VatRecordInput) => {
      const response = await owner.post('/api/vat_records', { vrn, ...input });
      expect(response.statusCode, response.body).toBe(201);
    };

    await addRecord({
      kind: 'sale',
      date: overdue.periodStart,
      description: 'Big contract',
      netPence: 5_000_000,
      vatPence: 1_000_000,
      rate: 'standard',
      treatment: 'normal',
    });
    let comparison = await comparisonOf(next.id);
    expect(comparison.previous).toMatchObject({ source: 'draft', periodKey: overdue.periodKey });
    const box6 = comparison.previous?.boxes.find((row) => row.box === 6);
    expect(box6).toMatchObject({ currentPence: 0, earlierPence: 5_000_000, farApart: true });

    const submitted = await owner.post(`/api/vat_returns/${overdue.id}/submit`, {
      idempotencyKey: overdue.idempotencyKey,
      declarationAccepted: true,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((submitted.json() as ReturnDraft).status).toBe('submitted');
    // A record added afterwards changes the records, not what was filed.
    await addRecord({
      kind: 'sale',
      date: overdue.periodEnd,
      description: 'Late invoice',
      netPence: 10_000,
      vatPence: 2_000,
      rate: 'standard',
      treatment: 'normal',
    });
    comparison = await comparisonOf(next.id);
    expect(comparison.previous?.source).toBe('submitted');
    expect(comparison.previous?.boxes.find((row) => row.box === 1)?.earlierPence).toBe(1_000_000);
  });

  it('is the owner’s only', async () => {
    expect((await stranger.get(`/api/vat_returns/${overdue.id}/comparison`)).statusCode).toBe(404);
  });
});

describe('the VAT audit report', () => {
  let draft: ReturnDraft;

  beforeAll(async () => {
    // A period of its own: the earlier one of the overdue return (filed with HMRC), started here as
    // a draft cannot be (it is not open), so a second business gives a fresh overdue period.
    const business = await businessWithOverduePeriod(owner);
    draft = (await startReturn(owner, business.vrn, business.period.periodKey)).draft;
    const { start, end } = business.period;
    const inputs: VatRecordInput[] = [
      {
        kind: 'sale',
        date: start,
        description: 'Consulting, March',
        netPence: 100_050,
        vatPence: 20_010,
        rate: 'standard',
        treatment: 'normal',
      },
      {
        kind: 'sale',
        date: end,
        description: '=SUM(A1) "quoted"',
        netPence: 35_040,
        vatPence: 0,
        rate: 'zero',
        treatment: 'normal',
      },
      {
        kind: 'purchase',
        date: start,
        description: 'US software',
        netPence: 10_000,
        vatPence: 2_000,
        rate: 'standard',
        treatment: 'reverseCharge',
      },
      {
        kind: 'purchase',
        date: end,
        description: 'Credit note',
        netPence: -4_099,
        vatPence: -820,
        rate: 'standard',
        treatment: 'normal',
      },
      {
        kind: 'adjustment',
        date: end,
        description: 'Bad debt',
        box: 4,
        amountPence: 1_234,
        adjustmentType: 'badDebtRelief',
        reason: 'Unpaid for six months',
      },
    ];
    for (const input of inputs) {
      const response = await owner.post('/api/vat_records', { vrn: business.vrn, ...input });
      expect(response.statusCode, response.body).toBe(201);
    }
    // 2,500 imported sales: box 1 and box 6 are read in several pages of the same import time.
    const rows = Array.from({ length: 2_500 }, (_, index) => `${start},Till ${index},10.00,2.00`).join('\n');
    const imported = await owner.postForm(
      '/api/vat_imports',
      importForm({ vrn: business.vrn, draftId: draft.id }, 'takings.csv', `Date,Description,Net,VAT\n${rows}\n`),
    );
    expect(imported.statusCode, imported.body).toBe(201);
  });

  const auditOf = async (id: string) => {
    const response = await owner.get(`/api/vat_returns/${id}/audit.csv`);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="vat-audit-\d{9}-.+\.csv"$/);
    const rows = csvRows(response.body);
    const start = rows.findIndex((row) => row[0] === 'Box' && row[1] === 'Record date');
    return { summary: rows.slice(0, start), lines: rows.slice(start + 1) };
  };

  /** Each box's lines add up to the box (6-9 before their pence go), and the summary counts them. */
  const expectLinesToAddUp = (summary: string[][], lines: string[][], boxes: NineBoxes) => {
    const sums = new Map<BoxKey, bigint>();
    const counts = new Map<BoxKey, number>();
    for (const line of lines) {
      const key = boxKey(Number(line[0]) as 1);
      sums.set(key, (sums.get(key) ?? 0n) + pence(line[8] ?? ''));
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    for (const box of [1, 2, 4] as const) expect(sums.get(boxKey(box)) ?? 0n).toBe(BigInt(boxes[boxKey(box)]));
    for (const box of [6, 7, 8, 9] as const) {
      expect(wholePoundsBig(sums.get(boxKey(box)) ?? 0n), `box ${box}`).toBe(BigInt(boxes[boxKey(box)]));
    }
    // The summary's line counts are the lines listed.
    for (const box of boxNumbers) {
      const row = summary.find((cells) => cells[0] === String(box));
      expect(Number(row?.at(-1)), `box ${box}`).toBe(counts.get(boxKey(box)) ?? 0);
    }
  };

  it.each([
    ['standard accounting', null],
    ['the flat rate scheme', { sector: '009', rateTenths: 145, firstYearUntil: null, limitedCostTest: true }],
  ])('lists each record in each box it adds to, the lines adding up to the box, on %s', async (_name, flatRate) => {
    const updated = await owner.put(`/api/vat_returns/${draft.id}`, { flatRate });
    expect(updated.statusCode, updated.body).toBe(200);
    const boxes = (updated.json() as ReturnDraft).computed?.boxes;
    if (!boxes) throw new Error('no boxes');
    const { summary, lines } = await auditOf(draft.id);

    expect(summary).toContainEqual(['VRN', draft.vrn]);
    expect(summary).toContainEqual(['Period start', draft.periodStart]);
    for (const box of boxNumbers) {
      const row = summary.find((cells) => cells[0] === String(box));
      expect(row?.[2], `box ${box}`).toBe((Number(boxes[boxKey(box)]) / 100).toFixed(2));
    }

    expectLinesToAddUp(summary, lines, boxes);

    // Imported records carry their file and row (the digital link); others none.
    const till = lines.find((line) => line[2] === 'Till 2499');
    expect(till?.slice(9, 11)).toEqual(['takings.csv', '2501']);
    const typed = lines.find((line) => line[2] === 'Consulting, March');
    expect(typed?.slice(3, 11)).toEqual(
      flatRate
        ? ['sale', 'standard', 'normal', '1000.50', '200.10', '1200.60', '', '']
        : ['sale', 'standard', 'normal', '1000.50', '200.10', '200.10', '', ''],
    );
    // A description that a spreadsheet would run as a formula is written inert.
    expect(lines.some((line) => line[2] === `'=SUM(A1) "quoted"`)).toBe(true);
    if (flatRate)
      expect(lines[0]?.slice(0, 4)).toEqual(['1', '', 'Flat rate VAT on the period’s turnover', 'flatRate']);
    else expect(lines.filter((line) => line[2] === 'US software').map((line) => line[0])).toEqual(['1', '4', '6', '7']);
  });

  it('follows cash accounting and lists an error corrected on the return as its own line', async () => {
    const { periodStart, periodEnd } = draft;
    const paid = await owner.post('/api/vat_records', {
      vrn: draft.vrn,
      kind: 'sale',
      date: addDays(periodStart, -20),
      paidOn: periodStart,
      description: 'Invoiced before, paid in the period',
      netPence: 50_000,
      vatPence: 10_000,
      rate: 'standard',
      treatment: 'normal',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const correction = await owner.post(`/api/vat_returns/${draft.id}/error_corrections`, {
      periodStart: addMonths(periodStart, -3),
      periodEnd: addDays(periodStart, -1),
      outputTaxPence: 4_500,
      inputTaxPence: 0,
      cause: 'careless',
      description: 'A sale left out of the last return',
      discoveredOn: periodEnd,
    });
    expect(correction.statusCode, correction.body).toBe(201);
    const cash = await owner.put('/api/vat_schemes', {
      vrn: draft.vrn,
      schemes: [{ scheme: 'cashAccounting', startsOn: addDays(periodStart, -30), endsOn: null }],
    });
    expect(cash.statusCode, cash.body).toBe(200);
    try {
      const updated = await owner.put(`/api/vat_returns/${draft.id}`, { flatRate: null });
      const boxes = (updated.json() as ReturnDraft).computed?.boxes;
      if (!boxes) throw new Error('no boxes');
      const { summary, lines } = await auditOf(draft.id);
      expectLinesToAddUp(summary, lines, boxes);
      // The sale paid in the period is in; the records were never paid, so under cash accounting they are out.
      expect(lines.filter((line) => line[2] === 'Invoiced before, paid in the period').map((line) => line[0])).toEqual([
        '1',
        '6',
      ]);
      expect(lines.some((line) => line[2] === 'Consulting, March')).toBe(false);
      expect(lines.filter((line) => line[3] === 'errorCorrection').map((line) => [line[0], line[8]])).toEqual([
        ['1', '45.00'],
      ]);
    } finally {
      await owner.put('/api/vat_schemes', { vrn: draft.vrn, schemes: [] });
      const { corrections } = (await owner.get(`/api/vat_returns/${draft.id}/error_corrections`)).json() as {
        corrections: { id: string }[];
      };
      for (const { id } of corrections)
        await owner.request({ method: 'DELETE', url: `/api/vat_returns/${draft.id}/error_corrections/${id}` });
      await owner.request({ method: 'DELETE', url: `/api/vat_records/${(paid.json() as { id: string }).id}` });
    }
  });

  it('comes as a PDF too, and is the owner’s only', async () => {
    const response = await owner.get(`/api/vat_returns/${draft.id}/audit.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="vat-audit-${draft.vrn}-${draft.periodStart}-to-${draft.periodEnd}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await stranger.get(`/api/vat_returns/${draft.id}/audit.csv`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/vat_returns/${draft.id}/audit.pdf`)).statusCode).toBe(404);
  });
});
