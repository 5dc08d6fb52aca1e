import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Role, clientConfigSchema, userRecordSchema } from '@vatwise/domain';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { registerUser } from '../../test/session-client';
import { connectBusiness } from '../../test/hmrc-journey';
import { type TestApp, createListeningTestApp, createTestApp } from '../../test/test-app';

const indexHtml =
  '<!doctype html><html><head><title>VAT Wise</title><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

const appScript = `console.log(${JSON.stringify('VAT Wise '.repeat(400))});`;

/** A stand-in for Vite's output: index.html, one hashed asset with its compressed copies and map. */
function writeWebBuild(dir: string) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), indexHtml);
  const asset = path.join(dir, 'assets', 'index-abc123.js');
  fs.writeFileSync(asset, appScript);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(appScript));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(appScript));
  fs.writeFileSync(`${asset}.map`, '{"version":3,"sources":["src/secret-internals.ts"]}');
  // The build's preload hints: every page's, then a signed-in main-area page's (which repeats one).
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(
    path.join(dir, '.vite', 'preloads.json'),
    JSON.stringify({
      page: ['assets/common-1.js', 'assets/index-abc123.js'],
      main: ['assets/MainLayout-2.js', 'assets/forms-3.js', 'assets/common-1.js'],
      screens: {
        '/app/vat-operations': ['assets/VatOperationsPage-4.js', 'assets/vatOperations-5.js'],
        '/app/vat-submissions/:returnId': ['assets/ReturnPage-6.js'],
      },
      public: {
        '/': ['assets/VisitorHomePage-7.js', 'assets/home-8.js'],
        '/user/login': ['assets/LoginPage-9.js', 'assets/common-1.js'],
      },
    }),
  );
}

/** The API reads a page announces (`<link rel="preload" as="fetch">`), in order. */
const fetchPreloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

/** The API answers a page carries with its user (`<script id="vatwise-me">`), by path; undefined without one. */
function pageReads(html: string): unknown {
  const json = /<script id="vatwise-me" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as { reads?: unknown }).reads;
}

