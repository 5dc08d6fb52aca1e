import { healthResponseSchema, readyResponseSchema } from '@vatwise/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/test-app';

describe('health and readiness', () => {
  let server: TestApp;
  beforeEach(async () => {
    server = await createTestApp();
  });
  afterEach(async () => {
    await server.close();
  });

  it('says the process is alive', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(healthResponseSchema.parse(response.json()).status).toBe('ok');
  });

  it('says it is ready when the database answers', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    const body = readyResponseSchema.parse(response.json());
    expect(body.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite');
  });

  it('says it is not ready, as JSON, when the database cannot be reached', async () => {
    await server.app.database.db.destroy();
    const response = await server.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ statusCode: 503, code: 'DATABASE_UNAVAILABLE' });
  });
});
