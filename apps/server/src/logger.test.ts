import { afterEach, describe, expect, it } from 'vitest';
import { redactUrl } from './logger';
import { type TestApp, createTestApp } from './test/test-app';

describe('log redaction', () => {
  let server: TestApp | undefined;
  afterEach(async () => {
    await server?.close();
  });

  it('leaves no bearer token, cookie or API key of a request in the log', async () => {
    server = await createTestApp();
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/health?access_token=query-secret-777&page=2',
      headers: {
        authorization: 'Bearer hmrc-access-token-5f3a9c',
        cookie: 'vatwise.session_token=session-secret-42',
        'x-api-key': 'sk-live-key-123',
        'user-agent': 'vitest',
      },
    });
    expect(response.statusCode).toBe(200);
    const log = server.logText();
    // The request was logged, with its harmless parts...
    expect(log).toContain('/api/health');
    expect(log).toContain('vitest');
    expect(log).toContain('page=2');
    // ...and none of its secrets.
    for (const secret of ['hmrc-access-token-5f3a9c', 'session-secret-42', 'sk-live-key-123', 'query-secret-777']) {
      expect(log).not.toContain(secret);
    }
    expect(log).toContain('[Redacted]');
  });

  it('redacts secret fields in objects that code logs', async () => {
    server = await createTestApp();
    server.app.log.info(
      { connection: { refreshToken: 'refresh-secret-1', clientSecret: 'client-secret-2' }, password: 'hunter2-pass' },
      'connected',
    );
    const log = server.logText();
    expect(log).toContain('connected');
    expect(log).not.toContain('refresh-secret-1');
    expect(log).not.toContain('client-secret-2');
    expect(log).not.toContain('hunter2-pass');
  });
});

describe('redactUrl', () => {
  it('hides the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/hmrc-callback?code=abc&state=xyz&lang=en')).toBe(
      '/hmrc-callback?code=%5BRedacted%5D&state=%5BRedacted%5D&lang=en',
    );
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});
