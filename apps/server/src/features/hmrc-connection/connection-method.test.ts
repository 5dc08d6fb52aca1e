import { validateFraudHeaders } from '@vatwise/hmrc-sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectBusiness } from '../../test/hmrc-journey';
import { createPractice, join } from '../../test/practice-journey';
import { registerUser, type SessionClient, signIn, strongPassword } from '../../test/session-client';
import { totpCode } from '../../test/totp';
import { createListeningTestApp, type TestApp } from '../../test/test-app';
import { FraudHeaderSource } from './fraud-headers';

/**
 * The connection method follows who started the call (docs/hmrc-fraud-prevention.md): seen on the
 * wire, as the requests leave for the embedded simulator, for a person's read, for the check a
 * person sets off by connecting a business, and for a scheduled round. Each is judged twice: by
 * the header names and formats HMRC's pages give, written out here, and by the simulator's
 * validator of HMRC's Test Fraud Prevention Headers API.
 */

interface SentRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
}

let server: TestApp & { baseUrl: string };
let admin: SessionClient;
const sent: SentRequest[] = [];

/** What the web app's browser sends with each call (apps/web/src/shared/api/fraud-prevention.ts). */
const browser = {
  'gov-client-browser-js-user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  'gov-client-device-id': '6f1f5c1e-2b43-4c7a-9d0e-58a3b1e0c2d4',
  'gov-client-screens': 'width=1920&height=1080&scaling-factor=1&colour-depth=24',
  'gov-client-window-size': 'width=1256&height=803',
  'gov-client-timezone': 'UTC+00:00',
  // As VAT Wise's proxy reports the browser's public address and port (TRUST_PROXY, CLIENT_PORT_HEADER).
  'x-forwarded-for': '203.0.113.7',
  'x-client-port': '52817',
};

/** The client sends these headers with each request, as the browser would. */
function asBrowser(client: SessionClient): SessionClient {
  const request = client.request.bind(client);
  client.request = (options) => request({ ...options, headers: { ...browser, ...options.headers } });
  return client;
}

const webAppHeaders = [
  'gov-client-browser-js-user-agent',
  'gov-client-connection-method',
  'gov-client-device-id',
  'gov-client-public-ip',
  'gov-client-public-ip-timestamp',
  'gov-client-public-port',
  'gov-client-screens',
  'gov-client-timezone',
  'gov-client-user-ids',
  'gov-client-window-size',
  'gov-vendor-forwarded',
  'gov-vendor-license-ids',
  'gov-vendor-product-name',
  'gov-vendor-public-ip',
  'gov-vendor-version',
];

const batchHeaders = [
  'gov-client-connection-method',
  'gov-client-device-id',
  'gov-client-local-ips',
  'gov-client-local-ips-timestamp',
  'gov-client-mac-addresses',
  'gov-client-timezone',
  'gov-client-user-agent',
  'gov-client-user-ids',
  'gov-vendor-license-ids',
  'gov-vendor-product-name',
  'gov-vendor-version',
];

const fraudHeaderNames = (request: SentRequest) =>
  Object.keys(request.headers)
    .filter((name) => name.startsWith('gov-client-') || name.startsWith('gov-vendor-'))
    .sort();

