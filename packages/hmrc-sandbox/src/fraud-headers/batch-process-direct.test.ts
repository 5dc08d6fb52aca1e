import { describe, expect, it } from 'vitest';
import {
  fraudHeaderMessages as messages,
  requiredFraudHeadersFor,
  toleratedFraudHeadersFor,
  validateFraudHeaders,
  type ValidationResult,
} from './index';

/**
 * BATCH_PROCESS_DIRECT: work no user starts, such as VAT Wise's nightly deadline watcher. The 11
 * headers of HMRC's "Batch process direct" page, each in its header page's variant for that method
 * (HMRC's fraud prevention specification 3.3).
 */

/** Each header's Example on HMRC's header pages, in the variant for BATCH_PROCESS_DIRECT, as one request. */
const hmrcExamples: Record<string, string> = {
  'Gov-Client-Connection-Method': 'BATCH_PROCESS_DIRECT',
  'Gov-Client-Device-ID': 'beec798b-b366-47fa-b1f8-92cede14a1ce',
  'Gov-Client-Local-IPs': 'fc00%3A%3A,10.1.2.3',
  'Gov-Client-Local-IPs-Timestamp': '2020-09-21T14:30:05.123Z',
  'Gov-Client-MAC-Addresses': 'ea%3A43%3A1a%3A5d%3A21%3A45,10%3A12%3Acc%3Afa%3Aaa%3A32',
  'Gov-Client-Timezone': 'UTC+00:00',
  'Gov-Client-User-Agent':
    'os-family=Windows&os-version=Server%202012&device-manufacturer=Dell%20Inc.&device-model=OptiPlex%20980',
  'Gov-Client-User-IDs': 'os=domain%5Calice&my-application=alice123',
  'Gov-Vendor-License-IDs': 'my-licensed-software=8D7963490527D33716835EE7C195516D5E562E03B224E9B359836466EE40CDE1',
  'Gov-Vendor-Product-Name': 'Product%20Name',
  'Gov-Vendor-Version': 'my-application=1.6.0',
};

const withHeaders = (changes: Record<string, string | string[] | undefined>) => ({ ...hmrcExamples, ...changes });
const without = (header: string) =>
  Object.fromEntries(Object.entries(hmrcExamples).filter(([name]) => name.toLowerCase() !== header));

/** Each issue as "severity CODE header+header", sorted, so a test states every issue it expects and no more. */
function issues(result: ValidationResult): string[] {
  return [
    ...(result.errors ?? []).map((e) => `error ${e.code} ${e.headers.join('+')}`),
    ...(result.warnings ?? []).map((w) => `warning ${w.code} ${w.headers.join('+')}`),
  ].sort();
}

const batchHeaders = requiredFraudHeadersFor('BATCH_PROCESS_DIRECT');

describe('the headers of BATCH_PROCESS_DIRECT', () => {
  it('are the 11 of HMRC’s page, in its order, with none tolerated beyond them', () => {
    expect(batchHeaders).toEqual([
      'gov-client-connection-method',
      'gov-client-device-id',
      'gov-client-local-ips',
      'gov-client-local-ips-timestamp',
      'gov-client-mac-addresses',
      'gov-client-timezone',
      'gov-client-user-agent',
      'gov-client-user-ids',
      'gov-vendor-license-ids',
      'gov-vendor-product-name',
      'gov-vendor-version',
    ]);
    expect(toleratedFraudHeadersFor('BATCH_PROCESS_DIRECT')).toEqual([]);
  });
});

describe('HMRC’s own examples', () => {
  it('pass with VALID_HEADERS and no errors or warnings', () => {
    expect(validateFraudHeaders(hmrcExamples)).toEqual({
      specVersion: '3.3',
      code: 'VALID_HEADERS',
      message: messages.valid,
    });
  });

  it.each([
    { 'Gov-Client-Local-IPs': '10.1.2.3,10.3.4.2' },
    { 'Gov-Client-Timezone': 'UTC+01:00' },
    { 'Gov-Client-Timezone': 'UTC-01:15' },
    { 'Gov-Vendor-Product-Name': 'Company%20Name' },
  ])('pass with the other example %j', (variant) => {
    expect(validateFraudHeaders(withHeaders(variant)).code).toBe('VALID_HEADERS');
  });

  it('pass whatever the case of the header names', () => {
    const lower = Object.fromEntries(Object.entries(hmrcExamples).map(([name, value]) => [name.toLowerCase(), value]));
    expect(validateFraudHeaders(lower).code).toBe('VALID_HEADERS');
  });
});

