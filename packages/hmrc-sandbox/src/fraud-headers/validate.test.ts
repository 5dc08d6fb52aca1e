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
 * scaled display, behind our load balancer 203.0.113.6 (hmrc-mtd-vat.md 5.2, built as that table says).
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

  it('tolerates headers this connection method no longer needs (5.2)', () => {
    const result = validateFraudHeaders(
      withHeaders({ 'Gov-Client-Local-IPs': '10.0.0.2', 'Gov-Client-Browser-Do-Not-Track': 'false' }),
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
