import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type SessionClient, strongPassword } from '../test/session-client';
import { createTestApp, redisForTest, type TestApp } from '../test/test-app';

/**
 * The API's ceiling: per account when signed in, per client address when not (counted in memory
 * on one instance; in Redis across instances at the end). Sign-in attempts keep their own limits.
 */

const perMinute = 5;
const office = '203.0.113.7';

let server: TestApp;
let ana: SessionClient;
let ben: SessionClient;
beforeAll(async () => {
  server = await createTestApp({
    API_RATE_LIMIT_PER_MINUTE: String(perMinute),
    AUTH_RATE_LIMIT_PER_IP: '3',
    AUTH_RATE_LIMIT_PER_EMAIL: '2',
  });
  // Signed up from 127.0.0.1, an address no test below uses.
  ana = await registerUser(server.app, 'ana@example.com', 'Ana');
  ben = await registerUser(server.app, 'ben@example.com', 'Ben');
});
afterAll(async () => {
  await server.close();
});

const cookieOf = (client: SessionClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** A GET from an address, as a browser signed in as `client` (or nobody, or with this cookie). */
const get = (url: string, from: string, as?: SessionClient | string) =>
  server.app.inject({
    method: 'GET',
    url,
    remoteAddress: from,
    ...(as === undefined ? {} : { headers: { cookie: typeof as === 'string' ? as : cookieOf(as) } }),
  });

/** A session cookie of the right name whose token and signature no server made. */
const madeUpCookie = () =>
  `vatwise.session_token=${crypto.randomBytes(24).toString('base64url')}.${crypto.randomBytes(32).toString('base64url')}`;

const statusesOf = async (requests: (() => ReturnType<typeof get>)[]) => {
  const statuses: number[] = [];
  for (const request of requests) statuses.push((await request()).statusCode);
  return statuses;
};

function expectRefusal(response: Awaited<ReturnType<typeof get>>) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  const body = response.json();
  expect(body.code).toBe('RATE_LIMITED');
  // The message says the same wait as the header.
  expect(body.message).toBe(
    `Too many requests. Try again in ${retryAfter} ${retryAfter === 1 ? 'second' : 'seconds'}.`,
  );
}

describe('the API rate limit', () => {
  it("counts a signed-in account's requests against the account, so a colleague at the same address keeps theirs", async () => {
    // Public and account-only routes alike spend the account's budget.
    const anaAtTheOffice = [
      () => get('/api/me', office, ana),
      () => get('/api/businesses', office, ana),
      () => get('/api/agents/statuses', office, ana),
      () => get('/api/businesses', office, ana),
      () => get('/api/me', office, ana),
    ];
    expect(await statusesOf(anaAtTheOffice)).toEqual([200, 200, 200, 200, 200]);
    expectRefusal(await get('/api/businesses', office, ana));
    // The budget is the account's wherever it signs in from.
    expectRefusal(await get('/api/me', '192.0.2.80', ana));

    // Ben, at the same address, has all of his; and so has the address for anyone signed out.
    expect(
      await statusesOf(Array.from({ length: perMinute }, () => () => get('/api/businesses', office, ben))),
    ).toEqual(Array(perMinute).fill(200));
    expect((await get('/api/agents/statuses', office)).statusCode).toBe(200);
  });

  it('counts anonymous requests and made-up session cookies against the client address', async () => {
    const address = '198.51.100.9';
    const signedOut = [
      () => get('/api/agents/statuses', address),
      // Refused by access control, and still counted.
      () => get('/api/businesses', address),
      // Each with a new cookie: none of them is a new budget.
      () => get('/api/businesses', address, madeUpCookie()),
      () => get('/api/agents/statuses', address, madeUpCookie()),
      () => get('/api/me', address, madeUpCookie()),
    ];
    expect(await statusesOf(signedOut)).toEqual([200, 401, 401, 200, 200]);
    expectRefusal(await get('/api/agents/statuses', address, madeUpCookie()));
    expectRefusal(await get('/api/businesses', address));
    // Another address has its own count.
    expect((await get('/api/agents/statuses', '198.51.100.10')).statusCode).toBe(200);
  });

  it('never limits health checks, from an address or an account past its limit', async () => {
    const address = '198.51.100.20';
    for (let i = 0; i <= perMinute; i++) await get('/api/agents/statuses', address);
    expectRefusal(await get('/api/agents/statuses', address));
    for (let i = 0; i < 2 * perMinute; i++) {
      expect((await get('/api/health', address)).statusCode).toBe(200);
      expect((await get('/api/ready', address)).statusCode).toBe(200);
      expect((await get('/api/health?probe=1', office, ana)).statusCode).toBe(200);
    }
  });

  it('keeps the sign-in limits per e-mail and per address (features/auth), each with Retry-After', async () => {
    const signIn = (email: string, from: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: from,
        payload: { email, password: `${strongPassword}-wrong` },
      });
    // Per e-mail (2), whatever the address.
    const forBen = [await signIn('ben@example.com', '192.0.2.1'), await signIn('ben@example.com', '192.0.2.2')];
    expect(forBen.map((attempt) => attempt.statusCode)).toEqual([401, 401]);
    const third = await signIn('ben@example.com', '192.0.2.3');
    expect(third.statusCode).toBe(429);
    // The sign-in limit's own refusal, not the API's (which counts seconds).
    expect(third.json().message).toBe('Too many attempts. Wait a little, then try again.');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // Per address (3), whatever the e-mail: below the API's limit for the address.
    const address = '192.0.2.9';
    const attempts = [];
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com']) {
      attempts.push((await signIn(email, address)).statusCode);
    }
    expect(attempts).toEqual([401, 401, 401, 429]);
  });
});

describe('the API rate limit across instances sharing Redis', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("counts an account's requests on every instance together", async () => {
    const redis = redisForTest();
    cleanups.push(() => redis.clear());
    // The same secrets on one database and one Redis prefix, as platform/cluster's tests start them.
    const shared = {
      AUTH_SECRET: crypto.randomBytes(32).toString('base64'),
      TOKEN_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
      ...redis.env,
      API_RATE_LIMIT_PER_MINUTE: '4',
    };
    const a = await createTestApp(shared);
    cleanups.push(() => a.close());
    const b = await createTestApp({
      ...shared,
      ...(a.app.config.database.kind === 'postgres'
        ? { DATABASE_URL: a.app.config.database.url }
        : { DATA_DIR: a.dataDir }),
    });
    cleanups.push(() => b.close());
    const cy = await registerUser(a.app, 'cy@example.com', 'Cy');
    const dee = await registerUser(b.app, 'dee@example.com', 'Dee');

    const on = (instance: TestApp, client: SessionClient) =>
      instance.app.inject({
        method: 'GET',
        url: '/api/me',
        remoteAddress: office,
        headers: { cookie: cookieOf(client) },
      });
    const statuses = [];
    for (const instance of [a, b, a, b]) statuses.push((await on(instance, cy)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200]);
    expectRefusal(await on(a, cy));
    expectRefusal(await on(b, cy));
    // Dee, at the same address, is not limited on either.
    expect((await on(a, dee)).statusCode).toBe(200);
    expect((await on(b, dee)).statusCode).toBe(200);
  });
});
