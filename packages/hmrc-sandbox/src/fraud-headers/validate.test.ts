import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  fraudHeaderMessages as messages,
  requiredFraudHeaders,
  validateFraudHeaders,
  type ValidationResult,
} from './index';

const sha256 = (text: string, encoding: 'hex' | 'base64' = 'hex') => createHash('sha256').update(text).digest(encoding);

/**
 * What VAT Wise sends for a user signed in with a TOTP second factor, in Chrome on a laptop with a
 * scaled display, behind our load balancer 203.0.113.6 (docs/reference/hmrc-vat-api.md §5.2, built as that table says).
 */
const validHeaders: Record<string, string> = {
  'Gov-Client-Connection-Method': 'WEB_APP_VIA_SERVER',
  'Gov-Client-Browser-JS-User-Agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Gov-Client-Device-ID': '3f2c8a1e-5b7d-4c9e-8a6f-1d2e3c4b5a69',
  'Gov-Client-Multi-Factor': `type=TOTP&timestamp=${encodeURIComponent('2026-04-30T09:15Z')}&unique-reference=${sha256('salt:user-42:TOTP')}`,
  'Gov-Client-Public-IP': '198.51.100.23',
  'Gov-Client-Public-IP-Timestamp': '2026-04-30T09:20:41.120Z',
  'Gov-Client-Public-Port': '52817',
  'Gov-Client-Screens': 'width=1920&height=1080&scaling-factor=1.25&colour-depth=24',
  'Gov-Client-Timezone': 'UTC+01:00',
  'Gov-Client-User-IDs': `vat-wise=${encodeURIComponent('alice@example.com')}&vat-wise-id=42`,
  'Gov-Client-Window-Size': 'width=1536&height=730',
  'Gov-Vendor-Forwarded': 'by=203.0.113.6&for=198.51.100.23',
  'Gov-Vendor-License-IDs': `vat-wise=${sha256('licence-key-0001')}`,
  'Gov-Vendor-Product-Name': encodeURIComponent('VAT Wise'),
  'Gov-Vendor-Public-IP': '203.0.113.6',
  'Gov-Vendor-Version': 'vat-wise-web=1.4.0&vat-wise-server=1.4.0',
};

const withHeaders = (changes: Record<string, string | string[] | undefined>) => ({ ...validHeaders, ...changes });

/** Each issue as "severity CODE header+header", sorted, so a test states every issue it expects and no more. */
function issues(result: ValidationResult): string[] {
  return [
    ...(result.errors ?? []).map((e) => `error ${e.code} ${e.headers.join('+')}`),
    ...(result.warnings ?? []).map((w) => `warning ${w.code} ${w.headers.join('+')}`),
  ].sort();
}

const CROSS = 'gov-client-public-ip+gov-vendor-forwarded+gov-vendor-public-ip';

