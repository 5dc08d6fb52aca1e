/**
 * VAT Assist (MTD) on the real Fastify server: the rules-based feedback from the draft and the
 * business's history in the store, the acknowledgement's rules, who may call, and the fraud
 * prevention headers. Every body is HMRC's shape (conformance.test.ts checks each against the
 * definition).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answeredInvitation, newAgent, newVatClient } from '../test/agents';
import { basePath, type Sandbox, startSandbox, vatAccept } from '../test/harness';
import { OpenApiDefinition } from '../test/openapi';
import {
  acknowledgeReport as acknowledgeCall,
  type Boxes,
  type Business,
  businessOnFlatRate,
  draft,
  filedBoxes,
  newBusiness,
  periodsOf,
  presentedNow,
  type Report,
  requestFeedback,
} from '../test/vat-assist';

const definition = new OpenApiDefinition(new URL('../../reference/vat-assist/application.yaml', import.meta.url));

/** The acknowledgement, its answer checked against HMRC's definition. */
async function acknowledgeReport(...args: Parameters<typeof acknowledgeCall>) {
  const answer = await acknowledgeCall(...args);
  definition.expectConforms('/misc/transaction-risking/acknowledge/{vrn}/{reportId}/{correlationId}', 'post', answer);
  return answer;
}

let sandbox: Sandbox;
let business: Business;
let periods: Awaited<ReturnType<typeof periodsOf>>;

beforeAll(async () => {
  sandbox = await startSandbox();
  business = await businessOnFlatRate(sandbox, false);
  periods = await periodsOf(sandbox, business);
});
afterAll(() => sandbox.close());

const ask = async (
  boxes: Boxes,
  who: Pick<Business, 'vrn' | 'token'> = business,
  periodKey = periods.ended.periodKey,
) => {
  const response = await requestFeedback(sandbox, who, { periodKey, ...boxes });
  expect(response.statusCode, response.body).toBe(200);
  return definition.expectConforms('/misc/transaction-risking/assist/{vrn}', 'post', response) as Report;
};

/** The business's last four filed returns before the draft's period, averaged: a draft like its usual ones. */
async function usualDraft(): Promise<Boxes> {
  const earlier = periods.filed.filter((o) => o.end < periods.ended.start).slice(-4);
  const returns = await Promise.all(earlier.map((o) => filedBoxes(sandbox, business, o.periodKey)));
  const average = (box: keyof Boxes) => Math.round(returns.reduce((sum, r) => sum + r[box], 0) / returns.length);
  return draft(
    average('totalValueSalesExVAT'),
    average('vatDueSales'),
    average('totalValuePurchasesExVAT'),
    average('vatReclaimedCurrPeriod'),
  );
}

describe('the rules-based feedback, with no Gov-Test-Scenario', () => {
  it('has nothing to say about a draft like the business’s earlier returns', async () => {
    const report = await ask(await usualDraft());
    expect(report.englishFeedback).toEqual([]);
    expect(report.welshFeedback).toEqual([]);
  });

  it('finds VAT on sales above what 20% of the sales can give, in English and Welsh', async () => {
    const usual = await usualDraft();
    const sales = usual.totalValueSalesExVAT;
    const report = await ask(
      draft(sales, Math.round(sales * 0.3), usual.totalValuePurchasesExVAT, usual.vatReclaimedCurrPeriod),
    );
    expect(report.englishFeedback[0]).toMatchObject({
      itemNumber: '001',
      title: 'VAT due on sales appears high',
      path: 'vatDueSales',
    });
    expect(report.welshFeedback[0]).toMatchObject({
      itemNumber: '001',
      title: "Mae'r TAW sy'n ddyledus ar werthiannau yn ymddangos yn uchel",
    });
  });

  it('compares with the history in the store: the figures of the last return copied', async () => {
    const last = periods.filed.filter((o) => o.end < periods.ended.start).at(-1);
    if (!last) throw new Error('no filed return before the open period');
    const report = await ask(await filedBoxes(sandbox, business, last.periodKey));
    expect(report.englishFeedback.map((m) => m.title)).toContain('The figures are the same as your last return');
  });

  it('compares with the history: sales far below the usual, and VAT a smaller share of them', async () => {
    const usual = await usualDraft();
    const sales = Math.round(usual.totalValueSalesExVAT / 3);
    const report = await ask(draft(sales, Math.round(sales * 0.05), usual.totalValuePurchasesExVAT, 0));
    expect(report.englishFeedback.map((m) => m.title)).toEqual(
      expect.arrayContaining(['VAT due on sales appears low', 'Sales are very different from earlier periods']),
    );
  });

  it('gives at most five messages', async () => {
    const report = await ask({
      ...draft(100, 5_000, 0, 9_000),
      totalValueGoodsSuppliedExVAT: 2_000,
      totalAcquisitionsExVAT: 5_000,
    });
    expect(report.englishFeedback.map((m) => m.itemNumber)).toEqual(['001', '002', '003', '004', '005']);
  });

  it('checks a flat rate business’s box 1 against its flat rate', async () => {
    // A business whose open, ended period is on the scheme (it may have joined since).
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const onScheme = await businessOnFlatRate(sandbox, true);
      const info = await sandbox.vat('GET', `/organisations/vat/${onScheme.vrn}/information`, {
        token: onScheme.token,
      });
      const { startDate } = (info.json() as { flatRateScheme: { startDate: string } }).flatRateScheme;
      const { ended } = await periodsOf(sandbox, onScheme);
      if (ended.start < startDate) continue;
      const report = await ask(draft(12_000, 100, 0, 0), onScheme, ended.periodKey);
      expect(report.englishFeedback.map((m) => m.title)).toContain('VAT due appears low for your flat rate');
      return;
    }
    throw new Error('no business with an open period on the flat rate scheme');
  });

  it('refuses a period that has not ended, one already filed and one the business does not have', async () => {
    const refused = async (periodKey: string) =>
      (await requestFeedback(sandbox, business, { periodKey, ...draft(100, 20, 0, 0) })).json() as { code: string };
    expect((await refused(periods.current.periodKey)).code).toBe('TAX_PERIOD_NOT_ENDED');
    expect((await refused(periods.lastFiled.periodKey)).code).toBe('PERIOD_KEY_INVALID');
    expect((await refused('99A1')).code).toBe('PERIOD_KEY_INVALID');
  });

  it('takes an authorised agent’s request for its client, and the agent’s acknowledgement', async () => {
    const agent = await newAgent(sandbox);
    const client = await newVatClient(sandbox);
    await answeredInvitation(sandbox, agent, client, 'accept');
    const { ended } = await periodsOf(sandbox, {
      ...client,
      token: (await sandbox.authorise(client.user)).access_token,
    });
    const asAgent = { vrn: client.vrn, token: agent.token };
    const report = await ask(draft(1_000, 200, 0, 0), asAgent, ended.periodKey);
    expect((await acknowledgeReport(sandbox, asAgent, report)).statusCode).toBe(204);
  });
});

