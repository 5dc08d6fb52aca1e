import { hmrcFlatErrorSchema } from '@vatwise/hmrc';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultApplication } from '../oauth/applications';
import { basePath, type Sandbox, startSandbox, type TestUser, type Tokens, vatAccept } from '../test/harness';

/**
 * The operator's controls and the rate limit, over a real listening socket: a dropped connection
 * or a call held past the caller's patience only looks like one on a real network.
 */

let sandbox: Sandbox;
afterEach(() => sandbox.close());

async function listening(options: Parameters<typeof startSandbox>[0] = {}) {
  sandbox = await startSandbox(options);
  const user = await sandbox.createUser('organisations');
  const tokens = await sandbox.authorise(user);
  const address = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
  const obligations = (signal?: AbortSignal) =>
    fetch(`${address}${basePath}/organisations/vat/${user.vrn}/obligations?status=O`, {
      headers: { accept: vatAccept, authorization: `Bearer ${tokens.access_token}` },
      ...(signal ? { signal } : {}),
    });
  return { user, tokens, address, obligations };
}

describe('faults on the next calls of an endpoint', () => {
  it('an injected 503 reaches the caller as HMRC’s 503, then calls succeed again', async () => {
    const { obligations } = await listening();
    const added = await sandbox.operator('POST', '/faults', { endpoint: 'obligations', kind: 'error503', count: 2 });
    expect(added.statusCode).toBe(201);
    for (let call = 0; call < 2; call += 1) {
      const response = await obligations();
      expect(response.status).toBe(503);
      expect(hmrcFlatErrorSchema.parse(await response.json())).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'Internal server error',
      });
    }
    expect((await obligations()).status).toBe(200);
  });

  it('an injected 500 answers INTERNAL_SERVER_ERROR', async () => {
    const { obligations } = await listening();
    await sandbox.operator('POST', '/faults', { endpoint: 'obligations', kind: 'error500' });
    const response = await obligations();
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
  });

  it('an injected time-out holds the call until the caller gives up', async () => {
    const { obligations } = await listening();
    await sandbox.operator('POST', '/faults', { endpoint: 'obligations', kind: 'timeout' });
    const started = Date.now();
    await expect(obligations(AbortSignal.timeout(400))).rejects.toThrow(/timeout|aborted/i);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect((await obligations()).status).toBe(200);
  });

  it('an injected drop closes the connection without an answer', async () => {
    const { obligations } = await listening();
    await sandbox.operator('POST', '/faults', { endpoint: 'obligations', kind: 'drop' });
    await expect(obligations()).rejects.toThrow(/fetch failed/);
    expect((await obligations()).status).toBe(200);
  });

  it('a dropAfter fault lets HMRC act, then loses the answer', async () => {
    const { obligations, user, tokens } = await listening();
    const open = (await (await obligations()).json()) as { obligations: { periodKey: string; due: string }[] };
    const overdue = open.obligations.find((obligation) => obligation.due < new Date().toISOString().slice(0, 10));
    await sandbox.operator('POST', '/faults', { endpoint: 'submitReturn', kind: 'dropAfter' });
    const body = JSON.stringify({
      periodKey: overdue?.periodKey,
      vatDueSales: 10,
      vatDueAcquisitions: 0,
      totalVatDue: 10,
      vatReclaimedCurrPeriod: 0,
      netVatDue: 10,
      totalValueSalesExVAT: 50,
      totalValuePurchasesExVAT: 0,
      totalValueGoodsSuppliedExVAT: 0,
      totalAcquisitionsExVAT: 0,
      finalised: true,
    });
    const address = sandbox.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await expect(
      fetch(`http://127.0.0.1:${port}${basePath}/organisations/vat/${user.vrn}/returns`, {
        method: 'POST',
        headers: {
          accept: vatAccept,
          authorization: `Bearer ${tokens.access_token}`,
          'content-type': 'application/json',
        },
        body,
      }),
    ).rejects.toThrow(/fetch failed/);
    const view = await sandbox.vat('GET', `/organisations/vat/${user.vrn}/returns/${overdue?.periodKey}`, {
      token: tokens.access_token,
    });
    expect(view.statusCode).toBe(200);
  });

  it('an injected delay slows the call, which then succeeds', async () => {
    const { obligations } = await listening();
    await sandbox.operator('POST', '/faults', { endpoint: 'obligations', kind: 'delay', delayMs: 300 });
    const started = Date.now();
    expect((await obligations()).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('a fault on the token endpoint reaches the client exchanging or refreshing', async () => {
    const { address, tokens } = await listening();
    await sandbox.operator('POST', '/faults', { endpoint: 'token', kind: 'error503' });
    const refresh = await fetch(`${address}${basePath}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: defaultApplication.clientId,
        client_secret: defaultApplication.clientSecret,
        refresh_token: tokens.refresh_token,
      }),
    });
    expect(refresh.status).toBe(503);
  });

  it('says what to fix in a bad fault', async () => {
    sandbox = await startSandbox();
    const response = await sandbox.operator('POST', '/faults', { endpoint: 'everything', kind: 'error503' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('endpoint');
  });
});

describe('the rate limit (docs/reference/hmrc-vat-api.md §6.1)', () => {
  it('answers the 4th call in a second 429 MESSAGE_THROTTLED_OUT with a Retry-After, per application', async () => {
    // The simulator's time is the test's: the window moves only when the test moves it.
    let now = Date.parse('2025-06-15T12:00:00.000Z');
    sandbox = await startSandbox({
      rateLimitPerSecond: 3,
      now: () => now,
      applications: [{ clientId: 'second-app', clientSecret: 'second-secret', name: 'Second', redirectUris: [] }],
    });
    const user: TestUser = await sandbox.createUser('organisations');
    const tokens: Tokens = await sandbox.authorise(user);
    // Creating and authorising used calls of their own: let the window pass.
    now += 1_001;
    const statuses = [];
    let throttled;
    for (let call = 0; call < 4; call += 1) {
      const response = await sandbox.vat('GET', `/organisations/vat/${user.vrn}/obligations?status=O`, {
        token: tokens.access_token,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) throttled = response;
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(throttled?.json()).toEqual({
      code: 'MESSAGE_THROTTLED_OUT',
      message: 'The request for the API is throttled as you have exceeded your quota.',
    });
    expect(throttled?.headers['retry-after']).toBe('1');
    const obligations = () =>
      sandbox.vat('GET', `/organisations/vat/${user.vrn}/obligations?status=O`, { token: tokens.access_token });
    now += 999;
    expect((await obligations()).statusCode).toBe(429);
    // Waiting as long as Retry-After said lets the next call through.
    now += 1;
    expect((await obligations()).statusCode).toBe(200);

    const other = await sandbox.token({
      grant_type: 'client_credentials',
      client_id: 'second-app',
      client_secret: 'second-secret',
    });
    const services = await sandbox.app.inject({
      method: 'GET',
      url: `${basePath}/create-test-user/services`,
      headers: { accept: vatAccept, authorization: `Bearer ${(other.json() as Tokens).access_token}` },
    });
    expect(services.statusCode).toBe(200);
  });
});

describe('reset and clock', () => {
  it('reset forgets test users and tokens, but keeps the applications', async () => {
    sandbox = await startSandbox();
    const user = await sandbox.createUser('organisations');
    const tokens = await sandbox.authorise(user);
    expect((await sandbox.operator('POST', '/reset')).statusCode).toBe(204);
    const call = await sandbox.vat('GET', `/organisations/vat/${user.vrn}/obligations?status=O`, {
      token: tokens.access_token,
    });
    expect(call.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await expect(sandbox.authorise(user)).rejects.toThrow();
    expect(await sandbox.appToken()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('moves the clock by days, to an instant, and back', async () => {
    sandbox = await startSandbox();
    const moved = await sandbox.operator('PUT', '/clock', { advanceDays: 10 });
    expect(moved.json().offsetMs).toBe(10 * 86_400_000);
    const at = await sandbox.operator('PUT', '/clock', { now: '2030-01-15T12:00:00.000Z' });
    expect(at.json().today).toBe('2030-01-15');
    await sandbox.operator('DELETE', '/clock');
    expect((await sandbox.operator('GET', '/clock')).json().offsetMs).toBe(0);
  });

  it('counts the calls each VAT endpoint received', async () => {
    sandbox = await startSandbox();
    const user = await sandbox.createUser('organisations');
    const tokens = await sandbox.authorise(user);
    for (let call = 0; call < 2; call += 1) {
      await sandbox.vat('GET', `/organisations/vat/${user.vrn}/penalties`, { token: tokens.access_token });
    }
    await sandbox.vat('POST', `/organisations/vat/${user.vrn}/returns`, { token: tokens.access_token, body: '{}' });
    expect((await sandbox.operator('GET', '/calls')).json()).toEqual({ calls: { penalties: 2, submitReturn: 1 } });
    await sandbox.operator('POST', '/reset');
    expect((await sandbox.operator('GET', '/calls')).json()).toEqual({ calls: {} });
  });

  it('leaves the controls out when they are not switched on', async () => {
    sandbox = await startSandbox({ operatorControls: false });
    expect((await sandbox.operator('POST', '/reset')).statusCode).toBe(404);
  });
});

describe('the request log', () => {
  interface Logged {
    at: string;
    method: string;
    path: string;
    status?: number;
    grantType?: string;
  }
  const requests = async (query = '') =>
    ((await sandbox.operator('GET', `/requests${query}`)).json() as { requests: Logged[] }).requests;

  it('lists what arrived, when, with its answer and the grant asked for, but not the operator’s own calls', async () => {
    // The real clock stands still: every call falls in one second of the rate limit.
    const now = Date.now();
    sandbox = await startSandbox({ rateLimitPerSecond: 3, now: () => now });
    const user = await sandbox.createUser('organisations');
    const tokens = await sandbox.authorise(user);
    await sandbox.operator('GET', '/calls');
    const refreshed = await sandbox.token({
      grant_type: 'refresh_token',
      client_id: defaultApplication.clientId,
      client_secret: defaultApplication.clientSecret,
      refresh_token: tokens.refresh_token,
    });
    for (let call = 0; call < 4; call += 1) {
      await sandbox.vat('GET', `/organisations/vat/${user.vrn}/obligations?status=O`, {
        token: (refreshed.json() as Tokens).access_token,
      });
    }

    const log = await requests();
    expect(log.some((entry) => entry.path.startsWith('/operator'))).toBe(false);
    const tokenCalls = log.filter((entry) => entry.path === '/oauth/token');
    expect(tokenCalls.map((entry) => entry.grantType)).toEqual([
      'client_credentials',
      'authorization_code',
      'refresh_token',
    ]);
    expect(tokenCalls.every((entry) => entry.method === 'POST' && entry.status === 200)).toBe(true);
    // One test user made with the application's token, then four reads: the 4th in the second is refused.
    const reads = log.filter((entry) => entry.path === `/organisations/vat/${user.vrn}/obligations`);
    expect(reads.map((entry) => entry.status)).toEqual([200, 200, 429, 429]);
    expect(new Set(log.map((entry) => entry.at))).toEqual(new Set([new Date(now).toISOString()]));
  });

  it('keeps only the requests since a given time, and forgets all on reset', async () => {
    sandbox = await startSandbox();
    await sandbox.appToken();
    const later = Date.now() + 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await sandbox.appToken();
    expect(await requests()).toHaveLength(2);
    expect(await requests(`?since=${later}`)).toHaveLength(1);
    expect(await requests(`?since=${new Date(later).toISOString()}`)).toHaveLength(1);
    expect((await sandbox.operator('GET', '/requests?since=yesterday')).statusCode).toBe(400);
    await sandbox.operator('POST', '/reset');
    expect(await requests()).toEqual([]);
  });

  it('keeps nothing when the operator controls are off', async () => {
    sandbox = await startSandbox({ operatorControls: false });
    await sandbox.appToken();
    expect((await sandbox.operator('GET', '/requests')).statusCode).toBe(404);
  });
});
