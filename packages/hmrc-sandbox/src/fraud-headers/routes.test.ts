import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { basePath, type Sandbox, startSandbox, vatAccept } from '../test/harness';

/** The Test Fraud Prevention Headers API over HTTP (hmrc-mtd-vat.md 5.3). */

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
  it('reports the headers of the latest call to each VAT endpoint', async () => {
    const user = await sandbox.createUser('organisations');
    const tokens = await sandbox.authorise(user);
    await sandbox.vat('GET', `/organisations/vat/${user.vrn}/obligations?status=O`, {
      token: tokens.access_token,
      headers: goodHeaders,
    });
    await sandbox.vat('GET', `/organisations/vat/${user.vrn}/penalties`, { token: tokens.access_token });

    const response = await sandbox.app.inject({
      method: 'GET',
      url: `${basePath}/test/fraud-prevention-headers/vat-mtd/validation-feedback?connectionMethod=WEB_APP_VIA_SERVER`,
      headers: { accept: vatAccept, authorization: `Bearer ${await sandbox.appToken()}` },
    });
    expect(response.statusCode).toBe(200);
    const { requests } = response.json() as { requests: { path: string; code: string }[] };
    expect(requests.map(({ path, code }) => `${code} ${path}`)).toEqual([
      `NO_HEADERS /organisations/vat/${user.vrn}/penalties`,
      `VALID_HEADERS /organisations/vat/${user.vrn}/obligations`,
    ]);
  });

  it('takes the connection method as optional, and refuses one it does not check', async () => {
    const ask = async (query: string) =>
      sandbox.app.inject({
        method: 'GET',
        url: `${basePath}/test/fraud-prevention-headers/vat-mtd/validation-feedback${query}`,
        headers: { accept: vatAccept, authorization: `Bearer ${await sandbox.appToken()}` },
      });
    expect((await ask('')).statusCode).toBe(200);
    const other = await ask('?connectionMethod=DESKTOP_APP_DIRECT');
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toContain('WEB_APP_VIA_SERVER');
  });
});
