import { afterEach, describe, expect, it } from 'vitest';
import { embeddedSandboxPath } from '../config';
import { createTestApp, type TestApp } from '../test/test-app';
import { routesOf } from './api-docs';

/**
 * TEMPORARY: routes of vat-returns and vat-operations, whose reply schemas are being added
 * separately; remove each as its route declares its replies, then the list.
 */
const vatRoutesNotYetDeclared = [
  'GET /api/vat/obligations',
  'GET /api/vat/liabilities',
  'GET /api/vat/payments',
  'GET /api/vat/penalties',
  'GET /api/vat/financials',
  'GET /api/vat/returnview',
  'GET /api/vat_records',
  'POST /api/vat_records',
  'PUT /api/vat_records/:id',
  'DELETE /api/vat_records/:id',
  'POST /api/vat_records/:id/restore',
  'GET /api/vat_schemes',
  'PUT /api/vat_schemes',
  'GET /api/margin_stock_items',
  'POST /api/margin_stock_items',
  'PUT /api/margin_stock_items/:id',
  'DELETE /api/margin_stock_items/:id',
  'POST /api/margin_stock_items/:id/restore',
  'POST /api/initiate_vat_return',
  'GET /api/vat_returns',
  'GET /api/vat_returns/:id',
  'GET /api/vat_returns/:id/records',
  'PUT /api/vat_returns/:id',
  'DELETE /api/vat_returns/:id',
  'POST /api/vat_returns/:id/submit',
  'POST /api/vat_returns/:id/ready',
  'POST /api/vat_returns/:id/approve',
  'POST /api/vat_returns/:id/reopen',
  'GET /api/vat_returns/:id/notes',
  'POST /api/vat_returns/:id/notes',
  'POST /api/vat_returns/:id/settle',
  'GET /api/vat_returns/:id/receipt.pdf',
  'GET /api/vat_returns/:id/error_corrections',
  'POST /api/vat_returns/:id/error_corrections',
  'DELETE /api/vat_returns/:id/error_corrections/:correctionId',
  'GET /api/vat_returns/:id/error-notification.pdf',
  'GET /api/vat_returns/:id/comparison',
  'GET /api/vat_returns/:id/audit.csv',
  'GET /api/vat_returns/:id/audit.pdf',
  'POST /api/vat_imports/preview',
  'POST /api/vat_imports',
  'GET /api/vat_imports',
  'POST /api/vat_returns/:id/client_approval',
  'GET /api/client_approval/:token',
  'POST /api/client_approval/:token/approve',
  'POST /api/client_approval/:token/query',
];
/** TEMPORARY: the other features' routes still to be given their reply schemas. */
const otherRoutesNotYetDeclared = ['POST /api/authorize_user'];
const repliesNotYetDeclared = new Set<string>([...vatRoutesNotYetDeclared, ...otherRoutesNotYetDeclared]);

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
  });

  it('has a reply schema for the success status of every route', async () => {
    server = await createTestApp({ NODE_ENV: 'development' });
    await server.app.ready();
    const lacking = routesOf(server.app)
      // Hidden routes are not ours to describe (better-auth's, the documentation's own pages), nor
      // is the embedded simulator, which answers in HMRC's shapes as HMRC's documents describe.
      .filter((route) => !route.hidden && !route.url.startsWith(embeddedSandboxPath))
      .filter((route) => !route.statuses.some((status) => /^[23]/.test(status)))
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !repliesNotYetDeclared.has(route));
    expect(lacking).toEqual([]);
  });

  it('is not served in production', async () => {
    server = await createTestApp({ NODE_ENV: 'production' });
    expect((await server.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
  });
});
