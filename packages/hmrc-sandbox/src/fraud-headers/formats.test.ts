import { describe, expect, it } from 'vitest';
import {
  canonicalIp,
  decodeComponent,
  isMillisecondTimestamp,
  isMinuteTimestamp,
  isNonPublicIp,
  parseIp,
  parseKeyValueList,
  parseKeyValues,
  parseList,
  parseMac,
} from './formats';

describe('percent-encoded components', () => {
  it('decodes what encodeURIComponent produces, including UTF-8', () => {
    for (const text of ['VAT Wise', 'alice@example.com', '2026-04-30T09:15Z', 'Crème (beta)!']) {
      expect(decodeComponent(encodeURIComponent(text))).toBe(text);
    }
  });

  it('refuses characters that should have been encoded, and broken escapes', () => {
    for (const raw of ['VAT Wise', 'a@b', 'a:b', 'a=b', 'a,b', '%2', '%zz', '%C3']) {
      expect(decodeComponent(raw), raw).toBeUndefined();
    }
  });
});

describe('key-value structures', () => {
  it('reads keys and values in any order, decoded, and allows an empty value', () => {
    const parsed = parseKeyValues('b=2&a=x%40y&c=');
    expect(parsed).toEqual({
      ok: true,
      value: new Map([
        ['b', '2'],
        ['a', 'x@y'],
        ['c', ''],
      ]),
    });
  });

  it('refuses a pair without =, an empty key and a repeated key', () => {
    for (const raw of ['a', '=1', 'a=1&a=2', 'a=1&&b=2']) expect(parseKeyValues(raw).ok, raw).toBe(false);
  });

  it('reads a list of structures and refuses empty items', () => {
    const list = parseKeyValueList('a=1&b=2,a=3&b=4');
    expect(list.ok && list.value.map((item) => item.get('a'))).toEqual(['1', '3']);
    expect(parseKeyValueList('a=1,,a=2').ok).toBe(false);
    expect(parseKeyValueList('a=1,').ok).toBe(false);
  });
});

describe('lists of encoded items', () => {
  it('splits at the commas and decodes each item', () => {
    expect(parseList('fc00%3A%3A,10.1.2.3')).toEqual({ ok: true, value: ['fc00::', '10.1.2.3'] });
    expect(parseList('10.1.2.3')).toEqual({ ok: true, value: ['10.1.2.3'] });
  });

  it('refuses a raw colon, an empty item and an encoded comma, each with its reason', () => {
    const problem = (raw: string) => {
      const list = parseList(raw);
      return list.ok ? undefined : list.problem;
    };
    expect(problem('fc00::,10.1.2.3')).toContain('percent-encoded');
    expect(problem('10.1.2.3,')).toBe('List items must not be empty');
    expect(problem('10.1.2.3%2C10.3.4.2')).toBe('The commas between list items must not be percent-encoded');
  });
});

describe('MAC addresses', () => {
  it('reads six pairs joined by colons or by hyphens, in either case', () => {
    expect(parseMac('ea:43:1a:5d:21:45')).toBe('ea431a5d2145');
    expect(parseMac('10-12-CC-FA-AA-32')).toBe('1012ccfaaa32');
  });

  it('refuses other lengths, mixed separators, none and non-hex digits', () => {
    for (const mac of [
      'ea:43:1a:5d:21',
      'ea:43:1a:5d:21:45:00',
      'ea:43-1a:5d:21:45',
      'ea431a5d2145',
      'eg:43:1a:5d:21:45',
    ]) {
      expect(parseMac(mac), mac).toBeUndefined();
    }
  });
});

describe('IP addresses', () => {
  it('reads IPv4 and every IPv6 form', () => {
    for (const ip of [
      '198.51.100.0',
      '0.0.0.0',
      'ABCD:EF01:2345:6789:ABCD:EF01:2345:6789',
      '2001:db8::1',
      '::',
      '::1',
      '::ffff:192.0.2.1',
      'fe80::',
    ]) {
      expect(parseIp(ip), ip).toBeDefined();
    }
  });

  it('refuses what is not an address', () => {
    for (const ip of [
      '256.1.1.1',
      '1.2.3',
      '01.2.3.4',
      '1.2.3.4:443',
      '2001:db8::1::2',
      '1:2:3:4:5:6:7:8:9',
      '[::1]',
      '1.2.3.4::',
      'gggg::1',
      '',
    ]) {
      expect(parseIp(ip), ip).toBeUndefined();
    }
  });

  it('compares IPv6 addresses however they are written', () => {
    const a = parseIp('2001:DB8::23');
    const b = parseIp('2001:0db8:0:0:0:0:0:0023');
    expect(a && b && canonicalIp(a) === canonicalIp(b)).toBe(true);
  });

  it('knows private, loopback, link-local and shared ranges are not public, and documentation ranges are', () => {
    const notPublic = [
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.0.1',
      '127.0.0.1',
      '169.254.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd12::1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ];
    const isPublic = [
      '198.51.100.23',
      '203.0.113.6',
      '192.0.2.1',
      '8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
      '2001:db8::1',
      '2a00:1450::1',
      '::ffff:8.8.8.8',
    ];
    for (const ip of notPublic) expect(isNonPublicIp(parseIp(ip)!), ip).toBe(true);
    for (const ip of isPublic) expect(isNonPublicIp(parseIp(ip)!), ip).toBe(false);
  });
});

describe('timestamps', () => {
  it('requires milliseconds for the public IP timestamp', () => {
    expect(isMillisecondTimestamp('2020-09-21T14:30:05.123Z')).toBe(true);
    expect(isMillisecondTimestamp('2020-09-21T14:30:05.000Z')).toBe(true);
    for (const value of [
      '2020-09-21T14:30:05Z',
      '2020-09-21T14:30:05.12Z',
      '2020-09-21T24:00:00.000Z',
      '2020-13-01T00:00:00.000Z',
    ]) {
      expect(isMillisecondTimestamp(value), value).toBe(false);
    }
  });

  it('accepts minutes, seconds or milliseconds for a factor timestamp, always with T and Z', () => {
    for (const value of ['2021-11-21T13:20Z', '2021-11-21T13:20:05Z', '2021-11-21T13:20:05.1Z']) {
      expect(isMinuteTimestamp(value), value).toBe(true);
    }
    for (const value of ['2021-11-21 13:20Z', '2021-11-21T13:20', '2021-11-21T1:20Z', '2021-02-29T13:20Z']) {
      expect(isMinuteTimestamp(value), value).toBe(false);
    }
  });
});
