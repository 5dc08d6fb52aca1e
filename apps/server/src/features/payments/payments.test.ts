import {
  addDays,
  type BusinessActivity,
  liabilityListSchema,
  liabilityReferenceOf,
  obligationListSchema,
  penaltiesSchema,
  type ReturnDraft,
  paymentJourneyListSchema,
  paymentJourneySchema,
  startedPaymentSchema,
  ukToday,
} from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type SessionClient } from '../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../test/test-app';
import { connectBusiness } from '../../test/hmrc-journey';

/**
 * Paying HMRC from VAT Wise against the embedded simulator's Initiate payment API: the journey is
 * started for what HMRC says is owed, paid (or not) on the simulator's page as a browser would, and
 * its end read back from HMRC, with the payment looked for in HMRC's payments.
 */

let server: TestApp & { baseUrl: string };
beforeAll(async () => {
  server = await createListeningTestApp();
});
afterAll(async () => {
  await server.close();
});

/** A business whose overdue return has just been filed, so HMRC shows its charge unpaid and overdue. */
async function businessOwing(email: string) {
  const client = await registerUser(server.app, email, 'Olive Owner');
  const { vrn } = await connectBusiness(client);
  const today = ukToday();
  const open = await client.get(`/api/vat/obligations?vrn=${vrn}&from=${addDays(today, -364)}&to=${today}&status=Open`);
  // The simulated history always has one overdue open period.
  const period = obligationListSchema.parse(open.json()).obligations.find((obligation) => obligation.due < today);
  if (!period) throw new Error('no overdue period in the simulated history');
  const started = await client.post('/api/initiate_vat_return', {
    user_vrn: vrn,
    period_key: period.periodKey,
    flat_rate_scheme: false,
    flat_rate_percentage: null,
  });
  const draft = started.json() as ReturnDraft;
  const record = await client.post('/api/vat_records', {
    vrn,
    kind: 'sale',
    date: period.start,
    description: 'Consulting',
    netPence: 500_000,
    vatPence: 100_000,
    rate: 'standard',
    treatment: 'normal',
  });
  expect(record.statusCode, record.body).toBe(201);
  const filed = await client.post(`/api/vat_returns/${draft.id}/submit`, {
    idempotencyKey: draft.idempotencyKey,
    declarationAccepted: true,
  });
  expect(filed.statusCode, filed.body).toBe(200);
  const reference = liabilityReferenceOf({ from: period.start, to: period.end });
  return { client, vrn, period, reference };
}

async function outstandingOf(client: SessionClient, vrn: string, period: { start: string; end: string }) {
  const response = await client.get(`/api/vat/liabilities?vrn=${vrn}&from=${period.start}&to=${period.end}`);
  expect(response.statusCode, response.body).toBe(200);
  const liability = liabilityListSchema
    .parse(response.json())
    .liabilities.find((one) => one.taxPeriod?.from === period.start);
  return liability?.outstandingAmountPence ?? 0;
}

/** The simulator's payment page, answered as a person's browser would send its form. */
async function answerPaymentPage(redirectUrl: string, outcome: 'pay' | 'fail' | 'cancel') {
  const page = await fetch(redirectUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('VAT');
  const answer = await fetch(redirectUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome, amountChoice: 'sent' }).toString(),
    redirect: 'manual',
  });
  expect(answer.status).toBe(303);
  const end = await fetch(redirectUrl);
  return end.text();
}

const start = (client: SessionClient, body: Record<string, unknown>) => client.post('/api/payments', body);