describe('a complete, well-formed set of headers', () => {
  it('passes with VALID_HEADERS and HMRC’s message, and no errors or warnings fields', () => {
    expect(validateFraudHeaders(validHeaders)).toEqual({
      specVersion: '3.3',
      code: 'VALID_HEADERS',
      message:
        'All headers required for your connection method have been supplied and all appear to be valid. Validation is based on a single request. We have access to all requests and can draw additional conclusions.',
    });
  });

  it('passes whatever the case of the header names, as HTTP header names are case-insensitive', () => {
    const lower = Object.fromEntries(Object.entries(validHeaders).map(([name, value]) => [name.toLowerCase(), value]));
    expect(validateFraudHeaders(lower).code).toBe('VALID_HEADERS');
  });

  it('passes with several screens, a header sent on two lines, and other headers alongside', () => {
    const result = validateFraudHeaders(
      withHeaders({
        'Gov-Client-Screens': [
          'width=1920&height=1080&scaling-factor=1&colour-depth=24',
          'width=2560&height=1440&scaling-factor=1.5&colour-depth=30',
        ],
        'Gov-Test-Scenario': 'QUARTERLY_ONE_MET',
        Authorization: 'Bearer abc',
        Accept: 'application/vnd.hmrc.1.0+json',
      }),
    );
    expect(result.code).toBe('VALID_HEADERS');
  });

  it('tolerates headers this connection method no longer needs, or that other methods need (5.2)', () => {
    const result = validateFraudHeaders(
      withHeaders({
        'Gov-Client-Local-IPs': '10.0.0.2',
        'Gov-Client-Browser-Do-Not-Track': 'false',
        // Not checked here, so not even malformed values of the batch headers are reported.
        'Gov-Client-MAC-Addresses': 'ea:43:1a:5d:21:45',
        'Gov-Client-User-Agent': 'Windows',
      }),
    );
    expect(result.code).toBe('VALID_HEADERS');
  });

  it('accepts an IPv6 client whose address is written differently in Gov-Vendor-Forwarded', () => {
    const result = validateFraudHeaders(
      withHeaders({
        'Gov-Client-Public-IP': '2001:DB8::23',
        'Gov-Vendor-Forwarded': `by=203.0.113.6&for=${encodeURIComponent('2001:db8:0:0:0:0:0:23')}`,
      }),
    );
    expect(result.code).toBe('VALID_HEADERS');
  });

  it('accepts a licence hashed to base64, percent-encoded', () => {
    const licence = `vat-wise=${encodeURIComponent(sha256('licence-key-0001', 'base64'))}`;
    expect(validateFraudHeaders(withHeaders({ 'Gov-Vendor-License-IDs': licence })).code).toBe('VALID_HEADERS');
  });
});

/**
 * Each header's Example on HMRC's header pages, in the variant for WEB_APP_VIA_SERVER (HMRC's fraud
 * prevention specification 3.3), as one request.
 */
const hmrcExamples: Record<string, string> = {
  'Gov-Client-Connection-Method': 'WEB_APP_VIA_SERVER',
  'Gov-Client-Browser-JS-User-Agent':
    'Mozilla/5.0 (iPad; U; CPU OS 3_2_1 like Mac OS X; en-us) AppleWebKit/531.21.10 (KHTML, like Gecko) Mobile/7B405',
  'Gov-Client-Device-ID': 'beec798b-b366-47fa-b1f8-92cede14a1ce',
  'Gov-Client-Multi-Factor':
    'type=AUTH_CODE&timestamp=2021-11-21T13%3A23Z&unique-reference=fc4b5fd6816f75a7c81fc8eaa9499d6a299bd803397166e8c4cf9280b801d62c,type=TOTP&timestamp=2021-11-21T13%3A20Z&unique-reference=0283da60063abfb3a87f1aed845d17fe2d9ba8c780b478dc4ae048f5ee97a6d5',
  'Gov-Client-Public-IP': '198.51.100.0',
  'Gov-Client-Public-IP-Timestamp': '2020-09-21T14:30:05.123Z',
  'Gov-Client-Public-Port': '12345',
  'Gov-Client-Screens':
    'width=1920&height=1080&scaling-factor=1&colour-depth=16,width=3000&height=2000&scaling-factor=1.25&colour-depth=16',
  'Gov-Client-Timezone': 'UTC+00:00',
  'Gov-Client-User-IDs': 'my-application=alice123',
  'Gov-Client-Window-Size': 'width=1256&height=803',
  'Gov-Vendor-Forwarded': 'by=203.0.113.6&for=198.51.100.0',
  'Gov-Vendor-License-IDs': 'my-licensed-software=8D7963490527D33716835EE7C195516D5E562E03B224E9B359836466EE40CDE1',
  'Gov-Vendor-Product-Name': 'Product%20Name',
  'Gov-Vendor-Public-IP': '203.0.113.6',
  'Gov-Vendor-Version': 'my-web-app=2.2.2',
};

