import { addDays, obligationListSchema, type ReturnDraft, ukToday, type VatRecord } from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type SessionClient } from '../../test/session-client';
import { fileWithOtherSoftware, otherSoftwareEnv } from '../../test/other-software';
import { createListeningTestApp, type TestApp } from '../../test/test-app';
import { businessWithOverduePeriod, importForm, startReturn } from './test-journey';

/**
 * VAT returns end to end on the server, against the embedded HMRC simulator over real HTTP:
 * start a return for an open period, record and import, submit once, settle lost answers.
 */

let server: TestApp & { baseUrl: string };
let alice: SessionClient;
let bob: SessionClient;

const operator = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.baseUrl}/hmrc-sandbox/operator${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return response.status === 204 ? undefined : ((await response.json()) as Record<string, unknown>);
};
const submissionsReceived = async () =>
  ((await operator('GET', '/calls')) as { calls: Record<string, number> }).calls.submitReturn ?? 0;

const sale = (date: string, netPence: number, vatPence: number, rate = 'standard') => ({
  kind: 'sale',
  date,
  description: `Invoice of ${date}`,
  netPence,
  vatPence,
  rate,
  treatment: 'normal',
});

beforeAll(async () => {
  server = await createListeningTestApp(otherSoftwareEnv);
  alice = await registerUser(server.app, 'alice@example.com', 'Alice');
  bob = await registerUser(server.app, 'bob@example.com', 'Bob');
});
afterAll(async () => {
  await server.close();
});

describe('starting a return', () => {
  it('starts a draft for an open period with HMRC’s dates, and reopens the same draft the second time', async () => {
    const { vrn, period } = await businessWithOverduePeriod(alice);
    const first = await startReturn(alice, vrn, period.periodKey);
    expect(first.response.statusCode).toBe(201);
    expect(first.draft).toMatchObject({
      vrn,
      periodStart: period.start,
      periodEnd: period.end,
      due: period.due,
      status: 'draft',
      receipt: null,
    });
    expect(first.draft.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.draft.computed?.boxes.box5).toBe(0);
    expect(first.draft.computed?.warnings.map((warning) => warning.code)).toContain('NO_RECORDS');
    const again = await startReturn(alice, vrn, period.periodKey);
    expect(again.response.statusCode).toBe(200);
    expect(again.draft.id).toBe(first.draft.id);
  });

  it('refuses a period HMRC does not list as open, and another user’s business', async () => {
    const { vrn, period } = await businessWithOverduePeriod(alice);
    expect((await startReturn(alice, vrn, '17A1')).draft).toMatchObject({ code: 'PERIOD_NOT_OPEN' });
    const stranger = await startReturn(bob, vrn, period.periodKey);
    expect(stranger.response.statusCode).toBe(403);
    expect(stranger.draft).toMatchObject({ code: 'BUSINESS_NOT_YOURS' });
  });
});

