import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/** The OpenAPI document is made from the same zod schemas that check each request. */
describe('the API document', () => {
  let server: TestApp | undefined;
  afterEach(async () => {
    await server?.close();
  });

  it('describes each route with the parameters and bodies its zod schemas accept', async () => {
    server = await createTestApp({ NODE_ENV: 'development' });
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string; required?: boolean }[];
            requestBody?: {
              content: Record<string, { schema: { required?: string[]; properties?: Record<string, unknown> } }>;
            };
          }
        >
      >;
    };
    expect(document.openapi).toMatch(/^3\./);
    const page = document.paths['/api/vat_returns/{id}/records']?.get;
    expect(page?.parameters?.map((parameter) => `${parameter.in}:${parameter.name}`).sort()).toEqual([
      'path:id',
      'query:box',
      'query:order',
      'query:page',
      'query:pageSize',
      'query:search',
      'query:sort',
      'query:unpaid',
    ]);
    const submit =
      document.paths['/api/vat_returns/{id}/submit']?.post?.requestBody?.content['application/json']?.schema;
    expect(submit?.required).toEqual(expect.arrayContaining(['idempotencyKey', 'declarationAccepted']));
    // A VAT read may name HMRC's test scenario, as its route accepts.
    const obligations = document.paths['/api/vat/obligations']?.get?.parameters?.map((parameter) => parameter.name);
    expect(obligations).toEqual(expect.arrayContaining(['vrn', 'from', 'to', 'status', 'scenario']));
    // better-auth's own paths are its to document.
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/auth/'))).toEqual([]);
    const pageOfDocs = await server.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(pageOfDocs.statusCode);
  });

  it('is not served in production', async () => {
    server = await createTestApp({ NODE_ENV: 'production' });
    expect((await server.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
  });
});
