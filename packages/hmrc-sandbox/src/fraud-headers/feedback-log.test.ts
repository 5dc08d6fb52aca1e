import { describe, expect, it } from 'vitest';
import { createFraudHeaderLog, endpointOf, type HeaderFeedback } from './index';

const good: Record<string, string> = {
  'gov-client-connection-method': 'WEB_APP_VIA_SERVER',
  'gov-client-browser-js-user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  'gov-client-device-id': '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
  'gov-client-multi-factor':
    'type=OTHER&timestamp=2026-04-30T08%3A02Z&unique-reference=6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b',
  'gov-client-public-ip': '198.51.100.77',
  'gov-client-public-ip-timestamp': '2026-04-30T08:05:00.000Z',
  'gov-client-public-port': '60123',
  'gov-client-screens': 'width=1440&height=900&scaling-factor=2&colour-depth=30',
  'gov-client-timezone': 'UTC+00:00',
  'gov-client-user-ids': 'vat-wise=bob%40example.co.uk&vat-wise-id=7',
  'gov-client-window-size': 'width=1440&height=789',
  'gov-vendor-forwarded': 'by=203.0.113.6&for=198.51.100.77',
  'gov-vendor-license-ids': 'vat-wise=d4735e3a265e16eee03f59718b9b5d03019c07d8b6c51f90da3a666eec13ab35',
  'gov-vendor-product-name': 'VAT%20Wise',
  'gov-vendor-public-ip': '203.0.113.6',
  'gov-vendor-version': 'vat-wise-web=1.4.0&vat-wise-server=1.4.0',
};

/** What VAT Wise's deadline watcher would send from its server, as BATCH_PROCESS_DIRECT. */
const batch: Record<string, string> = {
  'gov-client-connection-method': 'BATCH_PROCESS_DIRECT',
  'gov-client-device-id': '0d4f2a7e-6c1b-4e8a-9f3d-5b2c1a0e9d87',
  'gov-client-local-ips': '10.0.3.17,fd00%3A%3A3%3A17',
  'gov-client-local-ips-timestamp': '2026-04-30T02:00:00.125Z',
  'gov-client-mac-addresses': '0a%3A1b%3A2c%3A3d%3A4e%3A5f',
  'gov-client-timezone': 'UTC+00:00',
  'gov-client-user-agent': 'os-family=Linux&os-version=6.8&device-manufacturer=Amazon%20EC2&device-model=t3.small',
  'gov-client-user-ids': 'os=vatwise&vat-wise-id=7',
  'gov-vendor-license-ids': 'vat-wise=d4735e3a265e16eee03f59718b9b5d03019c07d8b6c51f90da3a666eec13ab35',
  'gov-vendor-product-name': 'VAT%20Wise',
  'gov-vendor-version': 'vat-wise-server=1.4.0',
};

function clock(start = '2026-04-30T08:05:00.000Z') {
  let at = Date.parse(start);
  return () => new Date((at += 1000));
}

const obligations = { method: 'GET', path: '/organisations/vat/123456789/obligations?status=O' };
const submit = { method: 'POST', path: '/organisations/vat/123456789/returns' };
const byName = (headers: HeaderFeedback[], name: string) => headers.find((h) => h.header === name);