describe('web app and API fallbacks', () => {
  let server: TestApp | undefined;
  afterEach(async () => {
    await server?.close();
  });

  let distDir = '';
  async function withBuiltWebApp(env: Record<string, string> = {}) {
    distDir = path.join(process.env.TMPDIR ?? '/tmp', `vatwise-dist-${process.pid}-${Date.now()}`);
    writeWebBuild(distDir);
    server = await createTestApp({ WEB_DIST_DIR: distDir, HELP_URL: 'https://help.example.org/vat', ...env });
    return server;
  }

  it('answers an unknown /api path with a JSON 404, never the page', async () => {
    const { app } = await withBuiltWebApp();
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        statusCode: 404,
        code: 'NOT_FOUND',
        error: 'Not Found',
        message: `There is no API endpoint ${method} /api/no-such-thing.`,
      });
    }
  });

  it('answers unknown assistant and socket paths with JSON too', async () => {
    const { app } = await withBuiltWebApp();
    for (const url of ['/taxgpt/api/nothing', '/socket.io/nothing']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('serves the SPA for any page path, with the client settings inside', async () => {
    const { app } = await withBuiltWebApp();
    for (const url of ['/', '/app/vat-operations', '/no/such/page', '/user/reset-password?token=abc']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      const configJson = /<script id="vatwise-config" type="application\/json">(.*?)<\/script>/.exec(
        response.body,
      )?.[1];
      const clientConfig = clientConfigSchema.parse(JSON.parse(configJson ?? 'null'));
      expect(clientConfig.helpUrl).toBe('https://help.example.org/vat');
      expect(clientConfig.showThemeSwitcher).toBe(true);
    }
  });

  it('carries the signed-in user in the page, never stored, and nobody in a signed-out one', async () => {
    const { app } = await withBuiltWebApp();
    const embeddedUser = (html: string) => {
      const json = /<script id="vatwise-me" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
      return json === undefined ? undefined : z.object({ user: userRecordSchema }).parse(JSON.parse(json)).user;
    };
    const signedOut = await app.inject({ method: 'GET', url: '/app' });
    expect(embeddedUser(signedOut.body)).toBeUndefined();
    expect(signedOut.headers['cache-control']).toBe('no-cache');

    const client = await registerUser(app, 'page.owner@example.com', 'Page <Owner>');
    const page = await client.get('/app/vat-operations');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const me = (await client.get('/api/me')).json<{ user: unknown }>().user;
    expect(embeddedUser(page.body)).toEqual(me);
    expect(embeddedUser(page.body)?.name).toBe('Page <Owner>');
    // The name's '<' is escaped, so it cannot end the script element early.
    expect(page.body).not.toContain('Page <Owner>');

    await client.post('/api/auth/sign-out');
    const afterSignOut = await client.get('/app');
    expect(embeddedUser(afterSignOut.body)).toBeUndefined();
  });

  it("keeps a user's name exactly in the page, even one that reads like a replacement pattern ($' and $&)", async () => {
    const { app } = await withBuiltWebApp();
    const client = await registerUser(app, 'dollar.owner@example.com', "Dollar $' and $& Co");
    const page = (await client.get('/app')).body;
    const json = /<script id="vatwise-me" type="application\/json">(.*?)<\/script>/.exec(page)?.[1] ?? '';
    expect((JSON.parse(json) as { user: { name: string } }).user.name).toBe("Dollar $' and $& Co");
    expect(page.match(/<\/head>/g)).toHaveLength(1);
  });

  it('announces the chunks a page needs next, so they download beside the entry chunk', async () => {
    const { app } = await withBuiltWebApp();
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
    // Every page: the common translations (index.html loads the entry chunk itself).
    expect(preloads((await app.inject({ method: 'GET', url: '/app' })).body)).toEqual(['/assets/common-1.js']);
    expect(preloads((await app.inject({ method: 'GET', url: '/privacy-policy' })).body)).toEqual([
      '/assets/common-1.js',
    ]);
    // A public page the build lists: its own chunks too, to anyone, whatever the query, each once.
    const landing = ['/assets/common-1.js', '/assets/VisitorHomePage-7.js', '/assets/home-8.js'];
    expect(preloads((await app.inject({ method: 'GET', url: '/' })).body)).toEqual(landing);
    expect(preloads((await app.inject({ method: 'GET', url: '/user/login?redirectTo=%2Fapp' })).body)).toEqual([
      '/assets/common-1.js',
      '/assets/LoginPage-9.js',
    ]);
    const client = await registerUser(app, 'preload.owner@example.com', 'Preload Owner');
    expect(preloads((await client.get('/')).body)).toEqual(landing);
    // A signed-in page below /app: the main layout's chunks too, each once.
    const layout = ['/assets/common-1.js', '/assets/MainLayout-2.js', '/assets/forms-3.js'];
    for (const url of ['/app', '/app/vat-submissions', '/app/vat-submissions/7/receipt']) {
      expect(preloads((await client.get(url)).body), url).toEqual(layout);
    }
    // A screen the build lists: its own chunks as well, whatever the query or a route parameter.
    for (const url of ['/app/vat-operations?vrn=1', '/app/vat-operations/']) {
      expect(preloads((await client.get(url)).body), url).toEqual([
        ...layout,
        '/assets/VatOperationsPage-4.js',
        '/assets/vatOperations-5.js',
      ]);
    }
    expect(preloads((await client.get('/app/vat-submissions/42')).body)).toEqual([
      ...layout,
      '/assets/ReturnPage-6.js',
    ]);
    // Signed out, a screen's page announces only what every page needs.
    expect(preloads((await app.inject({ method: 'GET', url: '/app/vat-operations' })).body)).toEqual([
      '/assets/common-1.js',
    ]);
    // A build without hints still serves its pages, just without them.
    fs.rmSync(path.join(distDir, '.vite'), { recursive: true });
    fs.appendFileSync(path.join(distDir, 'index.html'), '\n');
    const page = await client.get('/app');
    expect(page.statusCode).toBe(200);
    expect(preloads(page.body)).toEqual([]);
  });

  it('announces a signed-in page’s first reads with it (Home’s or a Return page’s own), with the route’s id made safe', async () => {
    const { app } = await withBuiltWebApp();
    const client = await registerUser(app, 'data.owner@example.com', 'Data Owner');
    // The addresses the web app asks for (recordPagePath), so the preloaded answers are the ones it uses.
    expect(fetchPreloads((await client.get('/app/vat-submissions/42')).body)).toEqual([
      '/api/vat_returns/42',
      '/api/vat_returns/42/records?page=1&amp;pageSize=100&amp;sort=date&amp;order=asc',
    ]);
    const hostile = (await client.get('/app/vat-submissions/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E')).body;
    expect(fetchPreloads(hostile)[0]).toBe('/api/vat_returns/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(hostile).not.toContain('<script>alert(1)');
    // Other screens of the main area announce nothing; Home the news (its card would otherwise
    // draw a placeholder and grow); public pages nothing.
    expect(fetchPreloads((await client.get('/app/vat-operations')).body)).toEqual([]);
    expect(fetchPreloads((await client.get('/app')).body)).toEqual(['/api/hmrc-feed']);
    expect(fetchPreloads((await client.get('/privacy-policy')).body)).toEqual([]);
    // Nor does a signed-out visitor, who is sent to sign in.
    expect(fetchPreloads((await app.inject({ method: 'GET', url: '/app/vat-submissions/42' })).body)).toEqual([]);
    // The news is everyone's, a Guest's too.
    const guest = await registerUser(app, 'data.guest@example.com', 'Data Guest');
    const guestId = (await guest.get('/api/me')).json<{ user: { id: string } }>().user.id;
    expect((await client.put(`/api/users/${guestId}/role`, { role: Role.Guest })).statusCode).toBe(200);
    expect(fetchPreloads((await guest.get('/app')).body)).toEqual(['/api/hmrc-feed']);
  });

  it('writes the businesses into a signed-in main-area page, as GET /api/businesses answers them, for an account that may use HMRC', async () => {
    distDir = path.join(process.env.TMPDIR ?? '/tmp', `vatwise-dist-${process.pid}-${Date.now()}`);
    writeWebBuild(distDir);
    // Listening: connecting a business goes through the simulator's sign-in pages over HTTP.
    server = await createListeningTestApp({ WEB_DIST_DIR: distDir });
    const { app } = server;
    const client = await registerUser(app, 'reads.owner@example.com', 'Reads Owner');
    const { vrn } = await connectBusiness(client);
    const answered = (await client.get('/api/businesses')).json<{ businesses: Array<{ vrn: string }> }>();
    expect(answered.businesses.map((business) => business.vrn)).toEqual([vrn]);
    for (const url of ['/app', '/app/vat-operations', '/app/vat-submissions/42']) {
      expect(pageReads((await client.get(url)).body)).toEqual({ '/api/businesses': answered });
    }
    // Not on a public page, nor for a signed-out visitor, nor for a Guest (who has no businesses).
    expect(pageReads((await client.get('/privacy-policy')).body)).toEqual({});
    expect(pageReads((await app.inject({ method: 'GET', url: '/app' })).body)).toBeUndefined();
    const guest = await registerUser(app, 'reads.guest@example.com', 'Reads Guest');
    const guestId = (await guest.get('/api/me')).json<{ user: { id: string } }>().user.id;
    expect((await client.put(`/api/users/${guestId}/role`, { role: Role.Guest })).statusCode).toBe(200);
    expect(pageReads((await guest.get('/app/vat-operations')).body)).toEqual({});
  });

  it('serves hashed assets with a long cache, and a missing asset as 404 rather than the page', async () => {
    const { app } = await withBuiltWebApp();
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
  });

  it('explains how to build the web app when it has not been built', async () => {
    server = await createTestApp();
    const response = await server.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });

  it('sends the precompressed copy the browser accepts, and never a source map', async () => {
    const { app } = await withBuiltWebApp();
    const url = '/assets/index-abc123.js';
    const brotli = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(appScript);
    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(appScript);
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(appScript);
    const map = await app.inject({ method: 'GET', url: `${url}.map` });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret-internals');
    // The build's own files are not served either.
    expect((await app.inject({ method: 'GET', url: '/.vite/preloads.json' })).statusCode).toBe(404);
  });

  it('serves /index.html as the page, with its settings, never the bare file', async () => {
    const { app } = await withBuiltWebApp();
    const page = await app.inject({ method: 'GET', url: '/index.html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<script id="vatwise-config" type="application/json">');
  });

  it('compresses JSON answers above a kilobyte', async () => {
    const { app } = await withBuiltWebApp();
    const headers = { 'accept-encoding': 'br, gzip' };
    const big = await app.inject({ method: 'GET', url: '/api/no-such-thing/' + 'x'.repeat(1500), headers });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString()).code).toBe('NOT_FOUND');
    const small = await app.inject({ method: 'GET', url: '/api/health', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('serves a rebuilt index.html at once, without a restart', async () => {
    const { app } = await withBuiltWebApp();
    expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('<title>VAT Wise</title>');
    // A rebuild replaces index.html (new chunk names) while the server keeps running.
    fs.writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><title>VAT Wise rebuilt</title><script type="module" src="/assets/index-new999.js"></script></head><body><div id="root"></div></body></html>',
    );
    for (const url of ['/', '/app/vat-operations']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.body, url).toContain('/assets/index-new999.js');
      expect(page.body, url).toContain('id="vatwise-config"');
    }
  });

  it('sends the security headers on pages and API answers in production', async () => {
    const { app } = await withBuiltWebApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://vat.example.org' });
    for (const url of ['/', '/app/vat-operations', '/api/health', '/api/no-such-thing']) {
      const response = await app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toMatch(/(^|;)script-src 'self'(;|$)/);
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['permissions-policy'], url).toContain('camera=()');
    }
  });

  it('keeps the hashed assets light: nosniff and HSTS, but no document-only headers', async () => {
    const { app } = await withBuiltWebApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://vat.example.org' });
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['permissions-policy']).toBeUndefined();
  });

  it('asks for HSTS only in production, since browsers remember it for the whole host', async () => {
    const { app } = await withBuiltWebApp();
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('in development, sends a page asked for at 127.0.0.1 or [::1] to PUBLIC_URL’s localhost, where sign-up works', async () => {
    const { app } = await withBuiltWebApp({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' });
    for (const host of ['127.0.0.1:3000', '[::1]:3000']) {
      const response = await app.inject({ method: 'GET', url: '/user/register?next=%2Fapp', headers: { host } });
      expect(response.statusCode, host).toBe(307);
      expect(response.headers.location, host).toBe('http://localhost:3000/user/register?next=%2Fapp');
    }
    // PUBLIC_URL's own name, another port (another server) and a real name are served as they are.
    for (const host of ['localhost:3000', '127.0.0.1:4000', 'vatwise.example.org']) {
      const response = await app.inject({ method: 'GET', url: '/', headers: { host } });
      expect(response.statusCode, host).toBe(200);
    }
    // The API is never redirected: a script calling 127.0.0.1 gets its answer.
    expect(
      (await app.inject({ method: 'GET', url: '/api/health', headers: { host: '127.0.0.1:3000' } })).statusCode,
    ).toBe(200);
  });

  it('in production, serves a page under whatever name it was asked for (the proxy decides)', async () => {
    const { app } = await withBuiltWebApp({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' });
    const response = await app.inject({ method: 'GET', url: '/', headers: { host: '127.0.0.1:3000' } });
    expect(response.statusCode).toBe(200);
  });
});