const vatCalls = () => sent.filter((request) => request.url.pathname.includes('/organisations/vat/'));

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const millisecondTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** BATCH_PROCESS_DIRECT's headers, each as HMRC's page for that header describes it. */
function expectBatchFormats(headers: Record<string, string>) {
  expect(headers['gov-client-connection-method']).toBe('BATCH_PROCESS_DIRECT');
  expect(headers['gov-client-device-id']).toMatch(uuid);
  for (const ip of (headers['gov-client-local-ips'] ?? '').split(',')) {
    // IPv4 as it is; IPv6 percent-encoded, so no raw colon.
    expect(ip).toMatch(/^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F%]*%3A[0-9a-fA-F%]*)$/);
  }
  expect(headers['gov-client-local-ips-timestamp']).toMatch(millisecondTimestamp);
  for (const mac of (headers['gov-client-mac-addresses'] ?? '').split(',')) {
    expect(mac).toMatch(/^([0-9a-fA-F]{2}%3A){5}[0-9a-fA-F]{2}$/);
  }
  expect(headers['gov-client-timezone']).toMatch(/^UTC[+-]\d{2}:\d{2}$/);
  // Each key once, each value percent-encoded (no space, parenthesis or other reserved character).
  for (const key of ['os-family', 'os-version', 'device-manufacturer', 'device-model']) {
    expect(headers['gov-client-user-agent']).toMatch(new RegExp(`(^|&)${key}=[A-Za-z0-9%\\-._~]+(&|$)`));
  }
  expect(headers['gov-client-user-ids']).toMatch(/^os=[A-Za-z0-9%\-._~]+&vat-wise-workspace=[A-Za-z0-9%\-._~]+$/);
  expect(headers['gov-vendor-license-ids']).toMatch(/^vat-wise=[0-9a-f]{64}$/);
  expect(headers['gov-vendor-product-name']).toBe('VAT%20Wise');
  expect(headers['gov-vendor-version']).toMatch(/^vat-wise-server=[0-9A-Za-z.\-%]+$/);
}

const validatorErrors = (request: SentRequest) => validateFraudHeaders(request.headers).errors ?? [];

beforeAll(async () => {
  server = await createListeningTestApp({
    AGENTS_ENABLED: 'true',
    TRUST_PROXY: '1',
    CLIENT_PORT_HEADER: 'x-client-port',
    VENDOR_PUBLIC_IP: '198.51.100.10',
  });
  admin = await registerUser(server.app, 'ada@example.com', 'Ada Admin');
  // Every request as it leaves for HMRC (the client's fetch is the global one, through the call log).
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.startsWith('/hmrc-sandbox/')) {
      const headers = Object.fromEntries(
        Object.entries((init?.headers ?? {}) as Record<string, string>).map(([name, value]) => [
          name.toLowerCase(),
          value,
        ]),
      );
      sent.push({ method: init?.method ?? 'GET', url, headers });
    }
    return realFetch(input, init);
  });
}, 30_000);

afterEach(() => {
  sent.length = 0;
});

afterAll(async () => {
  vi.restoreAllMocks();
  await server?.close();
});

