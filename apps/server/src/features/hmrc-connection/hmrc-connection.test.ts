import fs from 'node:fs';
import path from 'node:path';
import {
  businessListSchema,
  exchangeCodeResponseSchema,
  financialDetailsSchema,
  liabilityListSchema,
  obligationListSchema,
  paymentListSchema,
  penaltiesSchema,
  ukToday,
  addDays,
  vatReturnSchema,
  type SandboxUser,
} from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAndGrant } from '../../test/hmrc-browser';
import { authorise as authoriseUser, createSandboxUser as createUser } from '../../test/hmrc-journey';
import { registerUser, type SessionClient } from '../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../test/test-app';
import { parseEncryptionKey } from '../../config/encryption-key';
import { TokenCipher } from '../../platform/crypto/token-cipher';

/**
 * The HMRC connection against the embedded simulator, over real HTTP as in production: a user
 * creates a sandbox user, grants authority in a browser, and reads VAT data with it.
 */

let server: TestApp & { baseUrl: string };
let alice: SessionClient;
let bob: SessionClient;
let aliceUser: SandboxUser;
/** Every response body the tests saw, to prove no token ever leaves the server. */
const bodiesSeen: string[] = [];

async function call(client: SessionClient, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const response = await client.request({ method, url, ...(body === undefined ? {} : { body }) });
  bodiesSeen.push(response.body);
  return response;
}

async function createSandboxUser(client: SessionClient, userType = 'Organisation') {
  const user = await createUser(client, userType);
  bodiesSeen.push(JSON.stringify(user));
  return user;
}

async function authorise(client: SessionClient, user: SandboxUser) {
  const result = await authoriseUser(client, user);
  bodiesSeen.push(result.response.body);
  return result;
}