describe('what a batch process may send as it is', () => {
  it.each([
    ['one version: the warning for client and server versions is only for client-server methods', {}],
    ['several versions', { 'Gov-Vendor-Version': 'vat-wise-server=1.4.0&vat-wise-jobs=1.4.0' }],
    ['only the os user, as no one signed in to the application', { 'Gov-Client-User-IDs': 'os=vatwise' }],
    ['a single local IPv6 address', { 'Gov-Client-Local-IPs': '2001%3Adb8%3A%3A5' }],
    ['public and private local addresses', { 'Gov-Client-Local-IPs': '10.0.0.4,198.51.100.8,fe80%3A%3A1' }],
    [
      'MAC addresses in capitals and with hyphens',
      { 'Gov-Client-MAC-Addresses': 'EA%3A43%3A1A%3A5D%3A21%3A45,10-12-cc-fa-aa-32' },
    ],
    [
      'a device model with an encoded comma',
      { 'Gov-Client-User-Agent': hmrcExamples['Gov-Client-User-Agent']?.replace('OptiPlex%20980', 'MacBookPro15%2C2') },
    ],
    ['a Gov-Test-Scenario header', { 'Gov-Test-Scenario': 'QUARTERLY_ONE_MET' }],
  ])('%s', (_description, changes) => {
    expect(validateFraudHeaders(withHeaders(changes))).toMatchObject({ code: 'VALID_HEADERS' });
  });
});

describe('a missing header', () => {
  it.each(
    batchHeaders.filter((header) => !['gov-client-connection-method', 'gov-vendor-license-ids'].includes(header)),
  )('%s is a MISSING_HEADER error, and nothing else', (header) => {
    const result = validateFraudHeaders(without(header));
    expect(result.code).toBe('INVALID_HEADERS');
    expect(result.errors).toEqual([{ code: 'MISSING_HEADER', message: 'Header required', headers: [header] }]);
    expect(result.warnings).toBeUndefined();
  });

  it('gov-vendor-license-ids is only a warning, as there may be no licence to collect', () => {
    const result = validateFraudHeaders(without('gov-vendor-license-ids'));
    expect(result.code).toBe('POTENTIALLY_INVALID_HEADERS');
    expect(result.warnings).toEqual([
      { code: 'POTENTIALLY_INVALID_HEADER', message: messages.licenceMissing, headers: ['gov-vendor-license-ids'] },
    ]);
  });

  it('groups several missing headers into one error naming them all, in the page’s order', () => {
    const { 'Gov-Client-MAC-Addresses': _mac, 'Gov-Client-Local-IPs': _ips, ...rest } = hmrcExamples;
    expect(validateFraudHeaders(rest).errors).toEqual([
      {
        code: 'MISSING_HEADER',
        message: 'Header required',
        headers: ['gov-client-local-ips', 'gov-client-mac-addresses'],
      },
    ]);
  });
});

describe('an empty header', () => {
  it.each(
    batchHeaders.filter((header) => !['gov-client-connection-method', 'gov-vendor-license-ids'].includes(header)),
  )('%s is an EMPTY_HEADER error', (header) => {
    const result = validateFraudHeaders(
      Object.fromEntries(
        Object.entries(hmrcExamples).map(([name, v]) => [name, name.toLowerCase() === header ? '' : v]),
      ),
    );
    expect(result.errors).toEqual([{ code: 'EMPTY_HEADER', message: 'Value is empty', headers: [header] }]);
  });

  it('gov-vendor-license-ids is a warning', () => {
    expect(issues(validateFraudHeaders(withHeaders({ 'Gov-Vendor-License-IDs': '' })))).toEqual([
      'warning POTENTIALLY_INVALID_HEADER gov-vendor-license-ids',
    ]);
  });
});