describe('HMRC’s own examples for WEB_APP_VIA_SERVER', () => {
  it('pass, but for the one-version Gov-Vendor-Version the validator asks client-server designs to complete (5.2)', () => {
    const result = validateFraudHeaders(hmrcExamples);
    expect(result.code).toBe('POTENTIALLY_INVALID_HEADERS');
    expect(result.warnings).toEqual([
      { code: 'POTENTIALLY_INVALID_HEADER', message: messages.versionOne, headers: ['gov-vendor-version'] },
    ]);
  });

  it('pass outright with the header page’s client and server versions', () => {
    const versions = { 'Gov-Vendor-Version': 'my-frontend-app=2.2.2&my-serverside-code=v3.8' };
    expect(validateFraudHeaders({ ...hmrcExamples, ...versions }).code).toBe('VALID_HEADERS');
  });

  it('pass with the other examples: an IPv6 client, the forwarded chain through a WAF, other timezones', () => {
    const complete = { ...hmrcExamples, 'Gov-Vendor-Version': 'my-frontend-app=2.2.2&my-serverside-code=v3.8' };
    const ipv6 = 'ABCD:EF01:2345:6789:ABCD:EF01:2345:6789';
    const waf = '2001:0db8:85a3:0000:0000:8a2e:0370:7334';
    const variants: Record<string, string>[] = [
      { 'Gov-Client-Public-IP': ipv6, 'Gov-Vendor-Forwarded': `by=203.0.113.6&for=${encodeURIComponent(ipv6)}` },
      // Example 2 of Gov-Vendor-Forwarded: the client reaches the WAF first, so the WAF's address is
      // Gov-Vendor-Public-IP ("could be an IP address of a Web Application Firewall").
      {
        'Gov-Vendor-Public-IP': waf,
        'Gov-Vendor-Forwarded':
          'by=2001%3A0db8%3A85a3%3A0000%3A0000%3A8a2e%3A0370%3A7334&for=198.51.100.0,by=203.0.113.6&for=2001%3A0db8%3A85a3%3A0000%3A0000%3A8a2e%3A0370%3A7334,by=176.30.57.118&for=203.0.113.6',
      },
      { 'Gov-Client-Timezone': 'UTC+01:00' },
      { 'Gov-Client-Timezone': 'UTC-01:15' },
      { 'Gov-Vendor-Product-Name': 'Company%20Name' },
    ];
    for (const variant of variants) {
      expect(validateFraudHeaders({ ...complete, ...variant }).code, JSON.stringify(variant)).toBe('VALID_HEADERS');
    }
  });
});

