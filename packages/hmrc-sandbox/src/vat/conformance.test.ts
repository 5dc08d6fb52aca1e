/**
 * Conformance: every answer of the simulator's VAT (MTD) endpoints, success or error, checked
 * against our own schemas of HMRC's bodies (@vatwise/hmrc, written from HMRC's definitions) with its
 * status code and required headers. The same schemas check what the client gets from real HMRC.
 */
import {
  type HmrcErrorBody,
  type VatResponse,
  hmrcErrorBodySchema,
  normaliseHmrcError,
  obligationsResponseSchema,
  vatResponseSchemas,
} from '@vatwise/hmrc';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Endpoint, scenarioValues, vatEndpoints } from '../scenarios';
import { type Sandbox, startSandbox, type TestUser, type Tokens } from '../test/harness';

let sandbox: Sandbox;
let user: TestUser;
let tokens: Tokens;
let vrn: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  user = await sandbox.createUser('organisations');
  vrn = user.vrn ?? '';
  tokens = await sandbox.authorise(user);
});
afterAll(() => sandbox.close());

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Headers every answer carries (docs/reference/hmrc-vat-api.md §3.2). */
function expectStandardHeaders(response: LightMyRequestResponse) {
  expect(response.headers['x-correlationid']).toMatch(uuid);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
}

/** An HMRC error answer: its status, one of the known body shapes, and the code inside it. */
function expectError(response: LightMyRequestResponse, status: number, code: string, shape?: HmrcErrorBody) {
  expect(response.statusCode, response.body).toBe(status);
  expectStandardHeaders(response);
  const body = hmrcErrorBodySchema.parse(response.json());
  if (shape) expect(body).toEqual(shape);
  expect(normaliseHmrcError(status, response.body).codes).toContain(code);
}

function expectSuccess<E extends Endpoint>(response: LightMyRequestResponse, endpoint: E, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
  expectStandardHeaders(response);
  return vatResponseSchemas[endpoint].parse(response.json()) as VatResponse<E>;
}

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const lastYear = `from=${isoDay(-364)}&to=${isoDay(0)}`;

/** A call of each endpoint that passes every validation stage, for this user. */
function validCall(endpoint: Endpoint, forVrn = vrn): { method: 'GET' | 'POST'; path: string; body?: string } {
  const base = `/organisations/vat/${forVrn}`;
  switch (endpoint) {
    case 'obligations':
      return { method: 'GET', path: `${base}/obligations?${lastYear}` };
    case 'submitReturn':
      return {
        method: 'POST',
        path: `${base}/returns`,
        body: JSON.stringify({
          periodKey: '17A1',
          vatDueSales: 100,
          vatDueAcquisitions: 0,
          totalVatDue: 100,
          vatReclaimedCurrPeriod: 40,
          netVatDue: 60,
          totalValueSalesExVAT: 500,
          totalValuePurchasesExVAT: 200,
          totalValueGoodsSuppliedExVAT: 0,
          totalAcquisitionsExVAT: 0,
          finalised: true,
        }),
      };
    case 'viewReturn':
      return { method: 'GET', path: `${base}/returns/18A1` };
    case 'liabilities':
      return { method: 'GET', path: `${base}/liabilities?${lastYear}` };
    case 'payments':
      return { method: 'GET', path: `${base}/payments?${lastYear}` };
    case 'penalties':
      return { method: 'GET', path: `${base}/penalties` };
    case 'financialDetails':
      return { method: 'GET', path: `${base}/financial-details/XD000024425799` };
    case 'customerInformation':
      return { method: 'GET', path: `${base}/information` };
  }
}

const call = (endpoint: Endpoint, headers: Record<string, string> = {}, forVrn = vrn, token = tokens.access_token) => {
  const { method, path, body } = validCall(endpoint, forVrn);
  return sandbox.vat(method, path, { token, headers, ...(body === undefined ? {} : { body }) });
};