describe('a malformed header', () => {
  const rows: [string, Record<string, string | string[]>, string[]][] = [
    [
      'a device id that is not a UUID',
      { 'Gov-Client-Device-ID': 'server-01' },
      ['error INVALID_HEADER gov-client-device-id'],
    ],
    [
      'a local IPv6 address with raw colons',
      { 'Gov-Client-Local-IPs': 'fc00::,10.1.2.3' },
      ['error INVALID_HEADER gov-client-local-ips'],
    ],
    [
      'local IPs whose commas are encoded too',
      { 'Gov-Client-Local-IPs': '10.1.2.3%2C10.3.4.2' },
      ['error INVALID_HEADER gov-client-local-ips'],
    ],
    [
      'a local IP that is no address',
      { 'Gov-Client-Local-IPs': '10.1.2.300' },
      ['error INVALID_HEADER gov-client-local-ips'],
    ],
    [
      'a local IP with a port',
      { 'Gov-Client-Local-IPs': '10.1.2.3%3A5000' },
      ['error INVALID_HEADER gov-client-local-ips'],
    ],
    [
      'an empty item in the local IPs',
      { 'Gov-Client-Local-IPs': '10.1.2.3,' },
      ['error INVALID_HEADER gov-client-local-ips'],
    ],
    [
      'a host name for a local IP',
      { 'Gov-Client-Local-IPs': 'localhost' },
      ['error INVALID_HEADER gov-client-local-ips'],
    ],
    [
      'a local IPs timestamp without milliseconds',
      { 'Gov-Client-Local-IPs-Timestamp': '2020-09-21T14:30:05Z' },
      ['error INVALID_HEADER gov-client-local-ips-timestamp'],
    ],
    [
      'a local IPs timestamp with an offset',
      { 'Gov-Client-Local-IPs-Timestamp': '2020-09-21T15:30:05.123+01:00' },
      ['error INVALID_HEADER gov-client-local-ips-timestamp'],
    ],
    [
      'a local IPs timestamp in epoch milliseconds',
      { 'Gov-Client-Local-IPs-Timestamp': '1600698605123' },
      ['error INVALID_HEADER gov-client-local-ips-timestamp'],
    ],
    [
      'MAC addresses with raw colons',
      { 'Gov-Client-MAC-Addresses': 'ea:43:1a:5d:21:45' },
      ['error INVALID_HEADER gov-client-mac-addresses'],
    ],
    [
      'a MAC address of five pairs',
      { 'Gov-Client-MAC-Addresses': 'ea%3A43%3A1a%3A5d%3A21' },
      ['error INVALID_HEADER gov-client-mac-addresses'],
    ],
    [
      'a MAC address without separators',
      { 'Gov-Client-MAC-Addresses': 'ea431a5d2145' },
      ['error INVALID_HEADER gov-client-mac-addresses'],
    ],
    [
      'MAC addresses whose commas are encoded too',
      { 'Gov-Client-MAC-Addresses': 'ea%3A43%3A1a%3A5d%3A21%3A45%2C10%3A12%3Acc%3Afa%3Aaa%3A32' },
      ['error INVALID_HEADER gov-client-mac-addresses'],
    ],
    [
      'the loopback interface’s all-zero MAC address',
      { 'Gov-Client-MAC-Addresses': 'ea%3A43%3A1a%3A5d%3A21%3A45,00%3A00%3A00%3A00%3A00%3A00' },
      ['warning POTENTIALLY_INVALID_HEADER gov-client-mac-addresses'],
    ],
    ['an IANA timezone', { 'Gov-Client-Timezone': 'Europe/London' }, ['error INVALID_HEADER gov-client-timezone']],
    [
      'a user agent without the device model',
      { 'Gov-Client-User-Agent': 'os-family=Windows&os-version=Server%202012&device-manufacturer=Dell%20Inc.' },
      ['error INVALID_HEADER gov-client-user-agent'],
    ],
    [
      'a user agent with a raw space',
      { 'Gov-Client-User-Agent': 'os-family=Windows&os-version=Server 2012&device-manufacturer=Dell&device-model=980' },
      ['error INVALID_HEADER gov-client-user-agent'],
    ],
    [
      'a user agent with a raw comma in the model',
      {
        'Gov-Client-User-Agent':
          'os-family=MacOS&os-version=10.15.7&device-manufacturer=Apple&device-model=MacBookPro15,2',
      },
      ['error INVALID_HEADER gov-client-user-agent'],
    ],
    [
      'a user agent with a placeholder manufacturer',
      { 'Gov-Client-User-Agent': 'os-family=Linux&os-version=6.8&device-manufacturer=unknown&device-model=VM' },
      ['error INVALID_HEADER gov-client-user-agent'],
    ],
    [
      'a browser’s user agent string',
      { 'Gov-Client-User-Agent': 'Mozilla/5.0 (X11; Linux x86_64)' },
      ['error INVALID_HEADER gov-client-user-agent'],
    ],
    [
      'user ids without the os user',
      { 'Gov-Client-User-IDs': 'my-application=alice123' },
      ['warning POTENTIALLY_INVALID_HEADER gov-client-user-ids'],
    ],
    [
      'user ids with an empty os user',
      { 'Gov-Client-User-IDs': 'os=&my-application=alice123' },
      ['warning POTENTIALLY_INVALID_HEADER gov-client-user-ids'],
    ],
    [
      'an os user with a raw backslash',
      { 'Gov-Client-User-IDs': 'os=domain\\alice&my-application=alice123' },
      ['error INVALID_HEADER gov-client-user-ids'],
    ],
    [
      'a licence key sent unhashed',
      { 'Gov-Vendor-License-IDs': 'vat-wise=ABCD-1234-EFGH-5678' },
      ['warning POTENTIALLY_INVALID_HEADER gov-vendor-license-ids'],
    ],
    [
      'a product name with a raw space',
      { 'Gov-Vendor-Product-Name': 'Product Name' },
      ['error INVALID_HEADER gov-vendor-product-name'],
    ],
    [
      'a software name without a version',
      { 'Gov-Vendor-Version': 'my-application=' },
      ['error INVALID_HEADER gov-vendor-version'],
    ],
    ['a bare version', { 'Gov-Vendor-Version': '1.6.0' }, ['error INVALID_HEADER gov-vendor-version']],
  ];

  it.each(rows)('%s is reported, and nothing else', (_description, changes, expected) => {
    const result = validateFraudHeaders(withHeaders(changes));
    expect(issues(result)).toEqual([...expected].sort());
    const hasError = expected.some((issue) => issue.startsWith('error'));
    expect(result.code).toBe(hasError ? 'INVALID_HEADERS' : 'POTENTIALLY_INVALID_HEADERS');
  });

  it('says why a local IPv6 address is wrong: it must be percent-encoded, the commas not', () => {
    expect(validateFraudHeaders(withHeaders({ 'Gov-Client-Local-IPs': 'fc00::,10.1.2.3' })).errors).toEqual([
      {
        code: 'INVALID_HEADER',
        message: 'List items must be percent-encoded, : as %3A; only the commas between items are sent as they are',
        headers: ['gov-client-local-ips'],
      },
    ]);
    expect(validateFraudHeaders(withHeaders({ 'Gov-Client-Local-IPs': '10.1.2.3%2C10.3.4.2' })).errors).toEqual([
      {
        code: 'INVALID_HEADER',
        message: 'The commas between list items must not be percent-encoded',
        headers: ['gov-client-local-ips'],
      },
    ]);
  });

  it('names each user agent key that has no value', () => {
    const result = validateFraudHeaders(withHeaders({ 'Gov-Client-User-Agent': 'os-family=Linux&os-version=' }));
    expect(result.errors).toEqual(
      ['os-version', 'device-manufacturer', 'device-model'].map((key) => ({
        code: 'INVALID_HEADER',
        message: `Value must include ${key} with a value, percent-encoded`,
        headers: ['gov-client-user-agent'],
      })),
    );
  });

  it('asks for the os user in its own words, and keeps the web warning about os for web apps', () => {
    const result = validateFraudHeaders(withHeaders({ 'Gov-Client-User-IDs': 'vat-wise-id=42' }));
    expect(result.warnings).toEqual([
      { code: 'POTENTIALLY_INVALID_HEADER', message: messages.userIdsNoOs, headers: ['gov-client-user-ids'] },
    ]);
    expect(messages.userIdsNoOs).not.toBe(messages.userIdsOs);
  });
});