const operator = (path: string, body: unknown) =>
  fetch(`${server.baseUrl}/hmrc-sandbox/operator${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const today = ukToday();
const lastYear = `from=${addDays(today, -364)}&to=${today}`;

beforeAll(async () => {
  server = await createListeningTestApp();
  alice = await registerUser(server.app, 'alice@example.com', 'Alice');
  bob = await registerUser(server.app, 'bob@example.com', 'Bob');
  // Alice's connected business, which the tests read but never change.
  aliceUser = await createSandboxUser(alice);
  const { response } = await authorise(alice, aliceUser);
  if (response.statusCode !== 200) throw new Error(`exchange_code: ${response.statusCode} ${response.body}`);
});
afterAll(async () => {
  await server.close();
});

describe('sandbox users and authorisation', () => {
  it('creates an Organisation test user with a VRN, and the grant makes it a business of the user', async () => {
    // A user of this test's own: the others add businesses to Alice, which changes her current one.
    const carol = await registerUser(server.app, 'carol@example.com', 'Carol');
    const carolUser = await createSandboxUser(carol);
    expect(carolUser).toMatchObject({ userType: 'Organisation', authorisation: null });
    expect(carolUser.vrn).toMatch(/^\d{9}$/);
    expect(carolUser.password).toMatch(/^[a-z0-9]{12}$/);
    const { response } = await authorise(carol, carolUser);
    expect(response.statusCode, response.body).toBe(200);
    expect(exchangeCodeResponseSchema.parse(response.json())).toMatchObject({
      userId: carolUser.userId,
      vrn: carolUser.vrn,
    });
    const { businesses, current } = businessListSchema.parse((await call(carol, 'GET', '/api/businesses')).json());
    expect(current).toBe(carolUser.vrn);
    expect(businesses).toHaveLength(1);
    expect(businesses[0]).toMatchObject({ vrn: carolUser.vrn, userId: carolUser.userId });
    expect(businesses[0]?.authorisation?.needsReauthorisation).toBe(false);
  });

  it('says which user types there are when none is chosen', async () => {
    const response = await call(alice, 'POST', '/api/create_sandbox_user', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: 'userType', message: 'Please select a user type.' }]);
  });

  it('check_auth says whether the sandbox user exists, and its authorisation', async () => {
    const known = (await call(alice, 'GET', `/api/check_auth?userId=${aliceUser.userId}`)).json();
    expect(known.userExists).toBe(true);
    expect(Date.parse(known.authorisation.expiresAt)).toBeGreaterThan(Date.now() + 500 * 86_400_000);
    const unknown = (await call(alice, 'GET', '/api/check_auth?userId=000000000000')).json();
    expect(unknown).toEqual({ userExists: false, authorisation: null });
    // Another user's sandbox user does not exist for Bob.
    expect((await call(bob, 'GET', `/api/check_auth?userId=${aliceUser.userId}`)).json().userExists).toBe(false);
  });

  it('refuses a made-up state, a used state and another user’s state', async () => {
    const madeUp = await call(alice, 'POST', '/api/exchange_code', { code: 'abc', state: 'made-up' });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().code).toBe('OAUTH_STATE_INVALID');

    const second = await createSandboxUser(alice);
    const { response, code, state } = await authorise(alice, second);
    expect(response.statusCode).toBe(200);
    const replay = await call(alice, 'POST', '/api/exchange_code', { code, state, userId: second.userId });
    expect(replay.json().code).toBe('OAUTH_STATE_INVALID');

    const { url } = (await call(alice, 'GET', `/api/get_auth_url?userId=${second.userId}`)).json();
    const callback = await signInAndGrant(url, second);
    const stolen = await call(bob, 'POST', '/api/exchange_code', {
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
    });
    expect(stolen.json().code).toBe('OAUTH_STATE_INVALID');
  });

  it('deletes a sandbox user with its authority and business', async () => {
    const doomed = await createSandboxUser(alice, 'Individual');
    await authorise(alice, doomed);
    expect((await call(alice, 'DELETE', `/api/sandbox_users/${doomed.userId}`)).statusCode).toBe(204);
    expect((await call(alice, 'GET', `/api/check_auth?userId=${doomed.userId}`)).json().userExists).toBe(false);
    const { businesses } = businessListSchema.parse((await call(alice, 'GET', '/api/businesses')).json());
    expect(businesses.some((business) => business.vrn === doomed.vrn)).toBe(false);
    expect((await call(alice, 'DELETE', `/api/sandbox_users/${doomed.userId}`)).json().code).toBe(
      'SANDBOX_USER_NOT_FOUND',
    );
  });
});

describe('VAT data', () => {
  const vat = (path: string, client = alice) => call(client, 'GET', `/api/vat/${path}`);

  it('lists obligations, opens a fulfilled return, and lists liabilities, payments and penalties', async () => {
    const vrn = aliceUser.vrn ?? '';
    const { obligations } = obligationListSchema.parse(
      (await vat(`obligations?vrn=${vrn}&userId=${aliceUser.userId}&${lastYear}&status=All`)).json(),
    );
    expect(obligations.some((obligation) => obligation.status === 'O')).toBe(true);
    const fulfilled = obligations.find((obligation) => obligation.status === 'F');
    expect(fulfilled?.received).toBeTruthy();
    // Newest first.
    expect(obligations.map((obligation) => obligation.start)).toEqual(
      [...obligations.map((obligation) => obligation.start)].sort().reverse(),
    );

    const filed = vatReturnSchema.parse((await vat(`returnview?vrn=${vrn}&periodKey=${fulfilled?.periodKey}`)).json());
    expect(filed.boxes.totalVatDue).toBe(filed.boxes.vatDueSales + filed.boxes.vatDueAcquisitions);

    const { liabilities } = liabilityListSchema.parse((await vat(`liabilities?vrn=${vrn}&${lastYear}`)).json());
    const { payments } = paymentListSchema.parse((await vat(`payments?vrn=${vrn}&${lastYear}`)).json());
    expect(liabilities.length).toBeGreaterThan(0);
    expect(payments.length).toBeGreaterThan(0);
    expect(Number.isInteger(liabilities[0]?.originalAmountPence)).toBe(true);
    penaltiesSchema.parse((await vat(`penalties?vrn=${vrn}`)).json());
  });

  it('answers an empty list, not an error, when HMRC has nothing in the range', async () => {
    const response = await vat(`liabilities?vrn=${aliceUser.vrn}&from=2017-01-01&to=2017-12-31`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ liabilities: [] });
  });

  it('gives the product reference’s messages for HMRC’s refusals and for its own date checks', async () => {
    const vrn = aliceUser.vrn ?? '';
    const insolvent = await vat(`obligations?vrn=${vrn}&${lastYear}&scenario=INSOLVENT_TRADER`);
    expect(insolvent.statusCode).toBe(403);
    expect(insolvent.json()).toMatchObject({
      code: 'HMRC_REFUSED',
      message: 'The Trader is insolvent (Obligations).',
      hmrc: { kind: 'obligations', status: 403, codes: ['RULE_INSOLVENT_TRADER'] },
    });
    const longRange = await vat(`obligations?vrn=${vrn}&from=2024-01-01&to=2025-01-02`);
    expect(longRange.statusCode).toBe(400);
    expect(longRange.json().message).toBe('Invalid date range, must be 366 days or less (Obligations).');
    const paymentsRange = await vat(`payments?vrn=${vrn}&from=2023-01-01&to=2024-01-01`);
    expect(paymentsRange.json().message).toBe('Invalid date range, must be 365 days or less (Payments).');
    for (const list of ['obligations', 'liabilities', 'payments']) {
      const backwards = await vat(`${list}?vrn=${vrn}&from=2024-06-01&to=2024-05-01`);
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'The From date must be before the To date.',
      });
    }
    const noReference = await vat(`financials?vrn=${vrn}&chargeReference=XP000000000001`);
    expect(noReference.statusCode).toBe(404);
    expect(noReference.json().message).toBe('No financial details found for this penalty charge reference.');
    const noReturn = await vat(`returnview?vrn=${vrn}&periodKey=17A1`);
    expect(noReturn.statusCode).toBe(404);
    expect(noReturn.json().message).toBe('VAT return data not found for this period');
  });

  it('words HMRC’s 500 and 503 as the product reference’s status messages with the status, keeping the code', async () => {
    const vrn = aliceUser.vrn ?? '';
    const fault = (endpoint: string, kind: string) =>
      fetch(`${server.baseUrl}/hmrc-sandbox/operator/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // Enough for every attempt: GETs are retried on HMRC's 5xx.
        body: JSON.stringify({ endpoint, kind, count: 5 }),
      });
    try {
      expect((await fault('obligations', 'error503')).status).toBe(201);
      const unavailable = await vat(`obligations?vrn=${vrn}&${lastYear}`);
      expect(unavailable.statusCode).toBe(502);
      expect(unavailable.json()).toMatchObject({
        code: 'HMRC_UNAVAILABLE',
        message: 'Service unavailable (503)',
        hmrc: { kind: 'obligations', status: 503, codes: ['SERVICE_UNAVAILABLE'] },
      });
      expect((await fault('viewReturn', 'error500')).status).toBe(201);
      const failed = await vat(`returnview?vrn=${vrn}&periodKey=18A1`);
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toMatchObject({
        code: 'HMRC_UNAVAILABLE',
        message: 'Server error (500)',
        hmrc: { kind: 'returnView', status: 500 },
      });
    } finally {
      await fetch(`${server.baseUrl}/hmrc-sandbox/operator/faults`, { method: 'DELETE' });
    }
  });

  it('checks the VRN and says what is wrong with it', async () => {
    const response = await vat(`obligations?vrn=123456789&${lastYear}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].message).toContain('check digits do not match');
  });

  it('never gives one user another user’s VRN data: 403, and no data', async () => {
    const vrn = aliceUser.vrn ?? '';
    for (const path of [
      `obligations?vrn=${vrn}&${lastYear}`,
      `penalties?vrn=${vrn}`,
      `liabilities?vrn=${vrn}&${lastYear}`,
    ]) {
      const response = await vat(path, bob);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('BUSINESS_NOT_YOURS');
    }
    // Naming another user's HMRC user on one's own VRN does not work either.
    const bobUser = await createSandboxUser(bob);
    await authorise(bob, bobUser);
    const crossed = await vat(`penalties?vrn=${bobUser.vrn}&userId=${aliceUser.userId}`, bob);
    expect(crossed.statusCode).toBe(403);
  });

  it('financial details of a penalty with a charge reference', async () => {
    const vrn = aliceUser.vrn ?? '';
    const penalties = penaltiesSchema.parse((await vat(`penalties?vrn=${vrn}`)).json());
    const charged = penalties.penalties.find((penalty) => penalty.chargeReference);
    expect(charged).toBeDefined();
    const details = financialDetailsSchema.parse(
      (await vat(`financials?vrn=${vrn}&chargeReference=${charged?.chargeReference}`)).json(),
    );
    expect(details.documents.length).toBeGreaterThan(0);
  });
});

describe('tokens', () => {
  it('refreshes an access token HMRC no longer accepts, once, and the call succeeds', async () => {
    // Four hours pass at HMRC: its access token has expired while ours says it has not.
    expect((await operator('/clock', { offsetMs: 4 * 3_600_000 + 60_000 })).status).toBe(200);
    try {
      const before = await server.app.database.db
        .selectFrom('hmrc_connection')
        .select(['access_token_enc', 'hmrc_user_id'])
        .execute();
      const response = await call(alice, 'GET', `/api/vat/penalties?vrn=${aliceUser.vrn}`);
      expect(response.statusCode, response.body).toBe(200);
      const after = await server.app.database.db
        .selectFrom('hmrc_connection')
        .select(['access_token_enc', 'hmrc_user_id'])
        .execute();
      const mine = (rows: typeof before) => rows.find((row) => row.hmrc_user_id === aliceUser.userId)?.access_token_enc;
      expect(mine(after)).not.toBe(mine(before));
    } finally {
      await operator('/clock', { offsetMs: 0 });
    }
  });

  it('answers 404 to a refresh for a user it holds no authority for: unknown, or another account’s', async () => {
    for (const [client, userId] of [
      [alice, '000000000000'],
      [bob, aliceUser.userId],
    ] as const) {
      const response = await call(client, 'POST', '/api/refresh_token', { userId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'CONNECTION_NOT_FOUND' });
    }
  });

  it('says "Failed to refresh token" when HMRC refuses the refresh, and asks for authority again', async () => {
    const user = await createSandboxUser(alice);
    await authorise(alice, user);
    // Nineteen months on, the authority has ended.
    await operator('/clock', { advanceDays: 19 * 31 });
    try {
      const refresh = await call(alice, 'POST', '/api/refresh_token', { userId: user.userId });
      expect(refresh.statusCode).toBe(502);
      expect(refresh.json()).toMatchObject({ error: 'Failed to refresh token' });
      const data = await call(alice, 'GET', `/api/vat/penalties?vrn=${user.vrn}`);
      expect(data.statusCode).toBe(409);
      expect(data.json().code).toBe('HMRC_REAUTHORISE');
      const check = (await call(alice, 'GET', `/api/check_auth?userId=${user.userId}`)).json();
      expect(check.authorisation.needsReauthorisation).toBe(true);
    } finally {
      await operator('/clock', { offsetMs: 0 });
    }
  });

  it('keeps tokens encrypted at rest, and out of every response and log line', async () => {
    const cipher = new TokenCipher(
      parseEncryptionKey(fs.readFileSync(path.join(server.dataDir, 'token-encryption-key'), 'utf8')) ?? Buffer.alloc(0),
    );
    const rows = await server.app.database.db.selectFrom('hmrc_connection').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    const secrets = rows.flatMap((row) => [
      cipher.decrypt(row.access_token_enc),
      cipher.decrypt(row.refresh_token_enc),
    ]);
    for (const secret of secrets) {
      expect(secret).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.stringify(rows)).not.toContain(secret);
      expect(server.logText()).not.toContain(secret);
      for (const body of bodiesSeen) expect(body).not.toContain(secret);
    }
  });
});
