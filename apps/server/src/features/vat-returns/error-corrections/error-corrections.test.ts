import { addDays, type ReturnDraft, type ReturnErrorCorrections, ukToday } from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPractice, join } from '../../../test/practice-journey';
import { registerUser, type SessionClient } from '../../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../../test/test-app';
import { businessWithOverduePeriod, startReturn } from '../test-journey';

/**
 * Errors found in earlier returns (VAT Notice 700/45), against the embedded HMRC simulator: within
 * the limit they go into boxes 1 and 4 and are filed with the return (method 1); over it, or
 * deliberate, they stay out of the boxes and the separate notification (VAT652) is ready (method 2).
 */

let server: TestApp & { baseUrl: string };
let alice: SessionClient;
let bob: SessionClient;

beforeAll(async () => {
  server = await createListeningTestApp();
  alice = await registerUser(server.app, 'alice-errors@example.com', 'Alice');
  bob = await registerUser(server.app, 'bob-errors@example.com', 'Bob');
});
afterAll(async () => {
  await server.close();
});

/** A return with one £10,000 sale (box 6 £10,000: the limit is the £10,000 floor), and an earlier period. */
async function returnWithSale(client: SessionClient) {
  const { vrn, period } = await businessWithOverduePeriod(client);
  const { draft } = await startReturn(client, vrn, period.periodKey);
  const sale = await client.post('/api/vat_records', {
    vrn,
    kind: 'sale',
    date: period.start,
    description: 'Invoice 1',
    netPence: 1_000_000,
    vatPence: 200_000,
    rate: 'standard',
    treatment: 'normal',
  });
  expect(sale.statusCode, sale.body).toBe(201);
  const earlier = { periodStart: addDays(period.start, -92), periodEnd: addDays(period.start, -1) };
  return { vrn, period, draft, earlier };
}

const errorIn = (earlier: { periodStart: string; periodEnd: string }, fields: Record<string, unknown>) => ({
  ...earlier,
  outputTaxPence: 0,
  inputTaxPence: 0,
  cause: 'careless',
  description: 'Invoice 0931 was left out of the sales day book',
  discoveredOn: ukToday(),
  ...fields,
});

const boxesOf = async (client: SessionClient, id: string) =>
  ((await client.get(`/api/vat_returns/${id}`)).json() as ReturnDraft).computed?.boxes;

