/**
 * The Initiate payment journey on the real Fastify server: POST /pay, the simulator's payment
 * pages in a simulated browser (pay, the bank refuses, cancel; another amount; no amount), the
 * way back to the software, GET /status, and a completed VAT payment showing on the VRN's account
 * through the VAT API's payments, liabilities and financial details.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basePath, type Sandbox, SimulatedBrowser, startSandbox } from '../test/harness';
import { OpenApiDefinition } from '../test/openapi';
import {
  answerPaymentPage,
  pagePathOf,
  paymentStatus as statusCall,
  startedPayment,
  startPayment,
} from '../test/payments';
import { type Business, newBusiness, periodsOf } from '../test/vat-assist';

const definition = new OpenApiDefinition(new URL('../../reference/initiate-payment/application.yaml', import.meta.url));

/** GET /status, its answer checked against HMRC's definition. */
async function paymentStatus(...args: Parameters<typeof statusCall>) {
  const answer = await statusCall(...args);
  definition.expectConforms('/status', 'get', answer);
  return answer;
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const lastYear = `from=${isoDay(-364)}&to=${isoDay(0)}`;

/** A business that has just filed the return it owed: a charge of £1,234.56, due already. */
async function businessOwing(): Promise<{ business: Business; chargeRef: string }> {
  const business = await newBusiness(sandbox);
  const { ended } = await periodsOf(sandbox, business);
  const filed = await sandbox.vat('POST', `/organisations/vat/${business.vrn}/returns`, {
    token: business.token,
    body: JSON.stringify({
      periodKey: ended.periodKey,
      vatDueSales: 2_000,
      vatDueAcquisitions: 0,
      totalVatDue: 2_000,
      vatReclaimedCurrPeriod: 765.44,
      netVatDue: 1_234.56,
      totalValueSalesExVAT: 10_000,
      totalValuePurchasesExVAT: 3_827,
      totalValueGoodsSuppliedExVAT: 0,
      totalAcquisitionsExVAT: 0,
      finalised: true,
    }),
  });
  expect(filed.statusCode, filed.body).toBe(201);
  return { business, chargeRef: (filed.json() as { chargeRefNumber: string }).chargeRefNumber };
}

const vatApi = (business: Business, path: string) =>
  sandbox.vat('GET', `/organisations/vat/${business.vrn}${path}`, { token: business.token });

describe('a VAT payment paid on the payment pages', () => {
  it('goes from the software to HMRC’s pages and back, and shows on the VAT account', async () => {
    const { business, chargeRef } = await businessOwing();
    const paymentsBefore = await vatApi(business, `/payments?${lastYear}`);
    const { redirectURL, clientJourneyId } = await startedPayment(sandbox, {
      taxRegime: 'Vat',
      reference: business.vrn,
      amountInPence: 123_456,
      backURL: 'https://software.example/after-pay?journey=1',
      friendlyName: 'Test Software Ltd',
    });
    expect(redirectURL).toMatch(new RegExp(`^http://localhost(:80)?${basePath}/pay/[0-9a-f]{32}$`));
    expect((await paymentStatus(sandbox, clientJourneyId)).json()).toMatchObject({ paymentStatus: 'InProgress' });

    const { form, result } = await answerPaymentPage(sandbox, redirectURL, { outcome: 'pay', amountChoice: 'full' });
    expect(form.status).toBe(200);
    expect(form.html).toContain('<h1>Pay your VAT</h1>');
    expect(form.html).toContain(business.vrn);
    expect(form.html).toContain('£1,234.56, the amount your software sent');
    expect(result.status).toBe(200);
    expect(result.html).toContain('Payment received');
    expect(result.html).toContain('href="https://software.example/after-pay?journey=1"');
    expect(result.html).toContain('Return to Test Software Ltd');

    expect((await paymentStatus(sandbox, clientJourneyId)).json()).toEqual({
      clientJourneyId,
      taxRegime: 'Vat',
      amountInPence: 123_456,
      paymentStatus: 'Completed',
    });
    const payments = (await vatApi(business, `/payments?${lastYear}`)).json() as { payments: object[] };
    const before = paymentsBefore.statusCode === 200 ? (paymentsBefore.json() as { payments: object[] }).payments : [];
    expect(payments.payments).toEqual([...before, { amount: 1_234.56, received: isoDay(0) }]);
    const { liabilities } = (await vatApi(business, `/liabilities?${lastYear}`)).json() as {
      liabilities: { originalAmount: number; outstandingAmount: number }[];
    };
    expect(liabilities.find((l) => l.originalAmount === 1_234.56)?.outstandingAmount).toBe(0);
    const details = (await vatApi(business, `/financial-details/${chargeRef}`)).json() as {
      documentDetails: { documentClearedAmount: number; documentOutstandingAmount: number }[];
    };
    expect(details.documentDetails[0]).toMatchObject({ documentClearedAmount: 1_234.56, documentOutstandingAmount: 0 });
  });

  it('pays another amount when the person chooses one, part of what is owed', async () => {
    const { business } = await businessOwing();
    const { redirectURL, clientJourneyId } = await startedPayment(sandbox, {
      taxRegime: 'Vat',
      reference: business.vrn,
      amountInPence: 123_456,
    });
    const { result } = await answerPaymentPage(sandbox, redirectURL, {
      outcome: 'pay',
      amountChoice: 'other',
      otherAmount: '£1,000.5',
    });
    expect(result.html).toContain('You paid £1,000.50');
    expect(result.html).toContain('You can now close this page.');
    expect((await paymentStatus(sandbox, clientJourneyId)).json()).toMatchObject({ amountInPence: 100_050 });
    const { liabilities } = (await vatApi(business, `/liabilities?${lastYear}`)).json() as {
      liabilities: { originalAmount: number; outstandingAmount: number }[];
    };
    expect(liabilities.find((l) => l.originalAmount === 1_234.56)?.outstandingAmount).toBe(234.06);
  });

  it('asks for the amount when the software sent 0, and says what is wrong with a bad one', async () => {
    const { redirectURL, clientJourneyId } = await startedPayment(sandbox, {
      taxRegime: 'Vat',
      reference: (await newBusiness(sandbox)).vrn,
      amountInPence: 0,
    });
    const { form, result } = await answerPaymentPage(sandbox, redirectURL, { outcome: 'pay', otherAmount: '12.345' });
    expect(form.html).toContain('<label for="otherAmount">How much do you want to pay?</label>');
    expect(form.html).not.toContain('type="radio"');
    expect(result.status).toBe(400);
    expect(result.html).toContain('role="alert"');
    expect(result.html).toContain('<a href="#otherAmount">Enter an amount in pounds and pence');
    expect(result.html).toContain('aria-invalid="true"');
    expect(result.html).toContain('value="12.345"');
    expect((await paymentStatus(sandbox, clientJourneyId)).json()).toMatchObject({ paymentStatus: 'InProgress' });
  });
});

describe('a payment that does not happen', () => {
  it.each([
    ['fail', 'Your payment has not been made'],
    ['cancel', 'You cancelled your payment'],
  ])('%s: Failed, and nothing paid on the account', async (outcome, heading) => {
    const { business } = await businessOwing();
    const { redirectURL, clientJourneyId } = await startedPayment(sandbox, {
      taxRegime: 'Vat',
      reference: business.vrn,
      amountInPence: 123_456,
      backURL: 'https://software.example/back',
    });
    const { result } = await answerPaymentPage(sandbox, redirectURL, { outcome, amountChoice: 'full' });
    expect(result.html).toContain(heading);
    expect(result.html).toContain('Return to your software');
    expect((await paymentStatus(sandbox, clientJourneyId)).json()).toMatchObject({ paymentStatus: 'Failed' });
    const { liabilities } = (await vatApi(business, `/liabilities?${lastYear}`)).json() as {
      liabilities: { originalAmount: number; outstandingAmount: number }[];
    };
    expect(liabilities.find((l) => l.originalAmount === 1_234.56)?.outstandingAmount).toBe(1_234.56);
  });

  it('cannot be paid again once it has ended, however often the form is sent', async () => {
    const { business } = await businessOwing();
    const { redirectURL } = await startedPayment(sandbox, {
      taxRegime: 'Vat',
      reference: business.vrn,
      amountInPence: 1_000,
    });
    await answerPaymentPage(sandbox, redirectURL, { outcome: 'pay', amountChoice: 'full' });
    const again = await answerPaymentPage(sandbox, redirectURL, { outcome: 'pay', amountChoice: 'full' });
    expect(again.form.html).toContain('Payment received');
    const payments = (await vatApi(business, `/payments?${lastYear}`)).json() as { payments: { amount: number }[] };
    expect(payments.payments.filter((p) => p.amount === 10)).toHaveLength(1);
  });
});

describe('the pages', () => {
  it('label every field, group the amount choice with a legend, and give one heading', async () => {
    const { redirectURL } = await startedPayment(sandbox, {
      taxRegime: 'SelfAssessment',
      reference: '1097172564',
      amountInPence: 500,
    });
    const { html } = await new SimulatedBrowser(sandbox.app).get(pagePathOf(redirectURL));
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('<h1>Pay your Self Assessment</h1>');
    expect(html).toContain('<legend>How much do you want to pay?</legend>');
    for (const id of [...html.matchAll(/<input[^>]*id="([^"]+)"/g)].map((match) => match[1])) {
      expect(html, `label for ${id}`).toContain(`for="${id}"`);
    }
    expect(html.match(/<button [^>]*type="submit"/g)).toHaveLength(3);
  });

  it('refuse an unknown link, and a form sent from another site', async () => {
    const browser = new SimulatedBrowser(sandbox.app);
    expect((await browser.get(`${basePath}/pay/00000000000000000000000000000000`)).status).toBe(404);
    const { redirectURL } = await startedPayment(sandbox, {
      taxRegime: 'SelfAssessment',
      reference: '1097172564',
      amountInPence: 500,
    });
    const crossSite = await sandbox.app.inject({
      method: 'POST',
      url: pagePathOf(redirectURL),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: 'outcome=pay&amountChoice=full',
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('complete a Self Assessment payment, which touches no VAT account', async () => {
    const { redirectURL, clientJourneyId } = await startedPayment(sandbox, {
      taxRegime: 'SelfAssessment',
      reference: 'k1097172564',
      amountInPence: 500,
    });
    await answerPaymentPage(sandbox, redirectURL, { outcome: 'pay', amountChoice: 'full' });
    expect((await paymentStatus(sandbox, clientJourneyId)).json()).toMatchObject({
      taxRegime: 'SelfAssessment',
      paymentStatus: 'Completed',
    });
  });
});

describe('the API around the journey', () => {
  it('pays at once with Gov-Test-Scenario COMPLETED, on the account too', async () => {
    const { business } = await businessOwing();
    await startedPayment(
      sandbox,
      { taxRegime: 'Vat', reference: business.vrn, amountInPence: 123_456 },
      { 'gov-test-scenario': 'COMPLETED' },
    );
    const { liabilities } = (await vatApi(business, `/liabilities?${lastYear}`)).json() as {
      liabilities: { originalAmount: number; outstandingAmount: number }[];
    };
    expect(liabilities.find((l) => l.originalAmount === 1_234.56)?.outstandingAmount).toBe(0);
  });

  it('is application-restricted: an application’s or a user’s token, but a token', async () => {
    const body = { taxRegime: 'SelfAssessment', reference: '1097172564', amountInPence: 1 };
    const user = await newBusiness(sandbox);
    expect((await startPayment(sandbox, body, {}, user.token)).statusCode).toBe(201);
    const none = await sandbox.vat('POST', '/payments/make-payment/pay', { body: JSON.stringify(body) });
    expect(none.statusCode).toBe(401);
    expect((await startPayment(sandbox, body, { accept: 'application/json' })).statusCode).toBe(406);
    expect((await sandbox.vat('GET', '/payments/make-payment/pay', { token: user.token })).statusCode).toBe(405);
  });

  it('answers a clientJourneyId that is not a UUID with 400', async () => {
    const result = await paymentStatus(sandbox, 'not-a-uuid');
    expect(result.statusCode).toBe(400);
    expect(result.json()).toEqual({ error: 'The clientJourneyId field of query must be a UUID.' });
  });
});