describe('the validation feedback log', () => {
  it('lists recorded requests newest first, with path, method, time and overall code', () => {
    const log = createFraudHeaderLog({ now: clock() });
    log.record('client-a', 'vat-mtd', good, obligations);
    log.record('client-a', 'vat-mtd', { ...good, 'gov-client-timezone': 'GMT' }, submit);

    const { requests } = log.feedback('client-a');
    expect(requests.map((r) => [r.method, r.path, r.requestTimestamp, r.code])).toEqual([
      ['POST', '/organisations/vat/123456789/returns', '2026-04-30T08:05:02.000Z', 'INVALID_HEADERS'],
      ['GET', '/organisations/vat/123456789/obligations', '2026-04-30T08:05:01.000Z', 'VALID_HEADERS'],
    ]);
  });

  it('gives every one of the 16 headers its value and a code', () => {
    const log = createFraudHeaderLog();
    const { 'gov-client-public-port': _port, ...rest } = good;
    const entry = log.record('client-a', 'vat-mtd', { ...rest, 'gov-vendor-version': 'vat-wise=1.4.0' }, obligations);

    expect(entry.headers.filter((h) => h.header.startsWith('gov-'))).toHaveLength(16);
    expect(byName(entry.headers, 'gov-client-timezone')).toEqual({
      header: 'gov-client-timezone',
      value: 'UTC+00:00',
      code: 'VALID_HEADER',
      errors: [],
      warnings: [],
    });
    expect(byName(entry.headers, 'gov-client-public-port')).toEqual({
      header: 'gov-client-public-port',
      code: 'MISSING_HEADER',
      errors: [expect.stringContaining('private network')],
      warnings: [],
    });
    expect(byName(entry.headers, 'gov-vendor-version')).toMatchObject({
      code: 'POTENTIALLY_INVALID_HEADER',
      errors: [],
      warnings: [expect.any(String)],
    });
  });

  it('marks invalid, unexpected and test-scenario headers', () => {
    const log = createFraudHeaderLog();
    const entry = log.record(
      'client-a',
      'vat-mtd',
      { ...good, 'gov-client-device-id': 'abc', 'gov-client-colour': 'blue', 'gov-test-scenario': 'QUARTERLY_ONE_MET' },
      obligations,
    );
    expect(byName(entry.headers, 'gov-client-device-id')).toMatchObject({
      code: 'INVALID_HEADER',
      errors: [expect.any(String)],
    });
    expect(byName(entry.headers, 'gov-client-colour')).toMatchObject({
      code: 'UNEXPECTED_HEADER',
      warnings: [expect.any(String)],
    });
    expect(byName(entry.headers, 'gov-test-scenario')).toEqual({
      header: 'gov-test-scenario',
      value: 'QUARTERLY_ONE_MET',
      code: 'TEST_SCENARIO_HEADER',
      errors: [],
      warnings: [],
    });
  });

  it('reports the Gov-Vendor-Forwarded cross-check as passed or failed', () => {
    const log = createFraudHeaderLog();
    const headers = ['gov-client-public-ip', 'gov-vendor-forwarded', 'gov-vendor-public-ip'];
    expect(log.record('client-a', 'vat-mtd', good, obligations).crossValidation).toEqual([
      { headers, code: 'VALID_HEADERS', errors: [] },
    ]);
    const failed = log.record('client-a', 'vat-mtd', { ...good, 'gov-vendor-public-ip': '203.0.113.9' }, submit);
    expect(failed.crossValidation).toEqual([
      {
        headers,
        code: 'INVALID_HEADERS',
        errors: [expect.stringContaining('Check all 3 headers')],
      },
    ]);
  });

  it('records a request with no fraud prevention headers as NO_HEADERS', () => {
    const log = createFraudHeaderLog();
    const entry = log.record('client-a', 'vat-mtd', { accept: 'application/vnd.hmrc.1.0+json' }, obligations);
    expect(entry.code).toBe('NO_HEADERS');
    expect(entry.headers.map((h) => h.code)).toEqual(Array(16).fill('MISSING_HEADER'));
  });

  it('keeps only the latest request to each endpoint, whatever the VRN or period key', () => {
    const log = createFraudHeaderLog({ now: clock() });
    log.record(
      'client-a',
      'vat-mtd',
      { ...good, 'gov-client-timezone': 'GMT' },
      { method: 'GET', path: '/organisations/vat/111111111/returns/18A1' },
    );
    log.record('client-a', 'vat-mtd', good, { method: 'GET', path: '/organisations/vat/222222222/returns/%23001' });
    const { requests } = log.feedback('client-a');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ path: '/organisations/vat/222222222/returns/%23001', code: 'VALID_HEADERS' });
  });

  it('keeps each application’s requests apart, and has none for an unknown one', () => {
    const log = createFraudHeaderLog();
    log.record('client-a', 'vat-mtd', good, obligations);
    log.record('client-b', 'vat-mtd', good, submit);
    expect(log.feedback('client-a').requests.map((r) => r.method)).toEqual(['GET']);
    expect(log.feedback('client-b').requests.map((r) => r.method)).toEqual(['POST']);
    expect(log.feedback('client-c')).toEqual({ requests: [] });
  });

  it('forgets the least recently called endpoint beyond its limit', () => {
    const log = createFraudHeaderLog({ maxEndpoints: 2 });
    for (const path of [
      '/organisations/vat/1/obligations',
      '/organisations/vat/1/liabilities',
      '/organisations/vat/1/payments',
    ]) {
      log.record('client-a', 'vat-mtd', good, { method: 'GET', path });
    }
    expect(log.feedback('client-a').requests.map((r) => r.path)).toEqual([
      '/organisations/vat/1/payments',
      '/organisations/vat/1/liabilities',
    ]);
  });

  it('hands out copies, so a caller cannot change what was recorded', () => {
    const log = createFraudHeaderLog();
    log.record('client-a', 'vat-mtd', good, obligations).code = 'INVALID_HEADERS';
    log.feedback('client-a').requests.pop();
    expect(log.feedback('client-a').requests.map((r) => r.code)).toEqual(['VALID_HEADERS']);
  });
});