describe('headers of the web method on a batch call', () => {
  it('are each an UNEXPECTED_HEADER warning naming BATCH_PROCESS_DIRECT, grouped into one', () => {
    const result = validateFraudHeaders(
      withHeaders({
        'Gov-Client-Public-IP': '198.51.100.0',
        'Gov-Client-Browser-JS-User-Agent': 'Mozilla/5.0 (X11; Linux x86_64)',
        'Gov-Client-Multi-Factor': 'type=TOTP&timestamp=2021-11-21T13%3A20Z&unique-reference=abc',
        'Gov-Vendor-Forwarded': 'by=203.0.113.6&for=198.51.100.0',
        'Gov-Vendor-Public-IP': '203.0.113.6',
      }),
    );
    expect(result.code).toBe('POTENTIALLY_INVALID_HEADERS');
    expect(result.errors).toBeUndefined();
    expect(result.warnings).toEqual([
      {
        code: 'UNEXPECTED_HEADER',
        message:
          'Header not expected for the BATCH_PROCESS_DIRECT connection method. Check its name and the connection method.',
        headers: [
          'gov-client-public-ip',
          'gov-client-browser-js-user-agent',
          'gov-client-multi-factor',
          'gov-vendor-forwarded',
          'gov-vendor-public-ip',
        ],
      },
    ]);
  });

  it('are not cross-checked: a forwarded chain that pairs nothing is only unexpected', () => {
    const result = validateFraudHeaders(
      withHeaders({
        'Gov-Client-Public-IP': '198.51.100.0',
        'Gov-Vendor-Forwarded': 'by=203.0.113.9&for=198.51.100.99',
        'Gov-Vendor-Public-IP': '203.0.113.6',
      }),
    );
    expect(issues(result)).toEqual([
      'warning UNEXPECTED_HEADER gov-client-public-ip+gov-vendor-forwarded+gov-vendor-public-ip',
    ]);
  });
});
