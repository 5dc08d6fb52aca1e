import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/** The API's ceiling per client address on one instance (counted in memory without Redis). */

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({ API_RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(async () => {
  await server.close();
});

const get = (url: string, ip = '203.0.113.7') => server.app.inject({ method: 'GET', url, remoteAddress: ip });

describe('the API rate limit', () => {
  it('answers 429 RATE_LIMITED with Retry-After past the limit, per address, and never limits health checks', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await get('/api/agents/statuses')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await get('/api/agents/statuses');
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own count; health and readiness are never limited.
    expect((await get('/api/agents/statuses', '198.51.100.9')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await get('/api/health')).statusCode).toBe(200);
  });
});