describe('the connection method of each request', () => {
  const payments = { method: 'GET', path: '/organisations/vat/123456789/payments' };

  it('gives a batch request its 11 headers, each with a code, and flags a web-only header', () => {
    const log = createFraudHeaderLog();
    const { 'gov-client-mac-addresses': _mac, ...rest } = batch;
    const entry = log.record(
      'client-a',
      'vat-mtd',
      { ...rest, 'gov-client-local-ips': 'fd00::3:17', 'gov-client-public-ip': '198.51.100.77' },
      obligations,
    );
    expect(entry.code).toBe('INVALID_HEADERS');
    expect(entry.headers.map((h) => `${h.header} ${h.code}`)).toEqual([
      'gov-client-connection-method VALID_HEADER',
      'gov-client-device-id VALID_HEADER',
      'gov-client-local-ips INVALID_HEADER',
      'gov-client-local-ips-timestamp VALID_HEADER',
      'gov-client-mac-addresses MISSING_HEADER',
      'gov-client-timezone VALID_HEADER',
      'gov-client-user-agent VALID_HEADER',
      'gov-client-user-ids VALID_HEADER',
      'gov-vendor-license-ids VALID_HEADER',
      'gov-vendor-product-name VALID_HEADER',
      'gov-vendor-version VALID_HEADER',
      'gov-client-public-ip UNEXPECTED_HEADER',
    ]);
    expect(byName(entry.headers, 'gov-client-public-ip')?.warnings).toEqual([
      'Header not expected for the BATCH_PROCESS_DIRECT connection method. Check its name and the connection method.',
    ]);
    expect(entry.crossValidation).toEqual([]);
  });

  it('keeps the latest request to an endpoint per method, and gives the latest of all without a method', () => {
    const log = createFraudHeaderLog({ now: clock() });
    log.record('client-a', 'vat-mtd', good, obligations);
    log.record('client-a', 'vat-mtd', { ...batch, 'gov-client-timezone': 'GMT' }, obligations);
    log.record('client-a', 'vat-mtd', batch, submit);
    log.record('client-a', 'vat-mtd', { accept: 'application/vnd.hmrc.1.0+json' }, payments);

    const summary = (connectionMethod?: 'WEB_APP_VIA_SERVER' | 'BATCH_PROCESS_DIRECT') =>
      log
        .feedback('client-a', 'vat-mtd', connectionMethod)
        .requests.map((r) => `${r.method} ${r.path} ${r.requestTimestamp} ${r.code}`);
    expect(summary('WEB_APP_VIA_SERVER')).toEqual([
      'GET /organisations/vat/123456789/obligations 2026-04-30T08:05:01.000Z VALID_HEADERS',
    ]);
    expect(summary('BATCH_PROCESS_DIRECT')).toEqual([
      'POST /organisations/vat/123456789/returns 2026-04-30T08:05:03.000Z VALID_HEADERS',
      'GET /organisations/vat/123456789/obligations 2026-04-30T08:05:02.000Z INVALID_HEADERS',
    ]);
    // Without a method: each endpoint once, its latest request whatever the method, and the
    // request that declared none.
    expect(summary()).toEqual([
      'GET /organisations/vat/123456789/payments 2026-04-30T08:05:04.000Z NO_HEADERS',
      'POST /organisations/vat/123456789/returns 2026-04-30T08:05:03.000Z VALID_HEADERS',
      'GET /organisations/vat/123456789/obligations 2026-04-30T08:05:02.000Z INVALID_HEADERS',
    ]);
  });

  it('lists a request with a method the simulator does not check only without a method', () => {
    const log = createFraudHeaderLog();
    log.record('client-a', 'vat-mtd', { ...batch, 'gov-client-connection-method': 'DESKTOP_APP_DIRECT' }, obligations);
    expect(log.feedback('client-a', 'vat-mtd', 'WEB_APP_VIA_SERVER').requests).toEqual([]);
    expect(log.feedback('client-a', 'vat-mtd', 'BATCH_PROCESS_DIRECT').requests).toEqual([]);
    expect(log.feedback('client-a').requests.map((r) => r.code)).toEqual(['INVALID_HEADERS']);
  });
});

describe('endpoints', () => {
  it('folds the VRN, period key and charge reference into HMRC’s path templates', () => {
    expect(endpointOf('get', '/organisations/vat/123456789/returns/18A1')).toBe(
      'GET /organisations/vat/{vrn}/returns/{periodKey}',
    );
    expect(endpointOf('POST', '/organisations/vat/123456789/returns')).toBe('POST /organisations/vat/{vrn}/returns');
    expect(endpointOf('GET', '/organisations/vat/123456789/financial-details/XP123456789012')).toBe(
      'GET /organisations/vat/{vrn}/financial-details/{penaltyChargeReference}',
    );
    expect(endpointOf('GET', '/organisations/vat/123456789/obligations?from=2017-01-01')).toBe(
      'GET /organisations/vat/{vrn}/obligations',
    );
  });

  it('folds VAT Assist’s VRN, report id and correlation id into its definition’s templates', () => {
    expect(endpointOf('post', '/misc/transaction-risking/assist/123456789')).toBe(
      'POST /misc/transaction-risking/assist/{vrn}',
    );
    expect(
      endpointOf(
        'POST',
        '/misc/transaction-risking/acknowledge/123456789/f2fb30e5-4ab6-4a29-b3c1-c00000000001/E9F6?presentedDateTime=2026-06-09T10:30:00Z',
      ),
    ).toBe('POST /misc/transaction-risking/acknowledge/{vrn}/{reportId}/{correlationId}');
  });
});