describe('the connection method', () => {
  const { 'Gov-Client-Connection-Method': _method, ...withoutMethod } = validHeaders;

  it('when missing, is an error naming the methods the simulator checks; the rest is checked as a web app', () => {
    const result = validateFraudHeaders(withoutMethod);
    expect(result.errors).toEqual([
      {
        code: 'MISSING_HEADER',
        message:
          'Header required. Submit your connection method, WEB_APP_VIA_SERVER or BATCH_PROCESS_DIRECT: this simulator validates those connection methods only',
        headers: ['gov-client-connection-method'],
      },
    ]);
  });

  it.each(['DESKTOP_APP_DIRECT', 'web_app_via_server', 'WEB_APP_VIA_SERVER,BATCH_PROCESS_DIRECT'])(
    'when %s, is an invalid header naming the methods the simulator checks',
    (method) => {
      const result = validateFraudHeaders(withHeaders({ 'Gov-Client-Connection-Method': method }));
      expect(result.errors).toEqual([
        {
          code: 'INVALID_HEADER',
          message:
            'Value must be WEB_APP_VIA_SERVER or BATCH_PROCESS_DIRECT: this simulator validates those connection methods only',
          headers: ['gov-client-connection-method'],
        },
      ]);
    },
  );

  it('when empty, says so and names the methods', () => {
    const result = validateFraudHeaders(withHeaders({ 'Gov-Client-Connection-Method': '' }));
    expect(result.errors?.[0]?.message).toMatch(/^Value is empty\..*WEB_APP_VIA_SERVER or BATCH_PROCESS_DIRECT/);
  });

  it('picks the headers checked: a web set declared as a batch process misses the batch headers', () => {
    const result = validateFraudHeaders(withHeaders({ 'Gov-Client-Connection-Method': 'BATCH_PROCESS_DIRECT' }));
    expect(result.code).toBe('INVALID_HEADERS');
    expect(issues(result)).toContain(
      'error MISSING_HEADER gov-client-local-ips+gov-client-local-ips-timestamp+gov-client-mac-addresses+gov-client-user-agent',
    );
    expect(result.warnings).toContainEqual({
      code: 'UNEXPECTED_HEADER',
      message: messages.unexpected('BATCH_PROCESS_DIRECT'),
      headers: [
        'gov-client-browser-js-user-agent',
        'gov-client-multi-factor',
        'gov-client-public-ip',
        'gov-client-public-ip-timestamp',
        'gov-client-public-port',
        'gov-client-screens',
        'gov-client-window-size',
        'gov-vendor-forwarded',
        'gov-vendor-public-ip',
      ],
    });
  });
});

describe('no fraud prevention headers', () => {
  it('answers INVALID_HEADERS with HMRC’s message and no per-header errors', () => {
    expect(validateFraudHeaders({ Accept: 'application/vnd.hmrc.1.0+json', Authorization: 'Bearer abc' })).toEqual({
      specVersion: '3.3',
      code: 'INVALID_HEADERS',
      message: 'No fraud prevention headers submitted. These are required by law. Check the specification.',
    });
  });
});

describe('a missing header', () => {
  const warnedWhenMissing = ['gov-client-multi-factor', 'gov-vendor-license-ids'];

  it.each(requiredFraudHeaders.filter((h) => !warnedWhenMissing.includes(h)))(
    '%s is a MISSING_HEADER error',
    (header) => {
      const result = validateFraudHeaders(
        Object.fromEntries(Object.entries(validHeaders).filter(([name]) => name.toLowerCase() !== header)),
      );
      expect(result.code).toBe('INVALID_HEADERS');
      expect(result.message).toBe('At least 1 header is invalid');
      // Only that header: the cross-check is not run on a missing IP, so one mistake is reported once.
      expect(issues(result)).toEqual([`error MISSING_HEADER ${header}`]);
    },
  );

  it.each(warnedWhenMissing)('%s is only a warning, as a password-only product cannot collect it', (header) => {
    const result = validateFraudHeaders(
      Object.fromEntries(Object.entries(validHeaders).filter(([name]) => name.toLowerCase() !== header)),
    );
    expect(result.code).toBe('POTENTIALLY_INVALID_HEADERS');
    expect(result.message).toBe('At least 1 header is potentially invalid');
    expect(issues(result)).toEqual([`warning POTENTIALLY_INVALID_HEADER ${header}`]);
  });

  it('says a public port may be missing because of a private network, in HMRC’s words', () => {
    const { 'Gov-Client-Public-Port': _port, ...rest } = validHeaders;
    expect(validateFraudHeaders(rest).errors).toEqual([
      {
        code: 'MISSING_HEADER',
        message:
          'Header missing. You will not be able to submit a header if the connection is between client and server in a private network.',
        headers: ['gov-client-public-port'],
      },
    ]);
  });

  it('groups headers missing for the same reason into one error naming them all', () => {
    const { 'Gov-Client-Timezone': _tz, 'Gov-Vendor-Version': _v, ...rest } = validHeaders;
    expect(validateFraudHeaders(rest).errors).toEqual([
      { code: 'MISSING_HEADER', message: 'Header required', headers: ['gov-client-timezone', 'gov-vendor-version'] },
    ]);
  });

  it('gives a password-only product without licences POTENTIALLY_INVALID_HEADERS with two warnings (5.3)', () => {
    const { 'Gov-Client-Multi-Factor': _mfa, 'Gov-Vendor-License-IDs': _licence, ...rest } = validHeaders;
    const result = validateFraudHeaders({ ...rest, 'Gov-Client-Multi-Factor': '' });
    expect(result.code).toBe('POTENTIALLY_INVALID_HEADERS');
    expect(result.errors).toBeUndefined();
    expect(result.warnings).toEqual([
      { code: 'POTENTIALLY_INVALID_HEADER', message: messages.multiFactorEmpty, headers: ['gov-client-multi-factor'] },
      { code: 'POTENTIALLY_INVALID_HEADER', message: messages.licenceMissing, headers: ['gov-vendor-license-ids'] },
    ]);
  });
});