describe('errors found in earlier returns', () => {
  it('corrects errors within the limit on the return: boxes 1 and 4 move, box 5 follows, and they are filed', async () => {
    const { draft, earlier } = await returnWithSale(alice);
    const added = await alice.post(
      `/api/vat_returns/${draft.id}/error_corrections`,
      errorIn(earlier, { outputTaxPence: 50_000, inputTaxPence: 10_000 }),
    );
    expect(added.statusCode, added.body).toBe(201);
    const result = added.json() as ReturnErrorCorrections;
    expect(result.working).toMatchObject({
      box6Pence: 1_000_000,
      onePercentOfBox6Pence: 10_000,
      limitPence: 1_000_000,
      netPence: 60_000,
      method: 'return',
      reason: 'withinLimit',
      carelessAdvice: true,
    });
    expect(result.notification).toBeNull();

    const read = (await alice.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft;
    // £2,000 on the sale + £500 under-declared; £100 of input tax over-claimed comes out of box 4.
    expect(read.computed?.boxes).toMatchObject({ box1: 250_000, box3: 250_000, box4: -10_000, box5: 260_000 });
    expect(read.computed?.contributions.box1[0]).toMatchObject({
      amountPence: 50_000,
      description: expect.stringContaining('Invoice 0931 was left out'),
    });
    expect((await alice.get(`/api/vat_returns/${draft.id}/error-notification.pdf`)).statusCode).toBe(404);

    const submitted = await alice.post(`/api/vat_returns/${draft.id}/submit`, {
      idempotencyKey: draft.idempotencyKey,
      declarationAccepted: true,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((submitted.json() as ReturnDraft).receipt?.boxes).toMatchObject({ box1: 250_000, box4: -10_000 });

    // Filed: the errors and their working stay readable, and can no longer change.
    const after = (await alice.get(`/api/vat_returns/${draft.id}/error_corrections`)).json() as ReturnErrorCorrections;
    expect(after.working).toMatchObject({ method: 'return', box6Pence: 1_000_000 });
    expect(after.corrections).toHaveLength(1);
    const late = await alice.post(
      `/api/vat_returns/${draft.id}/error_corrections`,
      errorIn(earlier, { outputTaxPence: 100 }),
    );
    expect(late.json()).toMatchObject({ code: 'RETURN_LOCKED' });
  });

  it('leaves errors over the limit out of the boxes and prepares the separate notification as a PDF', async () => {
    const { vrn, draft, earlier } = await returnWithSale(alice);
    const before = await boxesOf(alice, draft.id);
    const added = await alice.post(
      `/api/vat_returns/${draft.id}/error_corrections`,
      errorIn(earlier, { outputTaxPence: 1_000_001 }),
    );
    expect(added.statusCode, added.body).toBe(201);
    const result = added.json() as ReturnErrorCorrections;
    expect(result.working).toMatchObject({ netPence: 1_000_001, method: 'separate', reason: 'overLimit' });
    expect(result.notification).toMatchObject({
      vrn,
      periods: [{ ...earlier, outputTaxPence: 1_000_001, inputTaxPence: 0, netPence: 1_000_001 }],
      netPence: 1_000_001,
      errors: [{ cause: 'careless', description: 'Invoice 0931 was left out of the sales day book' }],
      date: ukToday(),
    });
    expect(await boxesOf(alice, draft.id)).toEqual(before);

    const pdf = await alice.get(`/api/vat_returns/${draft.id}/error-notification.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`vat-error-notification-${vrn}`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain(`Notification of VAT errors ${vrn}`);

    // A penny less in the business's favour brings it within the limit: now on the return.
    const offset = await alice.post(
      `/api/vat_returns/${draft.id}/error_corrections`,
      errorIn(earlier, { inputTaxPence: -1, cause: 'reasonableCare', description: 'A bill not reclaimed' }),
    );
    expect((offset.json() as ReturnErrorCorrections).working).toMatchObject({ netPence: 1_000_000, method: 'return' });
    expect((await boxesOf(alice, draft.id))?.box1).toBe(1_200_001);

    // Removing the error over the limit takes it out of the boxes again.
    const first = (offset.json() as ReturnErrorCorrections).corrections.find(
      (error) => error.outputTaxPence === 1_000_001,
    );
    const removed = await alice.request({
      method: 'DELETE',
      url: `/api/vat_returns/${draft.id}/error_corrections/${first?.id ?? ''}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as ReturnErrorCorrections).corrections.map((error) => error.inputTaxPence)).toEqual([-1]);
    expect(await boxesOf(alice, draft.id)).toMatchObject({ box1: before?.box1, box4: 1 });
    const again = await alice.request({
      method: 'DELETE',
      url: `/api/vat_returns/${draft.id}/error_corrections/${first?.id ?? ''}`,
    });
    expect(again.statusCode).toBe(404);
  });

  it('always notifies a deliberate error separately, however small', async () => {
    const { draft, earlier } = await returnWithSale(alice);
    const before = await boxesOf(alice, draft.id);
    const added = await alice.post(
      `/api/vat_returns/${draft.id}/error_corrections`,
      errorIn(earlier, { outputTaxPence: 500, cause: 'deliberate' }),
    );
    expect((added.json() as ReturnErrorCorrections).working).toMatchObject({
      method: 'separate',
      reason: 'deliberate',
    });
    expect(await boxesOf(alice, draft.id)).toEqual(before);
  });

  it('says what to fix: an amount, an earlier period, one ended in the last 4 years', async () => {
    const { period, draft, earlier } = await returnWithSale(alice);
    const add = (fields: Record<string, unknown>) =>
      alice.post(`/api/vat_returns/${draft.id}/error_corrections`, errorIn(earlier, fields));

    const noAmount = await add({});
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json()).toMatchObject({ code: 'VALIDATION_FAILED' });

    const thisPeriod = await add({ outputTaxPence: 100, periodStart: period.start, periodEnd: period.end });
    expect(thisPeriod.statusCode).toBe(400);
    expect(thisPeriod.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'periodEnd', message: expect.stringContaining('earlier period') }],
    });

    const tooOld = await add({ outputTaxPence: 100, periodStart: '2019-01-01', periodEnd: '2019-03-31' });
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json()).toMatchObject({
      issues: [{ path: 'periodEnd', message: expect.stringContaining('4 years') }],
    });

    const future = await add({ outputTaxPence: 100, discoveredOn: addDays(ukToday(), 1) });
    expect(future.json()).toMatchObject({ issues: [{ path: 'discoveredOn' }] });

    expect((await alice.get(`/api/vat_returns/${draft.id}/error_corrections`)).json()).toMatchObject({
      corrections: [],
      working: { method: 'none' },
    });
  });

  it('voids an approval when an error changes the boxes, as a record change does', async () => {
    const owner = await registerUser(server.app, 'owner-errors@example.com', 'Olga Owner');
    const practice = await createPractice(owner, 'Practice E');
    const preparer = await join(server, owner, practice, 'preparer-errors@example.com', 'preparer', 'Pia');
    const reviewer = await join(server, owner, practice, 'reviewer-errors@example.com', 'reviewer', 'Rex');
    const { draft, earlier } = await returnWithSale(preparer);
    await preparer.post(`/api/vat_returns/${draft.id}/ready`);
    const approved = (await reviewer.post(`/api/vat_returns/${draft.id}/approve`)).json() as ReturnDraft;
    expect(approved.review.state).toBe('approved');

    // Over the limit: notified separately, the boxes are as approved.
    await preparer.post(
      `/api/vat_returns/${draft.id}/error_corrections`,
      errorIn(earlier, { outputTaxPence: 2_000_000 }),
    );
    expect(((await preparer.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft).review.state).toBe('approved');
    // Within it: box 1 moves and the approval no longer stands.
    await preparer.post(
      `/api/vat_returns/${draft.id}/error_corrections`,
      errorIn(earlier, { outputTaxPence: -1_500_000 }),
    );
    expect(((await preparer.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft).review.state).toBe('changed');
  });

  it('keeps a return’s errors to its own workspace', async () => {
    const { draft, earlier } = await returnWithSale(alice);
    const added = (
      await alice.post(`/api/vat_returns/${draft.id}/error_corrections`, errorIn(earlier, { outputTaxPence: 100 }))
    ).json() as ReturnErrorCorrections;
    expect((await bob.get(`/api/vat_returns/${draft.id}/error_corrections`)).json()).toMatchObject({
      code: 'RETURN_NOT_FOUND',
    });
    const stranger = await bob.post(
      `/api/vat_returns/${draft.id}/error_corrections`,
      errorIn(earlier, { outputTaxPence: 1 }),
    );
    expect(stranger.json()).toMatchObject({ code: 'RETURN_NOT_FOUND' });
    const removal = await bob.request({
      method: 'DELETE',
      url: `/api/vat_returns/${draft.id}/error_corrections/${added.corrections[0]?.id ?? ''}`,
    });
    expect(removal.json()).toMatchObject({ code: 'RETURN_NOT_FOUND' });
    expect(
      ((await alice.get(`/api/vat_returns/${draft.id}/error_corrections`)).json() as ReturnErrorCorrections)
        .corrections,
    ).toHaveLength(1);
  });
});
