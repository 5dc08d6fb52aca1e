import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/test-app';

/**
 * The client's address decides the sign-in rate limit (and HMRC's Gov-Client-Public-IP): it may
 * come from X-Forwarded-For only when the peer that sent it is a proxy we were told to trust.
 */
describe('client address behind proxies', () => {
  let server: TestApp | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function attempt(app: TestApp['app'], peer: string, forwardedFor: string, n: number) {
    return app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: peer,
      headers: { origin: app.config.publicUrl, 'x-forwarded-for': forwardedFor },
      payload: { email: `nobody${n}@example.com`, password: 'Wrong-Guess-1' },
    });
  }

  async function statusesOf(env: Record<string, string>, peer: string, forwardedFor: (n: number) => string) {
    server = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_PER_EMAIL: '1000', ...env });
    const statuses: number[] = [];
    for (let n = 0; n < 5; n++) statuses.push((await attempt(server.app, peer, forwardedFor(n), n)).statusCode);
    return statuses;
  }

  it('ignores X-Forwarded-For when no proxy is trusted: rotating it does not escape the limit', async () => {
    const statuses = await statusesOf({}, '203.0.113.9', (n) => `198.51.100.${n}`);
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it('ignores X-Forwarded-For from a peer outside the trusted ranges', async () => {
    const statuses = await statusesOf({ TRUST_PROXY: '10.0.0.0/8' }, '203.0.113.9', (n) => `198.51.100.${n}`);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it('takes the client from X-Forwarded-For sent by a trusted proxy', async () => {
    const rotating = await statusesOf({ TRUST_PROXY: '10.0.0.0/8' }, '10.1.2.3', (n) => `198.51.100.${n}`);
    expect(rotating).not.toContain(429);
    await server?.close();
    const same = await statusesOf({ TRUST_PROXY: '10.0.0.0/8' }, '10.1.2.3', () => '198.51.100.7');
    expect(same.slice(3)).toEqual([429, 429]);
  });

  it('with a hop count, believes only the entries those proxies added, not what the client wrote before them', async () => {
    // One proxy: it appends the address it saw, so only the last entry is the client's.
    const statuses = await statusesOf({ TRUST_PROXY: '1' }, '10.1.2.3', (n) => `198.51.100.${n}, 192.0.2.44`);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});
