import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type SessionClient } from '../test/session-client';
import { type TestApp, createTestApp } from '../test/test-app';

describe('text holding the NUL character', () => {
  let server: TestApp;
  let admin: SessionClient;
  beforeAll(async () => {
    server = await createTestApp();
    admin = await registerUser(server.app, 'admin@example.com');
  });
  afterAll(async () => {
    await server.close();
  });

  // PostgreSQL cannot store or compare it: these were 500s there.
  it('is a 400 naming the field, in a path, a query or a JSON body', async () => {
    for (const [request, field] of [
      [() => admin.put('/api/users/a%00b/role', { role: 1 }), 'id'],
      [() => admin.get('/api/users?search=a%00'), 'search'],
      [() => admin.post('/api/auth/update-user', { name: 'Pat\u0000' }), 'name'],
    ] as const) {
      const response = await request();
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: [{ path: field, message: 'Remove the NUL character (U+0000); text may not contain it' }],
      });
    }
  });
});
