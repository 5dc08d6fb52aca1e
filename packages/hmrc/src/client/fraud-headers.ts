import {
  type BrowserFraudInfo,
  browserFraudHeaderNames,
  type ConnectionMethod,
  formatList,
  keyValues,
  percentEncode,
} from '@vatwise/domain';

/**
 * The fraud prevention headers of one HMRC call, for the connection method of whoever started it
 * (docs/hmrc-fraud-prevention.md). The client asks for them immediately before each attempt is
 * sent, after any wait for its turn: HMRC wants values collected just before each request.
 */
export interface FraudHeaders {
  readonly connectionMethod: ConnectionMethod;
  collect(): Record<string, string>;
}

/** A person's call: the headers worked out from their request, the same for every attempt of it. */
export const webAppFraudHeaders = (headers: Record<string, string>): FraudHeaders => ({
  connectionMethod: 'WEB_APP_VIA_SERVER',
  collect: () => headers,
});

/** Headers with no value are left out, never sent empty or as a placeholder (HMRC's rule). */
const present = (headers: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );

/**
 * The 16 fraud prevention headers of WEB_APP_VIA_SERVER: the browser's part as it sent it, and the
 * server's part built here. A value that cannot be collected is left out.
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
  return present(headers);
}

/** What the machine a scheduled round runs on knows of itself: the originating device of BATCH_PROCESS_DIRECT. */
export interface BatchFraudInfo {
  /** A UUID kept for the installation, the same on every call. */
  deviceId: string;
  /** Every local IPv4 and IPv6 address, read just before the call. */
  localIps: readonly string[];
  localIpsTimestamp: Date;
  macAddresses: readonly string[];
  /** `UTC±hh:mm` (formatTimezone). */
  timezone: string;
  userAgent: { osFamily: string; osVersion: string; deviceManufacturer?: string; deviceModel?: string };
  /** `os` the operating system's user running the round, then our own identifiers. */
  userIds: Record<string, string>;
  licenseIds: Record<string, string>;
  productName: string;
  versions: Record<string, string>;
}

/** The 11 fraud prevention headers of BATCH_PROCESS_DIRECT, each in the format HMRC gives for that method. */
export function buildBatchFraudHeaders(machine: BatchFraudInfo): Record<string, string> {
  return present({
    'Gov-Client-Connection-Method': 'BATCH_PROCESS_DIRECT',
    'Gov-Client-Device-ID': machine.deviceId,
    'Gov-Client-Local-IPs': formatList(machine.localIps),
    'Gov-Client-Local-IPs-Timestamp': machine.localIpsTimestamp.toISOString(),
    'Gov-Client-MAC-Addresses': formatList(machine.macAddresses),
    'Gov-Client-Timezone': machine.timezone,
    'Gov-Client-User-Agent': keyValues({
      'os-family': machine.userAgent.osFamily,
      'os-version': machine.userAgent.osVersion,
      'device-manufacturer': machine.userAgent.deviceManufacturer,
      'device-model': machine.userAgent.deviceModel,
    }),
    'Gov-Client-User-IDs': keyValues(machine.userIds),
    'Gov-Vendor-License-IDs': keyValues(machine.licenseIds),
    'Gov-Vendor-Product-Name': percentEncode(machine.productName),
    'Gov-Vendor-Version': keyValues(machine.versions),
  });
}
