import fs from 'node:fs';
import path from 'node:path';
import { clientConfigSchema } from '@vatwise/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/test-app';

const indexHtml = '<!doctype html><html><head><title>VAT Wise</title></head><body><div id="root"></div></body></html>';

/** A stand-in for Vite's output: index.html and one hashed asset. */
function writeWebBuild(dir: string) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
}

describe('web app and API fallbacks', () => {
  let server: TestApp | undefined;
  afterEach(async () => {
    await server?.close();
  });

  async function withBuiltWebApp() {
    const distDir = path.join(process.env.TMPDIR ?? '/tmp', `vatwise-dist-${process.pid}-${Date.now()}`);
    writeWebBuild(distDir);
    server = await createTestApp({ WEB_DIST_DIR: distDir, HELP_URL: 'https://help.example.org/vat' });
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
});
