import { type BrowserFraudInfo, browserFraudHeaderNames, keyValues, percentEncode } from '@vatwise/domain';

/**
 * The 16 fraud prevention headers of WEB_APP_VIA_SERVER (hmrc-mtd-vat.md 5.2): the browser's part
 * as it sent it, and the server's part built here. A value that cannot be collected is left out,
 * never filled with a placeholder (5.1).
 */
export interface ServerFraudInfo {
  /** The client's public IP and source port as our server saw them, and when. */
  clientPublicIp: string;
  clientPublicPort: number | undefined;
  clientPublicIpTimestamp: Date;
  /** The public IP the browser connected to (our server or load balancer). */
  vendorPublicIp: string | undefined;
  /** Our user's identifiers, e.g. `{ 'vat-wise': 'alice@example.com', 'vat-wise-id': '42' }`. */
  userIds: Record<string, string>;
  /** Gov-Client-Multi-Factor as built from the user's last second factor; absent without one. */
  multiFactor: string | undefined;
  /** Software name -> hashed licence key. */
  licenseIds: Record<string, string>;
  productName: string;
  /** Software name -> version, e.g. `{ 'vat-wise-web': '1.0.0', 'vat-wise-server': '1.0.0' }`. */
  versions: Record<string, string>;
}

export function buildFraudHeaders(browser: BrowserFraudInfo, server: ServerFraudInfo): Record<string, string> {
  const headers: Record<string, string | undefined> = {
    'Gov-Client-Connection-Method': 'WEB_APP_VIA_SERVER',
    'Gov-Client-Public-IP': server.clientPublicIp,
    'Gov-Client-Public-IP-Timestamp': server.clientPublicIpTimestamp.toISOString(),
    'Gov-Client-Public-Port': server.clientPublicPort === undefined ? undefined : String(server.clientPublicPort),
    'Gov-Client-User-IDs': keyValues(server.userIds),
    'Gov-Client-Multi-Factor': server.multiFactor,
    'Gov-Vendor-Public-IP': server.vendorPublicIp,
    // One internet hop that ends TLS: the browser to us (5.2).
    'Gov-Vendor-Forwarded': server.vendorPublicIp
      ? keyValues({ by: server.vendorPublicIp, for: server.clientPublicIp })
      : undefined,
    'Gov-Vendor-License-IDs': keyValues(server.licenseIds),
    'Gov-Vendor-Product-Name': percentEncode(server.productName),
    'Gov-Vendor-Version': keyValues(server.versions),
  };
  for (const [field, name] of Object.entries(browserFraudHeaderNames) as [keyof BrowserFraudInfo, string][]) {
    headers[name] = browser[field];
  }
  return Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}
