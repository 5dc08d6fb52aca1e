import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { basePath, type Sandbox, startSandbox, vatAccept } from '../test/harness';

/** The Test Fraud Prevention Headers API over HTTP (docs/reference/hmrc-vat-api.md §5.3). */

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startSandbox();
});
afterEach(() => sandbox.close());

/** A complete WEB_APP_VIA_SERVER set, as VAT Wise's server would send for a TOTP user. */
const goodHeaders: Record<string, string> = {
  'gov-client-connection-method': 'WEB_APP_VIA_SERVER',
  'gov-client-browser-js-user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0.0.0 Safari/537.36',
  'gov-client-device-id': '3f2c8a1e-5b7d-4c9e-8a6f-1d2e3c4b5a69',
  'gov-client-multi-factor': `type=TOTP&timestamp=2026-11-23T09%3A15Z&unique-reference=${'a'.repeat(64)}`,
  'gov-client-public-ip': '198.51.100.23',
  'gov-client-public-ip-timestamp': '2026-11-23T09:20:41.120Z',
  'gov-client-public-port': '52817',
  'gov-client-screens': 'width=1920&height=1080&scaling-factor=1&colour-depth=24',
  'gov-client-timezone': 'UTC+00:00',
  'gov-client-user-ids': 'vat-wise=alice%40example.com',
  'gov-client-window-size': 'width=1536&height=730',
  'gov-vendor-forwarded': 'by=203.0.113.6&for=198.51.100.23',
  'gov-vendor-license-ids': `vat-wise=${'b'.repeat(64)}`,
  'gov-vendor-product-name': 'VAT%20Wise',
  'gov-vendor-public-ip': '203.0.113.6',
  'gov-vendor-version': 'vat-wise-web=0.1.0&vat-wise-server=0.1.0',
};

/** A complete BATCH_PROCESS_DIRECT set, as VAT Wise's nightly deadline watcher would send. */
const batchHeaders: Record<string, string> = {
  'gov-client-connection-method': 'BATCH_PROCESS_DIRECT',
  'gov-client-device-id': '0d4f2a7e-6c1b-4e8a-9f3d-5b2c1a0e9d87',
  'gov-client-local-ips': '10.0.3.17,fd00%3A%3A3%3A17',
  'gov-client-local-ips-timestamp': '2026-11-23T02:00:00.125Z',
  'gov-client-mac-addresses': '0a%3A1b%3A2c%3A3d%3A4e%3A5f',
  'gov-client-timezone': 'UTC+00:00',
  'gov-client-user-agent': 'os-family=Linux&os-version=6.8&device-manufacturer=Amazon%20EC2&device-model=t3.small',
  'gov-client-user-ids': 'os=vatwise&vat-wise-id=7',
  'gov-vendor-license-ids': `vat-wise=${'b'.repeat(64)}`,
  'gov-vendor-product-name': 'VAT%20Wise',
  'gov-vendor-version': 'vat-wise-server=0.1.0',
};

async function validate(headers: Record<string, string>) {
  return sandbox.app.inject({
    method: 'GET',
    url: `${basePath}/test/fraud-prevention-headers/validate`,
    headers: { accept: vatAccept, authorization: `Bearer ${await sandbox.appToken()}`, ...headers },
  });
}