describe('an empty header', () => {
  const warnedWhenEmpty = ['gov-client-multi-factor', 'gov-vendor-license-ids'];

  it.each(requiredFraudHeaders.filter((h) => !warnedWhenEmpty.includes(h)))('%s is an EMPTY_HEADER error', (header) => {
    const result = validateFraudHeaders(
      Object.fromEntries(
        Object.entries(validHeaders).map(([name, v]) => [name, name.toLowerCase() === header ? ' ' : v]),
      ),
    );
    expect(issues(result)).toEqual([`error EMPTY_HEADER ${header}`]);
  });

  it.each(warnedWhenEmpty)('%s is a warning', (header) => {
    const result = validateFraudHeaders(
      Object.fromEntries(
        Object.entries(validHeaders).map(([name, v]) => [name, name.toLowerCase() === header ? '' : v]),
      ),
    );
    expect(issues(result)).toEqual([`warning POTENTIALLY_INVALID_HEADER ${header}`]);
  });
});

describe('a malformed header', () => {
  const ts = encodeURIComponent('2026-04-30T09:15Z');
  const rows: [string, Record<string, string | string[]>, string[]][] = [
    [
      'another connection method',
      { 'Gov-Client-Connection-Method': 'DESKTOP_APP_DIRECT' },
      ['error INVALID_HEADER gov-client-connection-method'],
    ],
    [
      'a placeholder user agent',
      { 'Gov-Client-Browser-JS-User-Agent': 'undefined' },
      ['error INVALID_HEADER gov-client-browser-js-user-agent'],
    ],
    [
      'a user agent no browser reports',
      { 'Gov-Client-Browser-JS-User-Agent': 'VAT Wise' },
      ['warning POTENTIALLY_INVALID_HEADER gov-client-browser-js-user-agent'],
    ],
    [
      'a user agent with a non-ASCII character',
      { 'Gov-Client-Browser-JS-User-Agent': 'Mozilla/5.0 (Élan)' },
      ['error INVALID_HEADER gov-client-browser-js-user-agent'],
    ],
    [
      'a device id that is not a UUID',
      { 'Gov-Client-Device-ID': 'device-1234' },
      ['error INVALID_HEADER gov-client-device-id'],
    ],
    [
      'a device id one digit short',
      { 'Gov-Client-Device-ID': '3f2c8a1e-5b7d-4c9e-8a6f-1d2e3c4b5a6' },
      ['error INVALID_HEADER gov-client-device-id'],
    ],
    ['a null device id', { 'Gov-Client-Device-ID': 'null' }, ['error INVALID_HEADER gov-client-device-id']],
    [
      'an unknown factor type',
      { 'Gov-Client-Multi-Factor': `type=SMS&timestamp=${ts}&unique-reference=abc` },
      ['error INVALID_HEADER gov-client-multi-factor'],
    ],
    [
      'a factor timestamp with a raw colon',
      { 'Gov-Client-Multi-Factor': 'type=TOTP&timestamp=2026-04-30T09:15Z&unique-reference=abc' },
      ['error INVALID_HEADER gov-client-multi-factor'],
    ],
    [
      'a factor timestamp without T',
      {
        'Gov-Client-Multi-Factor': `type=TOTP&timestamp=${encodeURIComponent('2026-04-30 09:15Z')}&unique-reference=abc`,
      },
      ['error INVALID_HEADER gov-client-multi-factor'],
    ],
    [
      'a factor without a unique-reference',
      { 'Gov-Client-Multi-Factor': `type=TOTP&timestamp=${ts}` },
      ['error INVALID_HEADER gov-client-multi-factor'],
    ],
    [
      'a factor list with an empty item',
      { 'Gov-Client-Multi-Factor': `type=TOTP&timestamp=${ts}&unique-reference=abc,` },
      ['error INVALID_HEADER gov-client-multi-factor'],
    ],
    [
      'a public IP that is no address',
      { 'Gov-Client-Public-IP': '198.51.100.300' },
      ['error INVALID_HEADER gov-client-public-ip'],
    ],
    [
      'a private client IP, consistently forwarded',
      { 'Gov-Client-Public-IP': '10.1.2.3', 'Gov-Vendor-Forwarded': 'by=203.0.113.6&for=10.1.2.3' },
      [
        'warning POTENTIALLY_INVALID_HEADER gov-client-public-ip',
        'warning POTENTIALLY_INVALID_HEADER gov-vendor-forwarded',
      ],
    ],
    [
      'an IP timestamp without milliseconds',
      { 'Gov-Client-Public-IP-Timestamp': '2026-04-30T09:20:41Z' },
      ['error INVALID_HEADER gov-client-public-ip-timestamp'],
    ],
    [
      'an IP timestamp with a space for T',
      { 'Gov-Client-Public-IP-Timestamp': '2026-04-30 09:20:41.120Z' },
      ['error INVALID_HEADER gov-client-public-ip-timestamp'],
    ],
    [
      'an IP timestamp on 30 February',
      { 'Gov-Client-Public-IP-Timestamp': '2026-02-30T09:20:41.120Z' },
      ['error INVALID_HEADER gov-client-public-ip-timestamp'],
    ],
    [
      'an IP timestamp with an offset',
      { 'Gov-Client-Public-IP-Timestamp': '2026-04-30T10:20:41.120+01:00' },
      ['error INVALID_HEADER gov-client-public-ip-timestamp'],
    ],
    ['the server port 443', { 'Gov-Client-Public-Port': '443' }, ['error INVALID_HEADER gov-client-public-port']],
    ['port 0', { 'Gov-Client-Public-Port': '0' }, ['error INVALID_HEADER gov-client-public-port']],
    ['port 70000', { 'Gov-Client-Public-Port': '70000' }, ['error INVALID_HEADER gov-client-public-port']],
    [
      'a screen with a negative height',
      { 'Gov-Client-Screens': 'width=1920&height=-1080&scaling-factor=1&colour-depth=24' },
      ['error INVALID_HEADER gov-client-screens'],
    ],
    [
      'screens that are not key-value pairs',
      { 'Gov-Client-Screens': '1920x1080' },
      ['error INVALID_HEADER gov-client-screens'],
    ],
    ['a bare UTC timezone', { 'Gov-Client-Timezone': 'UTC' }, ['error INVALID_HEADER gov-client-timezone']],
    ['an IANA timezone', { 'Gov-Client-Timezone': 'Europe/London' }, ['error INVALID_HEADER gov-client-timezone']],
    ['a one-digit timezone hour', { 'Gov-Client-Timezone': 'UTC+1:00' }, ['error INVALID_HEADER gov-client-timezone']],
    ['a timezone no place uses', { 'Gov-Client-Timezone': 'UTC+15:00' }, ['error INVALID_HEADER gov-client-timezone']],
    [
      'a user id with a raw @',
      { 'Gov-Client-User-IDs': 'vat-wise=alice@example.com' },
      ['error INVALID_HEADER gov-client-user-ids'],
    ],
    [
      'user ids with no identifier',
      { 'Gov-Client-User-IDs': 'vat-wise=' },
      ['error INVALID_HEADER gov-client-user-ids'],
    ],
    [
      'a user id that is a placeholder',
      { 'Gov-Client-User-IDs': 'vat-wise=null&vat-wise-id=42' },
      ['error INVALID_HEADER gov-client-user-ids'],
    ],
    [
      'user ids with an os key',
      { 'Gov-Client-User-IDs': 'vat-wise=alice%40example.com&os=Windows' },
      ['warning POTENTIALLY_INVALID_HEADER gov-client-user-ids'],
    ],
    [
      'a window size without height',
      { 'Gov-Client-Window-Size': 'width=1536' },
      ['error INVALID_HEADER gov-client-window-size'],
    ],
    [
      'a window of zero width',
      { 'Gov-Client-Window-Size': 'width=0&height=730' },
      ['error INVALID_HEADER gov-client-window-size'],
    ],
    ['a hop without for', { 'Gov-Vendor-Forwarded': 'by=203.0.113.6' }, ['error INVALID_HEADER gov-vendor-forwarded']],
    [
      'a hop whose for is no address',
      { 'Gov-Vendor-Forwarded': 'by=203.0.113.6&for=client' },
      ['error INVALID_HEADER gov-vendor-forwarded'],
    ],
    [
      'an IPv6 hop with raw colons',
      { 'Gov-Vendor-Forwarded': 'by=203.0.113.6&for=2001:db8::23' },
      ['error INVALID_HEADER gov-vendor-forwarded'],
    ],
    [
      'a hop inside a private network',
      { 'Gov-Vendor-Forwarded': 'by=203.0.113.6&for=198.51.100.23,by=10.0.0.5&for=203.0.113.6' },
      ['warning POTENTIALLY_INVALID_HEADER gov-vendor-forwarded'],
    ],
    [
      'a licence key sent unhashed',
      { 'Gov-Vendor-License-IDs': 'vat-wise=ABCD-1234-EFGH-5678' },
      ['warning POTENTIALLY_INVALID_HEADER gov-vendor-license-ids'],
    ],
    [
      'a product name with a raw space',
      { 'Gov-Vendor-Product-Name': 'VAT Wise' },
      ['error INVALID_HEADER gov-vendor-product-name'],
    ],
    [
      'a product name with a broken escape',
      { 'Gov-Vendor-Product-Name': 'VAT%2' },
      ['error INVALID_HEADER gov-vendor-product-name'],
    ],
    [
      'a private vendor IP, consistently forwarded',
      { 'Gov-Vendor-Public-IP': '192.168.1.10', 'Gov-Vendor-Forwarded': 'by=192.168.1.10&for=198.51.100.23' },
      [
        'warning POTENTIALLY_INVALID_HEADER gov-vendor-forwarded',
        'warning POTENTIALLY_INVALID_HEADER gov-vendor-public-ip',
      ],
    ],
    [
      'a version of the server only',
      { 'Gov-Vendor-Version': 'vat-wise-server=1.4.0' },
      ['warning POTENTIALLY_INVALID_HEADER gov-vendor-version'],
    ],
    [
      'a software name without a version',
      { 'Gov-Vendor-Version': 'vat-wise-web=&vat-wise-server=1.4.0' },
      ['error INVALID_HEADER gov-vendor-version'],
    ],
    [
      'a public IP sent twice',
      { 'Gov-Client-Public-IP': ['198.51.100.23', '198.51.100.24'] },
      ['error INVALID_HEADER gov-client-public-ip'],
    ],
    [
      'a misspelt fraud header',
      { 'Gov-Client-Timezon': 'UTC+01:00' },
      ['warning UNEXPECTED_HEADER gov-client-timezon'],
    ],
  ];

  it.each(rows)('%s is reported, and nothing else', (_description, changes, expected) => {
    const result = validateFraudHeaders(withHeaders(changes));
    expect(issues(result)).toEqual([...expected].sort());
    const hasError = expected.some((issue) => issue.startsWith('error'));
    expect(result.code).toBe(hasError ? 'INVALID_HEADERS' : 'POTENTIALLY_INVALID_HEADERS');
  });

  it('names each missing screen value in HMRC’s words', () => {
    const result = validateFraudHeaders(withHeaders({ 'Gov-Client-Screens': 'width=1920&height=1080' }));
    expect(result.errors).toEqual([
      {
        code: 'INVALID_HEADER',
        message: 'At least 1 screen is missing a value for scaling factor',
        headers: ['gov-client-screens'],
      },
      {
        code: 'INVALID_HEADER',
        message: 'At least 1 screen is missing a value for colour depth',
        headers: ['gov-client-screens'],
      },
    ]);
  });

  it('explains the timezone format in HMRC’s words', () => {
    expect(validateFraudHeaders(withHeaders({ 'Gov-Client-Timezone': 'GMT' })).errors).toEqual([
      {
        code: 'INVALID_HEADER',
        message: 'Value must be a recognised timezone in UTC format, submitted as UTC±<hh>:<mm>',
        headers: ['gov-client-timezone'],
      },
    ]);
  });

  it.each(['UTC+00:00', 'UTC-01:15', 'UTC+05:30', 'UTC+14:00', 'UTC-12:00'])('accepts the timezone %s', (timezone) => {
    expect(validateFraudHeaders(withHeaders({ 'Gov-Client-Timezone': timezone })).code).toBe('VALID_HEADERS');
  });

  it('accepts a factor timestamp with seconds and milliseconds, and several factors', () => {
    const reference = sha256('salt:user-42:AUTH_CODE');
    const factors = [
      `type=AUTH_CODE&timestamp=${encodeURIComponent('2026-04-30T09:13:07.250Z')}&unique-reference=${reference}`,
      validHeaders['Gov-Client-Multi-Factor'],
    ].join(',');
    expect(validateFraudHeaders(withHeaders({ 'Gov-Client-Multi-Factor': factors })).code).toBe('VALID_HEADERS');
  });
});