describe('the acknowledgement', () => {
  it('answers 204 for the report’s own ids, again for a second receipt, with an X-CorrelationId', async () => {
    const report = await ask(draft(1_000, 200, 0, 0));
    const first = await acknowledgeReport(sandbox, business, report);
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    expect(first.headers['x-correlationid']).toMatch(/^[A-Za-z0-9-]{36}$/);
    expect((await acknowledgeReport(sandbox, business, report)).statusCode).toBe(204);
  });

  it('refuses another correlation id, or the report of another business', async () => {
    const report = await ask(draft(1_000, 200, 0, 0));
    const wrong = await acknowledgeReport(sandbox, business, {
      ...report,
      correlationId: report.correlationId.toLowerCase(),
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'CORRELATION_ID' });
    const stranger = await newBusiness(sandbox);
    const theirs = await acknowledgeReport(sandbox, stranger, report);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 'MATCHING_RESOURCE_NOT_FOUND' });
  });

  it.each([
    ['missing', null],
    ['not UTC', '2026-06-09T10:30:00+01:00'],
    ['with milliseconds', presentedNow().replace('Z', '.000Z')],
    ['not a date', '2026-02-30T10:30:00Z'],
    ['in the future', presentedNow(10 * 60_000)],
    ['before the report was given', presentedNow(-10 * 60_000)],
  ])('refuses a presentedDateTime %s with FORMAT_DATETIME', async (_case, presented) => {
    const report = await ask(draft(1_000, 200, 0, 0));
    const answer = await acknowledgeReport(sandbox, business, report, presented);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toEqual({ code: 'FORMAT_DATETIME', message: 'The provided Presented Date Time is invalid.' });
  });
});

describe('who may call', () => {
  const call = (token: string, headers: Record<string, string> = {}) =>
    requestFeedback(
      sandbox,
      { vrn: business.vrn, token },
      { periodKey: periods.ended.periodKey, ...draft(100, 20, 0, 0) },
      headers,
    );

  it('wants a user’s token with write:vat, as the definition says', async () => {
    expect((await call(await sandbox.appToken())).json()).toMatchObject({ code: 'INCORRECT_ACCESS_TOKEN_TYPE' });
    const readOnly = (await sandbox.authorise(business.user, 'read:vat')).access_token;
    const refused = await call(readOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'INVALID_SCOPE' });
  });

  it('wants HMRC’s Accept header, and knows the paths (405 for another method)', async () => {
    expect((await call(business.token, { accept: 'application/json' })).statusCode).toBe(406);
    const get = await sandbox.vat('GET', `/misc/transaction-risking/assist/${business.vrn}`, { token: business.token });
    expect(get.statusCode).toBe(405);
  });

  it('records the Gov-* headers for the fraud prevention feedback, as on the VAT API', async () => {
    await call(business.token, { 'gov-client-connection-method': 'WEB_APP_VIA_SERVER' });
    const response = await sandbox.app.inject({
      method: 'GET',
      url: `${basePath}/test/fraud-prevention-headers/vat-mtd/validation-feedback`,
      headers: { accept: vatAccept, authorization: `Bearer ${await sandbox.appToken()}` },
    });
    const { requests } = response.json() as { requests: { method: string; path: string }[] };
    expect(requests).toContainEqual(
      expect.objectContaining({ method: 'POST', path: `/misc/transaction-risking/assist/${business.vrn}` }),
    );
  });
});