describe('the simulated account, with no Gov-Test-Scenario', () => {
  it('lists two years of quarterly obligations: one open and overdue, the current one open', async () => {
    const byKey = new Map<
      string,
      { periodKey: string; start: string; end: string; due: string; status: string; received?: string }
    >();
    // Three windows inside the one-year limit cover the last 840 days, today included.
    for (const range of [-840, -560, -280].map((start) => `from=${isoDay(start)}&to=${isoDay(start + 280)}`)) {
      const response = await sandbox.vat('GET', `/organisations/vat/${vrn}/obligations?${range}`, {
        token: tokens.access_token,
      });
      // A window wholly before the (random) registration date holds no obligation: HMRC's 404.
      if (response.statusCode === 404 && response.json().code === 'NOT_FOUND') continue;
      for (const obligation of expectSuccess(response, 'obligations').obligations)
        byKey.set(obligation.periodKey, obligation);
    }
    const all = [...byKey.values()];
    // Registered at least a year ago: at least four quarters, whatever the random registration date.
    expect(all.length).toBeGreaterThanOrEqual(4);
    const today = isoDay(0);
    const open = all.filter((obligation) => obligation.status === 'O');
    expect(open.filter((obligation) => obligation.due < today)).toHaveLength(1);
    expect(open.some((obligation) => obligation.start <= today && obligation.end >= today)).toBe(true);
    for (const fulfilled of all.filter((obligation) => obligation.status === 'F')) {
      expect(fulfilled.received).toBeDefined();
      const view = await sandbox.vat('GET', `/organisations/vat/${vrn}/returns/${fulfilled.periodKey}`, {
        token: tokens.access_token,
      });
      expectSuccess(view, 'viewReturn');
    }
  });

  it('answers status=O without dates with the open obligations only', async () => {
    const response = await sandbox.vat('GET', `/organisations/vat/${vrn}/obligations?status=O`, {
      token: tokens.access_token,
    });
    const { obligations } = obligationsResponseSchema.parse(response.json());
    expect(obligations.length).toBeGreaterThanOrEqual(2);
    expect(obligations.every((obligation) => obligation.status === 'O')).toBe(true);
  });

  it.each(['liabilities', 'payments', 'penalties', 'customerInformation'] as const)(
    'answers %s with a body HMRC’s schema accepts',
    async (endpoint) => {
      expectSuccess(await call(endpoint), endpoint);
    },
  );

  it('answers 404 with no body at all for a period with no return (shape D)', async () => {
    const response = await sandbox.vat('GET', `/organisations/vat/${vrn}/returns/17A1`, {
      token: tokens.access_token,
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('');
    expect(response.headers['content-type']).toBeUndefined();
    expectStandardHeaders(response);
  });

  it('answers NOT_FOUND for a range with no obligations, liabilities or payments', async () => {
    const old = 'from=2017-01-01&to=2017-12-31';
    for (const endpoint of ['obligations', 'liabilities', 'payments']) {
      const response = await sandbox.vat('GET', `/organisations/vat/${vrn}/${endpoint}?${old}`, {
        token: tokens.access_token,
      });
      expectError(response, 404, 'NOT_FOUND');
    }
  });
});

describe('platform errors on every endpoint (docs/reference/hmrc-vat-api.md §1.5, 3.2)', () => {
  it.each(vatEndpoints)('%s: 406 ACCEPT_HEADER_INVALID without HMRC’s Accept header', async (endpoint) => {
    expectError(await call(endpoint, { accept: 'application/json' }), 406, 'ACCEPT_HEADER_INVALID');
  });

  it.each(vatEndpoints)('%s: 401 MISSING_CREDENTIALS without a token', async (endpoint) => {
    const { method, path, body } = validCall(endpoint);
    const response = await sandbox.vat(method, path, body === undefined ? {} : { body });
    expectError(response, 401, 'MISSING_CREDENTIALS');
  });

  it.each(vatEndpoints)('%s: 401 INVALID_CREDENTIALS for an unknown token', async (endpoint) => {
    expectError(await call(endpoint, {}, vrn, 'not-a-token'), 401, 'INVALID_CREDENTIALS');
  });

  it.each(vatEndpoints)('%s: 400 VRN_INVALID for a VRN that is not 9 digits', async (endpoint) => {
    expectError(await call(endpoint, {}, 'GB123'), 400, 'VRN_INVALID', {
      code: 'VRN_INVALID',
      message: 'The provided VRN is invalid',
    });
  });

  it.each(vatEndpoints)('%s: 403 CLIENT_OR_AGENT_NOT_AUTHORISED for a VRN the user does not hold', async (endpoint) => {
    const other = await sandbox.createUser('organisations');
    expectError(await call(endpoint, {}, other.vrn), 403, 'CLIENT_OR_AGENT_NOT_AUTHORISED', {
      code: 'CLIENT_OR_AGENT_NOT_AUTHORISED',
      message: 'The client and/or agent is not authorised.',
    });
  });

  it.each(vatEndpoints)('%s: 400 RULE_INCORRECT_GOV_TEST_SCENARIO for an unknown scenario', async (endpoint) => {
    expectError(
      await call(endpoint, { 'gov-test-scenario': 'NO_SUCH_SCENARIO' }),
      400,
      'RULE_INCORRECT_GOV_TEST_SCENARIO',
    );
  });

  it('answers an unknown path 404 MATCHING_RESOURCE_NOT_FOUND, a wrong method 405, a bad VRN on any path VRN_INVALID', async () => {
    expectError(
      await sandbox.vat('GET', '/no/such/thing', { token: tokens.access_token }),
      404,
      'MATCHING_RESOURCE_NOT_FOUND',
    );
    expectError(
      await sandbox.vat('POST', `/organisations/vat/${vrn}/obligations`, { token: tokens.access_token, body: '{}' }),
      405,
      'METHOD_NOT_ALLOWED',
    );
    expectError(await sandbox.vat('GET', '/organisations/vat/12345/nothing-here'), 400, 'VRN_INVALID');
  });

  it('refuses a user without the mtd-vat enrolment: 403 CLIENT_OR_AGENT_NOT_AUTHORISED', async () => {
    const legacyOnly = await sandbox.createUser('organisations', ['submit-vat-returns']);
    const legacyTokens = await sandbox.authorise(legacyOnly);
    expectError(
      await call('obligations', {}, legacyOnly.vrn, legacyTokens.access_token),
      403,
      'CLIENT_OR_AGENT_NOT_AUTHORISED',
    );
  });
});

describe('query and path validation, shape B and C errors (3.4, 3.6, 3.7, 3.10)', () => {
  const obligations = (query: string) =>
    sandbox.vat('GET', `/organisations/vat/${vrn}/obligations?${query}`, { token: tokens.access_token });

  it.each([
    ['', 'INVALID_DATE_FROM'],
    ['status=F', 'MISSING_DATE_RANGE'],
    ['status=X', 'INVALID_STATUS'],
    ['from=2024-01-01', 'INVALID_DATE_TO'],
    ['from=2024-02-30&to=2024-06-01', 'INVALID_DATE_FROM'],
    ['from=2024-01-01&to=2024-13-01', 'INVALID_DATE_TO'],
    ['from=2024-01-01&to=2025-01-02', 'INVALID_DATE_RANGE'],
    ['from=2024-01-01&to=2024-06-01&status=', 'INVALID_STATUS'],
  ])('obligations ?%s: 400 %s as {statusCode, message}', async (query, code) => {
    expectError(await obligations(query), 400, code, { statusCode: 400, message: code });
  });

  it.each([
    ['from=2016-04-05&to=2016-12-01', 'DATE_FROM_INVALID'],
    [`from=2024-01-01&to=${isoDay(2)}`, 'DATE_TO_INVALID'],
    ['from=2024-01-01', 'DATE_TO_INVALID'],
    ['from=2023-01-01&to=2024-01-01', 'DATE_RANGE_INVALID'],
    ['from=2024-06-01&to=2024-06-01', 'DATE_RANGE_INVALID'],
  ])('liabilities and payments ?%s: 400 %s', async (query, code) => {
    for (const endpoint of ['liabilities', 'payments']) {
      const response = await sandbox.vat('GET', `/organisations/vat/${vrn}/${endpoint}?${query}`, {
        token: tokens.access_token,
      });
      expectError(response, 400, code, { statusCode: 400, message: code });
    }
  });

  it('view return: a malformed period key is 400 INVALID_REQUEST -> PERIOD_KEY_INVALID', async () => {
    const response = await sandbox.vat('GET', `/organisations/vat/${vrn}/returns/abcde`, {
      token: tokens.access_token,
    });
    expectError(response, 400, 'PERIOD_KEY_INVALID', {
      code: 'INVALID_REQUEST',
      message: 'Invalid request',
      errors: [{ code: 'PERIOD_KEY_INVALID', message: 'Invalid period key' }],
    });
  });

  it('financial details: a bad charge reference is 400 CHARGE_REFERENCE_INVALID; with a bad VRN both, wrapped', async () => {
    const bad = await sandbox.vat('GET', `/organisations/vat/${vrn}/financial-details/NOPE`, {
      token: tokens.access_token,
    });
    expectError(bad, 400, 'CHARGE_REFERENCE_INVALID');
    const both = await sandbox.vat('GET', '/organisations/vat/123/financial-details/NOPE', {
      token: tokens.access_token,
    });
    expect(normaliseHmrcError(400, both.body).codes).toEqual(['VRN_INVALID', 'CHARGE_REFERENCE_INVALID']);
  });

  it('financial details: an unknown charge reference is 404 MATCHING_RESOURCE_NOT_FOUND', async () => {
    expectError(await call('financialDetails'), 404, 'MATCHING_RESOURCE_NOT_FOUND');
  });
});

/** What HMRC answers for each error scenario (docs/reference/hmrc-vat-api.md §4); any other value succeeds. */
const errorScenarios: Record<string, [number, string]> = {
  INSOLVENT_TRADER: [403, 'RULE_INSOLVENT_TRADER'],
  NOT_FOUND: [404, 'NOT_FOUND'],
  CUSTOMER_INFO_NOT_FOUND: [404, 'NOT_FOUND'],
  INVALID_VRN: [400, 'VRN_INVALID'],
  INVALID_PERIODKEY: [400, 'PERIOD_KEY_INVALID'],
  INVALID_PAYLOAD: [400, 'INVALID_REQUEST'],
  DUPLICATE_SUBMISSION: [403, 'DUPLICATE_SUBMISSION'],
  TAX_PERIOD_NOT_ENDED: [403, 'TAX_PERIOD_NOT_ENDED'],
  DATE_RANGE_TOO_LARGE: [403, 'DATE_RANGE_TOO_LARGE'],
};

/** HMRC's canned liabilities and payments lie in 2017 or 2018 (4.4, 4.5): ask for that year. */
function scenarioCall(endpoint: Endpoint, value: string) {
  const { method, path, body } = validCall(endpoint);
  const year = value.includes('2018') ? '2018' : '2017';
  const canned = endpoint === 'liabilities' || endpoint === 'payments';
  const url = canned ? path.replace(/\?.*$/, `?from=${year}-01-01&to=${year}-12-31`) : path;
  return sandbox.vat(method, url, {
    token: tokens.access_token,
    headers: { 'gov-test-scenario': value },
    ...(body === undefined ? {} : { body }),
  });
}

describe('Gov-Test-Scenario values (docs/reference/hmrc-vat-api.md §4)', () => {
  const cases = vatEndpoints.flatMap((endpoint) => scenarioValues[endpoint].map((value) => [endpoint, value] as const));

  it.each(cases)('%s with %s answers as HMRC documents', async (endpoint, value) => {
    const response = await scenarioCall(endpoint, value);
    const error = errorScenarios[value];
    if (error) expectError(response, error[0], error[1]);
    else expectSuccess(response, endpoint);
  });

  it('leaves the account alone: a scenario submission stores nothing', async () => {
    await scenarioCall('submitReturn', 'INSOLVENT_TRADER');
    const view = await sandbox.vat('GET', `/organisations/vat/${vrn}/returns/17A1`, { token: tokens.access_token });
    expect(view.statusCode).toBe(404);
  });
});