describe('the Gov-Vendor-Forwarded cross-check', () => {
  it('fails all three headers together when no hop pairs the client IP with the vendor IP', () => {
    const result = validateFraudHeaders(withHeaders({ 'Gov-Vendor-Forwarded': 'by=203.0.113.7&for=198.51.100.23' }));
    expect(result.code).toBe('INVALID_HEADERS');
    expect(result.errors).toEqual([
      {
        code: 'INVALID_HEADERS',
        message:
          "At least 1 pair of IPs in Gov-Vendor-Forwarded must include Gov-Client-Public-IP in the 'for' field and Gov-Vendor-Public-IP in the 'by' field. Check all 3 headers are consistent.",
        headers: CROSS.split('+'),
      },
    ]);
  });

  it('fails when the client IP changed but the forwarded chain did not', () => {
    const result = validateFraudHeaders(withHeaders({ 'Gov-Client-Public-IP': '198.51.100.99' }));
    expect(issues(result)).toEqual([`error INVALID_HEADERS ${CROSS}`]);
  });

  it('passes when a later hop carries the pair, as HMRC’s message asks for at least 1 pair', () => {
    const result = validateFraudHeaders(
      withHeaders({ 'Gov-Vendor-Forwarded': 'by=198.51.100.200&for=203.0.113.50,by=203.0.113.6&for=198.51.100.23' }),
    );
    expect(result.code).toBe('VALID_HEADERS');
  });
});
