import { createHash } from 'node:crypto';
import { formatScreens, formatTimezone, formatWindowSize, readBrowserFraudInfo } from '@vatwise/domain';
import { validateFraudHeaders } from '@vatwise/hmrc-sandbox';
import { describe, expect, it } from 'vitest';
import { buildFraudHeaders, type ServerFraudInfo } from './fraud-headers';

/**
 * The 16 headers of WEB_APP_VIA_SERVER (docs/hmrc-fraud-prevention.md), each in the format of the reference,
 * checked by the simulator's implementation of HMRC's Test Fraud Prevention Headers API.
 */

const browserSent = {
  'gov-client-browser-js-user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0.0.0 Safari/537.36',
  'gov-client-device-id': 'beec798b-b366-47fa-b1f8-92cede14a1ce',
  'gov-client-screens': formatScreens([{ width: 1920, height: 1080, scalingFactor: 1.25, colourDepth: 24 }]),
  'gov-client-window-size': formatWindowSize(1536, 730.4),
  'gov-client-timezone': formatTimezone(-60),
};

const server: ServerFraudInfo = {
  clientPublicIp: '198.51.100.23',
  clientPublicPort: 52_817,
  clientPublicIpTimestamp: new Date('2026-11-23T09:20:41.120Z'),
  vendorPublicIp: '203.0.113.6',
  userIds: { 'vat-wise': 'alice@example.com', 'vat-wise-id': 'u-42' },
  multiFactor: `type=TOTP&timestamp=2026-11-23T09%3A15Z&unique-reference=${createHash('sha256').update('salt:u-42').digest('hex')}`,
  licenseIds: { 'vat-wise': createHash('sha256').update('installation').digest('hex') },
  productName: 'VAT Wise',
  versions: { 'vat-wise-web': '0.1.0', 'vat-wise-server': '0.1.0' },
};

describe('fraud prevention headers', () => {
  it('formats what the browser collects as HMRC specifies', () => {
    expect(browserSent['gov-client-screens']).toBe('width=1920&height=1080&scaling-factor=1.25&colour-depth=24');
    expect(browserSent['gov-client-window-size']).toBe('width=1536&height=730');
    expect(formatTimezone(-60)).toBe('UTC+01:00');
    expect(formatTimezone(75)).toBe('UTC-01:15');
    expect(formatTimezone(0)).toBe('UTC+00:00');
  });

  it('builds all 16 headers, which HMRC’s validator passes', () => {
    const headers = buildFraudHeaders(readBrowserFraudInfo(browserSent), server);
    expect(Object.keys(headers)).toHaveLength(16);
    expect(headers).toMatchObject({
      'Gov-Client-Connection-Method': 'WEB_APP_VIA_SERVER',
      'Gov-Client-Public-IP': '198.51.100.23',
      'Gov-Client-Public-IP-Timestamp': '2026-11-23T09:20:41.120Z',
      'Gov-Client-Public-Port': '52817',
      'Gov-Client-User-IDs': 'vat-wise=alice%40example.com&vat-wise-id=u-42',
      'Gov-Vendor-Forwarded': 'by=203.0.113.6&for=198.51.100.23',
      'Gov-Vendor-Product-Name': 'VAT%20Wise',
      'Gov-Vendor-Version': 'vat-wise-web=0.1.0&vat-wise-server=0.1.0',
    });
    const lowerCased = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    expect(validateFraudHeaders(lowerCased)).toMatchObject({ code: 'VALID_HEADERS' });
  });

  it('leaves out what it cannot collect rather than sending a placeholder', () => {
    const headers = buildFraudHeaders(
      readBrowserFraudInfo({ ...browserSent, 'gov-client-device-id': 'undefined', 'gov-client-timezone': 'GMT' }),
      { ...server, multiFactor: undefined, clientPublicPort: undefined },
    );
    for (const absent of [
      'Gov-Client-Device-ID',
      'Gov-Client-Timezone',
      'Gov-Client-Multi-Factor',
      'Gov-Client-Public-Port',
    ]) {
      expect(headers).not.toHaveProperty(absent);
    }
    expect(Object.values(headers).join(' ')).not.toMatch(/undefined|null/);
  });
});