describe('GET /test/fraud-prevention-headers/validate', () => {
  it('passes a complete, well-formed set', async () => {
    const response = await validate(goodHeaders);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ specVersion: '3.3', code: 'VALID_HEADERS' });
  });

  it('says which header is wrong, and that none at all were sent', async () => {
    const bad = await validate({ ...goodHeaders, 'gov-client-timezone': 'GMT' });
    expect(bad.json()).toMatchObject({
      code: 'INVALID_HEADERS',
      errors: [{ code: 'INVALID_HEADER', headers: ['gov-client-timezone'] }],
    });
    const none = await validate({});
    expect(none.json()).toMatchObject({ code: 'INVALID_HEADERS' });
    expect(none.json().message).toContain('No fraud prevention headers');
  });

  it('checks a batch call against the batch headers, from the method in its own header', async () => {
    expect((await validate(batchHeaders)).json()).toMatchObject({ code: 'VALID_HEADERS' });
    const { 'gov-client-mac-addresses': _mac, ...withoutMac } = batchHeaders;
    const bad = await validate({ ...withoutMac, 'gov-client-public-ip': '198.51.100.23' });
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toEqual({
      specVersion: '3.3',
      code: 'INVALID_HEADERS',
      message: 'At least 1 header is invalid',
      errors: [{ code: 'MISSING_HEADER', message: 'Header required', headers: ['gov-client-mac-addresses'] }],
      warnings: [
        {
          code: 'UNEXPECTED_HEADER',
          message:
            'Header not expected for the BATCH_PROCESS_DIRECT connection method. Check its name and the connection method.',
          headers: ['gov-client-public-ip'],
        },
      ],
    });
  });

  it('needs a token', async () => {
    const response = await sandbox.app.inject({
      method: 'GET',
      url: `${basePath}/test/fraud-prevention-headers/validate`,
      headers: { accept: vatAccept },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /test/fraud-prevention-headers/vat-mtd/validation-feedback', () => {
  const feedback = async (query: string) =>
    sandbox.app.inject({
      method: 'GET',
      url: `${basePath}/test/fraud-prevention-headers/vat-mtd/validation-feedback${query}`,
      headers: { accept: vatAccept, authorization: `Bearer ${await sandbox.appToken()}` },
    });
  const summary = async (query: string) => {
    const response = await feedback(query);
    expect(response.statusCode).toBe(200);
    const { requests } = response.json() as { requests: { method: string; path: string; code: string }[] };
    return requests.map(({ method, path, code }) => `${code} ${method} ${path}`);
  };

  it('reports the latest call to each VAT endpoint, and with a method only the calls made with it', async () => {
    const user = await sandbox.createUser('organisations');
    const tokens = await sandbox.authorise(user);
    const call = (path: string, headers?: Record<string, string>) =>
      sandbox.vat('GET', `/organisations/vat/${user.vrn}${path}`, { token: tokens.access_token, headers });
    await call('/obligations?status=O', goodHeaders);
    await call('/liabilities?from=2025-01-01&to=2025-12-31', goodHeaders);
    await call('/obligations?status=O', { ...batchHeaders, 'gov-client-timezone': 'GMT' });
    await call('/penalties', batchHeaders);
    await call('/payments?from=2025-01-01&to=2025-12-31');

    const vat = `/organisations/vat/${user.vrn}`;
    expect(await summary('?connectionMethod=WEB_APP_VIA_SERVER')).toEqual([
      `VALID_HEADERS GET ${vat}/liabilities`,
      `VALID_HEADERS GET ${vat}/obligations`,
    ]);
    expect(await summary('?connectionMethod=BATCH_PROCESS_DIRECT')).toEqual([
      `VALID_HEADERS GET ${vat}/penalties`,
      `INVALID_HEADERS GET ${vat}/obligations`,
    ]);
    // Without a method, as HMRC's definition leaves it optional: each endpoint's latest call.
    expect(await summary('')).toEqual([
      `NO_HEADERS GET ${vat}/payments`,
      `VALID_HEADERS GET ${vat}/penalties`,
      `INVALID_HEADERS GET ${vat}/obligations`,
      `VALID_HEADERS GET ${vat}/liabilities`,
    ]);
  });

  it.each(['DESKTOP_APP_DIRECT', 'batch_process_direct', ''])(
    'refuses the connection method %j with a 400 naming the two it checks',
    async (method) => {
      const response = await feedback(`?connectionMethod=${method}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'INVALID_REQUEST',
        message:
          'connectionMethod must be WEB_APP_VIA_SERVER or BATCH_PROCESS_DIRECT, the connection methods the simulator checks',
      });
    },
  );

  it('refuses the connection method given twice', async () => {
    const response = await feedback('?connectionMethod=WEB_APP_VIA_SERVER&connectionMethod=BATCH_PROCESS_DIRECT');
    expect(response.statusCode).toBe(400);
  });
});