describe('paying HMRC from VAT Wise', () => {
  it('pays a liability through HMRC’s journey, reads it Completed and finds it in HMRC’s payments', async () => {
    const { client, vrn, period, reference } = await businessOwing('payer@example.com');
    const owed = await outstandingOf(client, vrn, period);
    expect(owed).toBe(100_000);

    const response = await start(client, { vrn, kind: 'liability', reference, amountPence: 40_000 });
    expect(response.statusCode, response.body).toBe(201);
    const started = startedPaymentSchema.parse(response.json());
    expect(started.journey).toMatchObject({ status: 'InProgress', amountPence: 40_000, startedByName: 'Olive Owner' });

    const before = paymentJourneySchema.parse((await client.get(`/api/payments/${started.journey.id}`)).json());
    expect(before.status).toBe('InProgress');

    const endPage = await answerPaymentPage(started.redirectUrl, 'pay');
    // HMRC's end page offers the way back to VAT Wise's own page for this journey.
    expect(endPage).toContain(`/app/payments/return?journey=${started.journey.id}`);
    expect(endPage).toContain('VAT Wise');

    // Two readers at once (the outcome page in two tabs): both see it paid, and it is told once.
    const read = async () =>
      paymentJourneySchema.parse((await client.get(`/api/payments/${started.journey.id}`)).json());
    const [after, alsoAfter] = await Promise.all([read(), read()]);
    expect(after).toMatchObject({ status: 'Completed', paidAmountPence: 40_000 });
    expect(alsoAfter).toMatchObject({ status: 'Completed', paidAmountPence: 40_000 });
    expect(after.statusCheckedAt).not.toBeNull();
    expect(after.reconciledAt).not.toBeNull();
    expect(await outstandingOf(client, vrn, period)).toBe(60_000);

    const list = paymentJourneyListSchema.parse((await client.get(`/api/payments?vrn=${vrn}`)).json());
    expect(list.journeys.map((one) => one.id)).toEqual([started.journey.id]);

    const activity = (await client.get(`/api/businesses/${vrn}/activity`)).json() as { activity: BusinessActivity[] };
    expect(activity.activity.map((one) => one.kind)).toEqual(
      expect.arrayContaining(['payment_started', 'payment_completed']),
    );
    expect(activity.activity.filter((one) => one.kind === 'payment_completed')).toHaveLength(1);

    // What is left may be paid; more than that is refused.
    const tooMuch = await start(client, { vrn, kind: 'liability', reference, amountPence: 60_001 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('£600.00') });
    const rest = await start(client, { vrn, kind: 'liability', reference, amountPence: 60_000 });
    expect(rest.statusCode, rest.body).toBe(201);
    await answerPaymentPage(startedPaymentSchema.parse(rest.json()).redirectUrl, 'pay');
    const second = paymentJourneySchema.parse(
      (await client.get(`/api/payments/${startedPaymentSchema.parse(rest.json()).journey.id}`)).json(),
    );
    expect(second).toMatchObject({ status: 'Completed', paidAmountPence: 60_000 });
    expect(second.reconciledAt).not.toBeNull();
    expect(await outstandingOf(client, vrn, period)).toBe(0);
    const nothingLeft = await start(client, { vrn, kind: 'liability', reference, amountPence: 1 });
    expect(nothingLeft.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('reads refused and cancelled journeys as Failed, leaving what is owed', async () => {
    const { client, vrn, period } = await businessOwing('refused@example.com');
    for (const outcome of ['fail', 'cancel'] as const) {
      const response = await start(client, { vrn, kind: 'return', reference: period.periodKey, amountPence: 100_000 });
      expect(response.statusCode, response.body).toBe(201);
      const started = startedPaymentSchema.parse(response.json());
      await answerPaymentPage(started.redirectUrl, outcome);
      const journey = paymentJourneySchema.parse((await client.get(`/api/payments/${started.journey.id}`)).json());
      expect(journey).toMatchObject({ status: 'Failed', paidAmountPence: null, reconciledAt: null });
    }
    expect(await outstandingOf(client, vrn, period)).toBe(100_000);
  });

  it('refuses bad input with a clear error', async () => {
    const { client, vrn, period, reference } = await businessOwing('careful@example.com');
    const noPence = await start(client, { vrn, kind: 'liability', reference, amountPence: 10.5 });
    expect(noPence.statusCode).toBe(400);
    const badReference = await start(client, { vrn, kind: 'liability', reference: period.periodKey, amountPence: 100 });
    expect(badReference.statusCode).toBe(400);
    expect(badReference.body).toContain('period key, period or charge reference');
    const otherPeriod = liabilityReferenceOf({ from: addDays(ukToday(), -2000), to: addDays(ukToday(), -1910) });
    const unknown = await start(client, { vrn, kind: 'liability', reference: otherPeriod, amountPence: 100 });
    expect(unknown.statusCode).toBe(404);
    const noPenalty = await start(client, { vrn, kind: 'penalty', reference: 'XA000000000000', amountPence: 100 });
    expect(noPenalty.statusCode).toBe(404);
  });

  it('pays a late payment penalty, up to what HMRC shows outstanding for it', async () => {
    const client = await registerUser(server.app, 'penalised@example.com');
    const { vrn } = await connectBusiness(client);
    // The simulated history has one charge paid 16 to 25 days late, and its posted first penalty.
    const { penalties } = penaltiesSchema.parse((await client.get(`/api/vat/penalties?vrn=${vrn}`)).json());
    const penalty = penalties.find((one) => one.kind === 'latePayment' && (one.outstandingPence ?? 0) > 0);
    const reference = penalty?.chargeReference ?? '';
    const outstanding = penalty?.outstandingPence ?? 0;
    expect(reference).toMatch(/^XP\d{12}$/);
    const tooMuch = await start(client, { vrn, kind: 'penalty', reference, amountPence: outstanding + 1 });
    expect(tooMuch.statusCode).toBe(400);
    const response = await start(client, { vrn, kind: 'penalty', reference, amountPence: outstanding });
    expect(response.statusCode, response.body).toBe(201);
    const started = startedPaymentSchema.parse(response.json());
    expect(started.journey).toMatchObject({ kind: 'penalty', reference, amountPence: outstanding });
    await answerPaymentPage(started.redirectUrl, 'pay');
    const journey = paymentJourneySchema.parse((await client.get(`/api/payments/${started.journey.id}`)).json());
    expect(journey).toMatchObject({ status: 'Completed', paidAmountPence: outstanding });
  });

  it('keeps a workspace’s journeys from every other workspace', async () => {
    const { client, vrn, reference } = await businessOwing('holder@example.com');
    const started = startedPaymentSchema.parse(
      (await start(client, { vrn, kind: 'liability', reference, amountPence: 100 })).json(),
    );
    const stranger = await registerUser(server.app, 'stranger@example.com');
    expect((await stranger.get(`/api/payments/${started.journey.id}`)).statusCode).toBe(404);
    expect(paymentJourneyListSchema.parse((await stranger.get(`/api/payments?vrn=${vrn}`)).json()).journeys).toEqual(
      [],
    );
    const theirs = await start(stranger, { vrn, kind: 'liability', reference, amountPence: 100 });
    expect(theirs.json()).toMatchObject({ code: 'BUSINESS_NOT_YOURS' });
  });
});
