import { afterEach, describe, expect, it } from 'vitest';
import { embeddedSandboxPath } from '../config';
import { createTestApp, type TestApp } from '../test/test-app';
import { routesOf } from './api-docs';

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

  it('shows the reply schemas of a route, and the one error shape', async () => {
    server = await createTestApp({ NODE_ENV: 'development' });
    const document = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
      >;
    };
    const health = document.paths['/api/health']?.get?.responses;
    expect(health?.['200']?.content?.['application/json']?.schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['status', 'version', 'uptimeSeconds']),
    });
    expect(health?.['4XX']?.content?.['application/json']?.schema).toMatchObject({
      required: expect.arrayContaining(['statusCode', 'code', 'error', 'message']),
    });
    // A return, written and described by the domain's schema; money in whole pence.
    const draft = document.paths['/api/vat_returns/{id}']?.get?.responses['200']?.content?.['application/json'];
    expect(draft?.schema).toMatchObject({
      required: expect.arrayContaining(['id', 'status', 'computed', 'review']),
      properties: { receipt: { properties: { boxes: { properties: { box5: { type: 'integer' } } } } } },
    });
    // A file is described by its content type; an empty reply by its status alone.
    const receipt = document.paths['/api/vat_returns/{id}/receipt.pdf']?.get?.responses['200']?.content;
    expect(Object.keys(receipt ?? {})).toEqual(['application/pdf']);
    expect(document.paths['/api/vat_records/{id}']?.delete?.responses['204']).toBeDefined();
  });

  it('has a reply schema for the success status of every route', async () => {
    server = await createTestApp({ NODE_ENV: 'development' });
    await server.app.ready();
    const lacking = routesOf(server.app)
      // Hidden routes are not ours to describe (better-auth's, the documentation's own pages), nor
      // is the embedded simulator, which answers in HMRC's shapes as HMRC's documents describe.
      .filter((route) => !route.hidden && !route.url.startsWith(embeddedSandboxPath))
      .filter((route) => !route.statuses.some((status) => /^[23]/.test(status)))
      .map((route) => `${route.method} ${route.url}`);
    expect(lacking).toEqual([]);
  });

  it('is not served in production', async () => {
    server = await createTestApp({ NODE_ENV: 'production' });
    expect((await server.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
  });
});
