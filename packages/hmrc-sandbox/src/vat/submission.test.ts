import {
  financialDetailsResponseSchema,
  liabilitiesResponseSchema,
  normaliseHmrcError,
  obligationsResponseSchema,
  penaltiesResponseSchema,
  submitReturnResponseSchema,
  viewReturnResponseSchema,
} from '@vatwise/hmrc';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultApplication } from '../oauth/applications';
import { type Sandbox, startSandbox, type TestUser, type Tokens } from '../test/harness';

/** Submit return over HTTP (docs/reference/hmrc-vat-api.md §3.5): validation stages, business rules, state after. */

let sandbox: Sandbox;
let user: TestUser;
let tokens: Tokens;

beforeEach(async () => {
  sandbox = await startSandbox();
  user = await sandbox.createUser('organisations');
  tokens = await sandbox.authorise(user);
});
afterEach(() => sandbox.close());

const today = () => new Date().toISOString().slice(0, 10);

async function openObligations() {
  const response = await sandbox.vat('GET', `/organisations/vat/${user.vrn}/obligations?status=O`, {
    token: tokens.access_token,
  });
  return obligationsResponseSchema.parse(response.json()).obligations;
}

async function overduePeriodKey() {
  const overdue = (await openObligations()).find((obligation) => obligation.due < today());
  if (!overdue) throw new Error('the simulated account has no overdue period');
  return overdue.periodKey;
}

const goodReturn = (periodKey: string) => ({
  periodKey,
  vatDueSales: 1250.1,
  vatDueAcquisitions: 0,
  totalVatDue: 1250.1,
  vatReclaimedCurrPeriod: 300.05,
  netVatDue: 950.05,
  totalValueSalesExVAT: 6250,
  totalValuePurchasesExVAT: 1500,
  totalValueGoodsSuppliedExVAT: 0,
  totalAcquisitionsExVAT: 0,
  finalised: true,
});

const submit = (body: unknown) =>
  sandbox.vat('POST', `/organisations/vat/${user.vrn}/returns`, {
    token: tokens.access_token,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const codesOf = (response: { statusCode: number; body: string }) =>
  normaliseHmrcError(response.statusCode, response.body).details.map(({ code, path }) =>
    `${code} ${path ?? ''}`.trim(),
  );

describe('a good submission', () => {
  it('answers 201 with a receipt, and HMRC’s records change to match', async () => {
    const periodKey = await overduePeriodKey();
    const response = await submit(goodReturn(periodKey));
    expect(response.statusCode, response.body).toBe(201);
    const receipt = submitReturnResponseSchema.parse(response.json());
    expect(receipt.chargeRefNumber).toMatch(/^XV\d{12}$/);
    expect(response.headers['receipt-id']).toBe(response.headers['x-correlationid']);
    expect(response.headers['receipt-timestamp']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    // The obligation is fulfilled today...
    expect((await openObligations()).some((obligation) => obligation.periodKey === periodKey)).toBe(false);
    // ...the return reads back exactly as sent...
    const view = await sandbox.vat('GET', `/organisations/vat/${user.vrn}/returns/${periodKey}`, {
      token: tokens.access_token,
    });
    const { finalised: _finalised, ...boxes } = goodReturn(periodKey);
    expect(viewReturnResponseSchema.parse(view.json())).toEqual(boxes);
    // ...a liability for box 5 is due...
    const from = new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10);
    const liabilities = await sandbox.vat(
      'GET',
      `/organisations/vat/${user.vrn}/liabilities?from=${from}&to=${today()}`,
      {
        token: tokens.access_token,
      },
    );
    const owed = liabilitiesResponseSchema
      .parse(liabilities.json())
      .liabilities.find((liability) => liability.outstandingAmount === 950.05);
    expect(owed?.originalAmount).toBe(950.05);
    // ...its charge has financial details...
    const details = await sandbox.vat(
      'GET',
      `/organisations/vat/${user.vrn}/financial-details/${receipt.chargeRefNumber ?? ''}`,
      { token: tokens.access_token },
    );
    expect(financialDetailsResponseSchema.parse(details.json()).totalisations?.totalBalance).toBe(950.05);
    // ...and the late return's penalty point now shows it received.
    const penalties = penaltiesResponseSchema.parse(
      (await sandbox.vat('GET', `/organisations/vat/${user.vrn}/penalties`, { token: tokens.access_token })).json(),
    );
    const late = penalties.lateSubmissionPenalty?.details.flatMap((detail) => detail.lateSubmissions ?? []);
    expect(late?.some((submission) => submission.taxReturnStatus === 'Fulfilled' && submission.returnReceiptDate)).toBe(
      true,
    );
  });

  it('refuses a second return for the period: 403 BUSINESS_ERROR -> DUPLICATE_SUBMISSION', async () => {
    const periodKey = await overduePeriodKey();
    expect((await submit(goodReturn(periodKey))).statusCode).toBe(201);
    const again = await submit(goodReturn(periodKey));
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({
      code: 'BUSINESS_ERROR',
      message: 'Business validation error',
      errors: [{ code: 'DUPLICATE_SUBMISSION', message: 'The VAT return was already submitted for the given period.' }],
    });
  });

  it('accepts exactly one of two submissions sent at the same moment', async () => {
    const periodKey = await overduePeriodKey();
    const answers = await Promise.all([submit(goodReturn(periodKey)), submit(goodReturn(periodKey))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 403]);
  });

  it('refuses the current period until it has ended: 403 TAX_PERIOD_NOT_ENDED; after its end it is accepted', async () => {
    const current = (await openObligations()).find((obligation) => obligation.end >= today());
    if (!current) throw new Error('no current period');
    const early = await submit(goodReturn(current.periodKey));
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'TAX_PERIOD_NOT_ENDED' });

    const daysToEnd = Math.ceil((Date.parse(current.end) - Date.parse(today())) / 86_400_000) + 2;
    await sandbox.operator('PUT', '/clock', { advanceDays: daysToEnd });
    // Weeks later the access token has long expired: refresh it, as a client would.
    const refreshed = await sandbox.token({
      grant_type: 'refresh_token',
      client_id: defaultApplication.clientId,
      client_secret: defaultApplication.clientSecret,
      refresh_token: tokens.refresh_token,
    });
    tokens = refreshed.json() as Tokens;
    expect((await submit(goodReturn(current.periodKey))).statusCode).toBe(201);
    // The next quarter has begun on the moved clock, and has its own open obligation.
    const open = await openObligations();
    expect(open.some((obligation) => obligation.start > current.end)).toBe(true);
  });
});