describe('records and boxes', () => {
  it('works the boxes out from the period’s records, and a deleted record can be restored', async () => {
    const { vrn, period } = await businessWithOverduePeriod(alice);
    const { draft } = await startReturn(alice, vrn, period.periodKey);
    const add = async (body: Record<string, unknown>) => {
      const response = await alice.post('/api/vat_records', { vrn, ...body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as VatRecord;
    };
    await add(sale(period.start, 4_200_000, 840_000));
    await add(sale(period.end, 350_040, 0, 'zero'));
    const purchase = await add({ ...sale(period.start, 1_234_500, 246_900), kind: 'purchase' });
    await add(sale(addDays(period.end, 1), 999_900, 199_980)); // the next period: not in this return

    const boxes = ((await alice.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft).computed?.boxes;
    expect(boxes).toEqual({
      box1: 840_000,
      box2: 0,
      box3: 840_000,
      box4: 246_900,
      box5: 593_100,
      box6: 4_550_000,
      box7: 1_234_500,
      box8: 0,
      box9: 0,
    });

    expect((await alice.request({ method: 'DELETE', url: `/api/vat_records/${purchase.id}` })).statusCode).toBe(204);
    let after = ((await alice.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft).computed?.boxes;
    expect(after?.box4).toBe(0);
    expect((await alice.post(`/api/vat_records/${purchase.id}/restore`)).statusCode).toBe(200);
    after = ((await alice.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft).computed?.boxes;
    expect(after?.box4).toBe(246_900);
  });

  it('says what to fix in a record', async () => {
    const { vrn } = await businessWithOverduePeriod(alice);
    const response = await alice.post('/api/vat_records', {
      vrn,
      kind: 'adjustment',
      date: '2026-01-01',
      description: 'x',
      box: 3,
      amountPence: 5,
      adjustmentType: 'other',
      reason: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('importing a CSV (bridging)', () => {
  it('previews, then applies, keeping the file’s name, size, hash and rows with the return', async () => {
    const { vrn, period } = await businessWithOverduePeriod(alice);
    const { draft } = await startReturn(alice, vrn, period.periodKey);
    const csv = `Date,Description,Net,VAT\n${period.start},Consulting,"1,000.00",200.00\n${period.end},Books,50.00,0.00\n`;
    const body = importForm({ vrn, draftId: draft.id }, 'sales.csv', csv);
    const preview = await alice.postForm('/api/vat_imports/preview', body);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      fileName: 'sales.csv',
      sizeBytes: csv.length,
      problems: [],
      problemCount: 0,
      rows: [2, 3],
      recordCount: 2,
    });
    const applied = await alice.postForm('/api/vat_imports', body);
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.json().recordCount).toBe(2);
    const imports = (await alice.get(`/api/vat_imports?draftId=${draft.id}`)).json().imports;
    expect(imports[0]).toMatchObject({
      fileName: 'sales.csv',
      rowRuns: [[2, 3]],
      rowCount: 2,
      sha256: preview.json().sha256,
    });
    // Another account's return, or none, is not found rather than a return with no imports.
    for (const [client, draftId] of [
      [bob, draft.id],
      [alice, 'no-such-return'],
    ] as const) {
      const listed = await client.get(`/api/vat_imports?draftId=${draftId}`);
      expect(listed.statusCode).toBe(404);
      expect(listed.json().code).toBe('RETURN_NOT_FOUND');
    }
    const boxes = ((await alice.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft).computed?.boxes;
    expect(boxes).toMatchObject({ box1: 20_000, box6: 105_000 });
  });

  it('says how to send an import that is not a form with a file, and records nothing', async () => {
    const { vrn, period } = await businessWithOverduePeriod(alice);
    const { draft } = await startReturn(alice, vrn, period.periodKey);
    const asJson = await alice.post('/api/vat_imports', { vrn, draftId: draft.id, kind: 'transactions' });
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json().message).toContain('multipart/form-data');

    const noFile = importForm({ vrn, draftId: draft.id }, 'sales.csv', 'Date,Description,Net,VAT\n');
    noFile.delete('file');
    const withoutFile = await alice.postForm('/api/vat_imports', noFile);
    expect(withoutFile.statusCode).toBe(400);
    expect(withoutFile.json().issues).toEqual([{ path: 'file', message: 'Choose a file to import' }]);

    const badMapping = importForm({ vrn, draftId: draft.id }, 'sales.csv', 'Date,Description,Net,VAT\n');
    badMapping.set('mapping', '{not json');
    const withBadMapping = await alice.postForm('/api/vat_imports/preview', badMapping);
    expect(withBadMapping.statusCode).toBe(400);
    expect(withBadMapping.json().issues[0].path).toBe('mapping');

    const records = (await alice.get(`/api/vat_records?vrn=${vrn}&from=${period.start}&to=${period.end}`)).json();
    expect(records.records).toEqual([]);
  });

  it('refuses a file with a bad row and records nothing from it', async () => {
    const { vrn, period } = await businessWithOverduePeriod(alice);
    const { draft } = await startReturn(alice, vrn, period.periodKey);
    const csv = `Date,Description,Net,VAT\n${period.start},Good,100.00,20.00\n${period.start},Bad,twelve,0\n`;
    const response = await alice.postForm('/api/vat_imports', importForm({ vrn, draftId: draft.id }, 'mixed.csv', csv));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('IMPORT_HAS_PROBLEMS');
    expect(response.json().issues[0]).toMatchObject({ path: expect.stringContaining('row 3') });
    const boxes = ((await alice.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft).computed?.boxes;
    expect(boxes?.box1).toBe(0);
  });
});

describe('submitting exactly once', () => {
  async function readyDraft(client: SessionClient) {
    const { vrn, period } = await businessWithOverduePeriod(client);
    const { draft } = await startReturn(client, vrn, period.periodKey);
    await client.post('/api/vat_records', { vrn, ...sale(period.start, 1_000_000, 200_000) });
    return { vrn, period, draft };
  }

  it('submits, keeps HMRC’s receipt, and HMRC shows the period fulfilled', async () => {
    const { vrn, period, draft } = await readyDraft(alice);
    const before = await submissionsReceived();
    const response = await alice.post(`/api/vat_returns/${draft.id}/submit`, {
      idempotencyKey: draft.idempotencyKey,
      declarationAccepted: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const submitted = response.json() as ReturnDraft;
    expect(submitted.status).toBe('submitted');
    expect(submitted.receipt).toMatchObject({
      confirmedBy: 'response',
      formBundleNumber: expect.stringMatching(/^\d{12}$/),
      boxes: { box1: 200_000, box5: 200_000, box6: 1_000_000 },
      submittedBy: { email: 'alice@example.com' },
    });
    expect(submitted.receipt?.fraudHeaders['Gov-Client-Connection-Method']).toBe('WEB_APP_VIA_SERVER');
    expect(await submissionsReceived()).toBe(before + 1);

    // Asking again sends nothing and gives the same receipt.
    const again = await alice.post(`/api/vat_returns/${draft.id}/submit`, {
      idempotencyKey: draft.idempotencyKey,
      declarationAccepted: true,
    });
    expect((again.json() as ReturnDraft).receipt?.formBundleNumber).toBe(submitted.receipt?.formBundleNumber);
    expect(await submissionsReceived()).toBe(before + 1);

    const open = obligationListSchema.parse(
      (await alice.get(`/api/vat/obligations?vrn=${vrn}&from=${period.start}&to=${period.end}&status=Open`)).json(),
    );
    expect(open.obligations.some((obligation) => obligation.periodKey === period.periodKey)).toBe(false);

    const pdf = await alice.get(`/api/vat_returns/${draft.id}/receipt.pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('sends one request however many arrive at once', async () => {
    const { draft } = await readyDraft(alice);
    const before = await submissionsReceived();
    const clicks = await Promise.all(
      Array.from({ length: 4 }, () =>
        alice.post(`/api/vat_returns/${draft.id}/submit`, {
          idempotencyKey: draft.idempotencyKey,
          declarationAccepted: true,
        }),
      ),
    );
    expect(clicks.every((click) => click.statusCode === 200)).toBe(true);
    expect(await submissionsReceived()).toBe(before + 1);
    const final = (await alice.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft;
    expect(final.status).toBe('submitted');
  });

  it('refuses the declaration unticked, and a stale page', async () => {
    const { draft } = await readyDraft(alice);
    const unticked = await alice.post(`/api/vat_returns/${draft.id}/submit`, { idempotencyKey: draft.idempotencyKey });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().issues[0].message).toBe('Tick the declaration to submit the return');
    const stale = await alice.post(`/api/vat_returns/${draft.id}/submit`, {
      idempotencyKey: '00000000-0000-4000-8000-000000000000',
      declarationAccepted: true,
    });
    expect(stale.json().code).toBe('RETURN_OUT_OF_DATE');
  });

  it('settles a lost answer by asking HMRC: filed, so submitted, confirmed by HMRC’s records', async () => {
    const { draft } = await readyDraft(alice);
    const before = await submissionsReceived();
    await operator('POST', '/faults', { endpoint: 'submitReturn', kind: 'dropAfter' });
    const response = await alice.post(`/api/vat_returns/${draft.id}/submit`, {
      idempotencyKey: draft.idempotencyKey,
      declarationAccepted: true,
    });
    const settled = response.json() as ReturnDraft;
    expect(settled.status).toBe('submitted');
    expect(settled.receipt).toMatchObject({
      confirmedBy: 'returnView',
      formBundleNumber: null,
      boxes: { box1: 200_000 },
    });
    expect(await submissionsReceived()).toBe(before + 1);
  });

  it('refuses a period that has not ended, before anything reaches HMRC', async () => {
    const { vrn } = await readyDraft(alice);
    const current = obligationListSchema
      .parse(
        (
          await alice.get(
            `/api/vat/obligations?vrn=${vrn}&from=${addDays(ukToday(), -100)}&to=${ukToday()}&status=Open`,
          )
        ).json(),
      )
      .obligations.find((obligation) => obligation.end >= ukToday());
    if (!current) throw new Error('no current period');
    const { draft: early } = await startReturn(alice, vrn, current.periodKey);
    await alice.post('/api/vat_records', { vrn, ...sale(current.start, 10_000, 2_000) });
    const before = await submissionsReceived();
    const refused = await alice.post(`/api/vat_returns/${early.id}/submit`, {
      idempotencyKey: early.idempotencyKey,
      declarationAccepted: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'PERIOD_NOT_ENDED',
      message: `This period ends on ${current.end}: HMRC accepts its return from ${addDays(current.end, 1)}.`,
    });
    expect(await submissionsReceived()).toBe(before);
    const kept = (await alice.get(`/api/vat_returns/${early.id}`)).json() as ReturnDraft;
    expect(kept.status).toBe('draft');
    expect(kept.computed?.boxes.box1).toBe(2_000);
  });

  it('sends a return HMRC throttled once again after its wait, and files it', async () => {
    const { draft } = await readyDraft(alice);
    const before = await submissionsReceived();
    await operator('POST', '/faults', { endpoint: 'submitReturn', kind: 'error429', count: 1 });
    const response = await alice.post(`/api/vat_returns/${draft.id}/submit`, {
      idempotencyKey: draft.idempotencyKey,
      declarationAccepted: true,
    });
    const submitted = response.json() as ReturnDraft;
    expect(submitted.status).toBe('submitted');
    expect(submitted.receipt?.confirmedBy).toBe('response');
    expect(await submissionsReceived()).toBe(before + 2);
  });

  it('keeps the draft and its figures when HMRC refuses it (throttled on every try), and says why', async () => {
    const { draft } = await readyDraft(alice);
    await operator('POST', '/faults', { endpoint: 'submitReturn', kind: 'error429', count: 10 });
    const refused = await alice.post(`/api/vat_returns/${draft.id}/submit`, {
      idempotencyKey: draft.idempotencyKey,
      declarationAccepted: true,
    });
    await operator('DELETE', '/faults');
    const failed = refused.json() as ReturnDraft;
    // Refused, not "checking with HMRC": a 429 says nothing was filed, so it may be sent again at once.
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toMatchObject({ code: 'HMRC_RATE_LIMITED' });
    expect(failed.computed?.boxes.box1).toBe(200_000);
    const again = await alice.post(`/api/vat_returns/${draft.id}/submit`, {
      idempotencyKey: draft.idempotencyKey,
      declarationAccepted: true,
    });
    expect((again.json() as ReturnDraft).status).toBe('submitted');
  });
});

describe('settling by HMRC’s evidence', () => {
  it('never takes a return another program filed first for ours: "filed elsewhere", HMRC’s figures beside ours', async () => {
    const { vrn, userId, password, period } = await businessWithOverduePeriod(alice);
    const { draft } = await startReturn(alice, vrn, period.periodKey);
    await alice.post('/api/vat_records', { vrn, ...sale(period.start, 2_000_000, 400_000) });
    await fileWithOtherSoftware(server.baseUrl, { userId, password, vrn }, period.periodKey, 111.11);

    const response = await alice.post(`/api/vat_returns/${draft.id}/submit`, {
      idempotencyKey: draft.idempotencyKey,
      declarationAccepted: true,
    });
    const elsewhere = response.json() as ReturnDraft;
    expect(elsewhere.status).toBe('filed_elsewhere');
    expect(elsewhere.receipt).toBeNull();
    expect(elsewhere.lastError?.code).toBe('FILED_ELSEWHERE');
    expect(elsewhere.filedElsewhere).toMatchObject({
      hmrcBoxes: { box1: 11_111, box5: 11_111, box6: 0 },
      ourBoxes: { box1: 400_000, box5: 400_000, box6: 2_000_000 },
    });
    expect((await alice.get(`/api/vat_returns/${draft.id}/receipt.pdf`)).statusCode).toBe(404);
    // Our draft is kept as it was: its records are all there.
    const records = (await alice.get(`/api/vat_returns/${draft.id}/records`)).json() as { total: number };
    expect(records.total).toBe(1);

    // Asking again sends nothing: HMRC already holds the period.
    const before = await submissionsReceived();
    const again = await alice.post(`/api/vat_returns/${draft.id}/submit`, {
      idempotencyKey: draft.idempotencyKey,
      declarationAccepted: true,
    });
    expect((again.json() as ReturnDraft).status).toBe('filed_elsewhere');
    expect(await submissionsReceived()).toBe(before);
  });

  it('settles a lost submission as "filed elsewhere" when HMRC then holds another program’s return', async () => {
    const { vrn, userId, password, period } = await businessWithOverduePeriod(alice);
    const { draft } = await startReturn(alice, vrn, period.periodKey);
    await alice.post('/api/vat_records', { vrn, ...sale(period.start, 1_000_000, 200_000) });
    // Ours is lost on the way, before HMRC acts on it; HMRC has no return yet, so the outcome waits.
    await operator('POST', '/faults', { endpoint: 'submitReturn', kind: 'drop' });
    const lost = (
      await alice.post(`/api/vat_returns/${draft.id}/submit`, {
        idempotencyKey: draft.idempotencyKey,
        declarationAccepted: true,
      })
    ).json() as ReturnDraft;
    expect(lost.status).toBe('unknown');

    await fileWithOtherSoftware(server.baseUrl, { userId, password, vrn }, period.periodKey, 50);
    const settled = (await alice.post(`/api/vat_returns/${draft.id}/settle`, {})).json() as ReturnDraft;
    expect(settled.status).toBe('filed_elsewhere');
    expect(settled.receipt).toBeNull();
    expect(settled.filedElsewhere?.hmrcBoxes.box1).toBe(5_000);
    expect(settled.filedElsewhere?.ourBoxes.box1).toBe(200_000);
  });
});