describe('the connection method follows who started the call', () => {
  let vrn = '';
  let alice: SessionClient;

  it('a check set off by connecting a business carries the connecting person’s headers', async () => {
    alice = asBrowser(await registerUser(server.app, 'alice@example.com', 'Alice'));
    vrn = (await connectBusiness(alice)).vrn;
    // The deadline check runs after the grant's answer: its obligations and liabilities reads.
    await vi.waitFor(
      () => {
        const paths = vatCalls().map((request) => request.url.pathname);
        expect(paths.some((path) => path.endsWith('/obligations'))).toBe(true);
        expect(paths.some((path) => path.endsWith('/liabilities'))).toBe(true);
      },
      { timeout: 10_000, interval: 50 },
    );
    for (const request of vatCalls()) {
      expect(request.headers['gov-client-connection-method']).toBe('WEB_APP_VIA_SERVER');
      expect(fraudHeaderNames(request)).toEqual(webAppHeaders);
      expect(request.headers['gov-client-device-id']).toBe(browser['gov-client-device-id']);
      expect(request.headers['gov-client-user-ids']).toContain('vat-wise=alice%40example.com');
      expect(validatorErrors(request)).toEqual([]);
    }
  });

  it('a person’s read is WEB_APP_VIA_SERVER with their browser’s headers and this request’s time', async () => {
    const before = Date.now();
    const answer = await alice.get(`/api/vat/penalties?vrn=${vrn}`);
    expect(answer.statusCode).toBe(200);
    const [request] = vatCalls();
    expect(request).toBeDefined();
    if (!request) return;
    expect(fraudHeaderNames(request)).toEqual(webAppHeaders);
    for (const [name, value] of Object.entries(browser)) {
      if (name.startsWith('gov-')) expect(request.headers[name]).toBe(value);
    }
    expect(request.headers['gov-client-public-ip']).toBe('203.0.113.7');
    expect(request.headers['gov-client-public-port']).toBe('52817');
    expect(request.headers['gov-vendor-forwarded']).toBe('by=198.51.100.10&for=203.0.113.7');
    const at = Date.parse(request.headers['gov-client-public-ip-timestamp'] ?? '');
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(request.headers['gov-client-public-ip-timestamp']).toMatch(millisecondTimestamp);
    // A password-only user: HMRC's only remark is the missing second factor.
    expect(validateFraudHeaders(request.headers)).toMatchObject({
      code: 'POTENTIALLY_INVALID_HEADERS',
      warnings: [{ code: 'POTENTIALLY_INVALID_HEADER', headers: ['gov-client-multi-factor'] }],
    });
  });

  it('a person signed in with a second factor sends Gov-Client-Multi-Factor, all 16 valid; turned off, none', async () => {
    const registered = await registerUser(server.app, 'tess@example.com', 'Tess');
    const { totpURI } = (await registered.post('/api/auth/two-factor/enable', { password: strongPassword })).json() as {
      totpURI: string;
    };
    expect((await registered.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode).toBe(
      200,
    );
    const { client } = await signIn(server.app, 'tess@example.com');
    expect((await client.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode).toBe(200);
    const tess = asBrowser(client);
    const tessVrn = (await connectBusiness(tess)).vrn;
    sent.length = 0;
    expect((await tess.get(`/api/vat/penalties?vrn=${tessVrn}`)).statusCode).toBe(200);
    const [withFactor] = vatCalls();
    expect(withFactor?.headers['gov-client-multi-factor']).toMatch(
      /^type=TOTP&timestamp=\d{4}-\d\d-\d\dT\d\d%3A\d\dZ&unique-reference=[0-9a-f]{64}$/,
    );
    expect(withFactor && validateFraudHeaders(withFactor.headers)).toMatchObject({ code: 'VALID_HEADERS' });

    expect((await tess.post('/api/auth/two-factor/disable', { password: strongPassword })).statusCode).toBe(200);
    sent.length = 0;
    expect((await tess.get(`/api/vat/penalties?vrn=${tessVrn}`)).statusCode).toBe(200);
    expect(vatCalls()[0]?.headers).not.toHaveProperty('gov-client-multi-factor');
  });

  it('a practice that requires two-factor sign-in sends nothing to HMRC for a member without it', async () => {
    const owner = asBrowser(await registerUser(server.app, 'olga@example.com', 'Olga'));
    const practiceId = await createPractice(owner, 'Olga & Co');
    const practiceVrn = (await connectBusiness(owner)).vrn;
    const preparer = asBrowser(await join(server, owner, practiceId, 'pete@example.com', 'preparer', 'Pete'));
    expect((await preparer.get(`/api/vat/penalties?vrn=${practiceVrn}`)).statusCode).toBe(200);
    expect((await owner.put('/api/practice/policy', { requireTwoFactor: true })).statusCode).toBe(200);
    sent.length = 0;
    const refused = await preparer.get(`/api/vat/penalties?vrn=${practiceVrn}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
    expect(vatCalls()).toEqual([]);
  });

  it('a scheduled round is BATCH_PROCESS_DIRECT with all 11 headers on every call', async () => {
    expect((await admin.post('/api/agents/deadline-watcher/run')).statusCode).toBe(200);
    const calls = vatCalls();
    // Each business connected above: its obligations, then its liabilities.
    const reads = calls.map((request) => request.url.pathname.split('/').pop());
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(reads).toEqual(reads.map((_, index) => (index % 2 === 0 ? 'obligations' : 'liabilities')));
    for (const request of calls) {
      expect(fraudHeaderNames(request)).toEqual(batchHeaders);
      expectBatchFormats(request.headers);
      expect(validatorErrors(request)).toEqual([]);
    }
    // One device for the installation, the same on every call.
    expect(new Set(calls.map((request) => request.headers['gov-client-device-id'])).size).toBe(1);
  });

  it('a batch call is complete before any person has been served (nothing borrowed from a request)', async () => {
    const fresh = new FraudHeaderSource(server.app.database.db, server.app.config, 'salt');
    const headers = (await fresh.forScheduledWork('workspace-1')).collect();
    const lowerCased = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    expect(Object.keys(lowerCased).sort()).toEqual(batchHeaders);
    expectBatchFormats(lowerCased);
  });
});