describe('validation stages (3.5), each refusing without storing anything', () => {
  it('malformed JSON: 400 {statusCode, message: "Invalid Json"}', async () => {
    const response = await submit('{"periodKey": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, message: 'Invalid Json' });
  });

  it('field checks are collected into one 400 INVALID_REQUEST', async () => {
    const periodKey = await overduePeriodKey();
    const { vatDueSales: _missing, ...body } = goodReturn(periodKey);
    const response = await submit({
      ...body,
      vatDueAcquisitions: '0',
      totalValueSalesExVAT: 500.5,
      vatReclaimedCurrPeriod: 0.30000000000000004,
      finalised: 'yes',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_REQUEST', message: 'Invalid request' });
    expect(codesOf(response).sort()).toEqual(
      [
        'MANDATORY_FIELD_MISSING /vatDueSales',
        'INVALID_NUMERIC_VALUE /vatDueAcquisitions',
        'INVALID_MONETARY_AMOUNT /totalValueSalesExVAT',
        'INVALID_MONETARY_AMOUNT /vatReclaimedCurrPeriod',
        'UNMAPPED_PLAY_ERROR /finalised',
      ].sort(),
    );
  });

  it('a period key that is not 4 characters: PERIOD_KEY_INVALID; a negative box 5: INVALID_MONETARY_AMOUNT', async () => {
    const response = await submit({ ...goodReturn('18a1x'), netVatDue: -1 });
    expect(codesOf(response).sort()).toEqual(['INVALID_MONETARY_AMOUNT /netVatDue', 'PERIOD_KEY_INVALID /periodKey']);
  });

  it('arithmetic: box 3 must be box 1 + box 2 and box 5 must be |box 3 − box 4|', async () => {
    const periodKey = await overduePeriodKey();
    const response = await submit({ ...goodReturn(periodKey), totalVatDue: 1250.11, netVatDue: 950 });
    expect(response.statusCode).toBe(400);
    expect(codesOf(response)).toEqual(['VAT_NET_VALUE /netVatDue', 'VAT_TOTAL_VALUE /totalVatDue']);
  });

  it('writes 100.10 and 500.00 as HMRC reads them: two decimals and whole pounds pass', async () => {
    const periodKey = await overduePeriodKey();
    const text = JSON.stringify(goodReturn(periodKey))
      .replace('"vatReclaimedCurrPeriod":300.05', '"vatReclaimedCurrPeriod":300.050')
      .replace('"totalValueSalesExVAT":6250', '"totalValueSalesExVAT":6250.00');
    const tooPrecise = await submit(text);
    expect(codesOf(tooPrecise)).toEqual(['INVALID_MONETARY_AMOUNT /vatReclaimedCurrPeriod']);
    const fine = await submit(text.replace('300.050', '300.05'));
    expect(fine.statusCode).toBe(201);
  });

  it('without the declaration: 403 BUSINESS_ERROR -> NOT_FINALISED, checked last', async () => {
    const periodKey = await overduePeriodKey();
    const response = await submit({ ...goodReturn(periodKey), finalised: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'BUSINESS_ERROR',
      message: 'Business validation error',
      errors: [
        {
          code: 'NOT_FINALISED',
          message: 'The return cannot be accepted without a declaration it is finalised.',
          path: '/finalised',
        },
      ],
    });
    expect((await submit(goodReturn(periodKey))).statusCode).toBe(201);
  });
});
