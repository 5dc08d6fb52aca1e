/**
 * The connection methods the simulator checks and what each asks of the fraud prevention headers:
 * which are required, which are tolerated, and the few checks that differ between them.
 */

/** The connection methods the simulator checks, of HMRC's eight (the others: desktop, mobile, other). */
export const connectionMethods = ['WEB_APP_VIA_SERVER', 'BATCH_PROCESS_DIRECT'] as const;

export type ConnectionMethod = (typeof connectionMethods)[number];

export const isConnectionMethod = (value: unknown): value is ConnectionMethod =>
  (connectionMethods as readonly unknown[]).includes(value);

/** The 16 headers of WEB_APP_VIA_SERVER, in the order of docs/reference/hmrc-vat-api.md §5.2. */
export const requiredFraudHeaders = [
  'gov-client-connection-method',
  'gov-client-browser-js-user-agent',
  'gov-client-device-id',
  'gov-client-multi-factor',
  'gov-client-public-ip',
  'gov-client-public-ip-timestamp',
  'gov-client-public-port',
  'gov-client-screens',
  'gov-client-timezone',
  'gov-client-user-ids',
  'gov-client-window-size',
  'gov-vendor-forwarded',
  'gov-vendor-license-ids',
  'gov-vendor-product-name',
  'gov-vendor-public-ip',
  'gov-vendor-version',
] as const;

/** The 11 headers of BATCH_PROCESS_DIRECT, in the order of HMRC's page for that method. */
const batchProcessDirectHeaders = [
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
] as const;

export type FraudHeaderName = (typeof requiredFraudHeaders)[number] | (typeof batchProcessDirectHeaders)[number];

/**
 * Headers of other connection methods, or dropped from WEB_APP_VIA_SERVER, that HMRC says it is no
 * issue to send with it (5.2, "Not required for this connection method"): neither checked nor
 * warned about.
 */
export const toleratedFraudHeaders = [
  'gov-client-browser-plugins',
  'gov-client-local-ips',
  'gov-client-local-ips-timestamp',
  'gov-client-browser-do-not-track',
  'gov-client-mac-addresses',
  'gov-client-user-agent',
] as const;

/** What sets one connection method's checks apart from another's. */
export interface MethodProfile {
  method: ConnectionMethod;
  required: readonly FraudHeaderName[];
  tolerated: readonly string[];
  /**
   * Whether Gov-Client-User-IDs should carry `os`, the user signed in on the originating device:
   * HMRC's header page asks for it except for web and mobile apps, which cannot know it.
   */
  osUser: boolean;
  /** Client and server software: HMRC's validator asks Gov-Vendor-Version for a version of each (5.2). */
  clientServer: boolean;
}

export const profiles: Record<ConnectionMethod, MethodProfile> = {
  WEB_APP_VIA_SERVER: {
    method: 'WEB_APP_VIA_SERVER',
    required: requiredFraudHeaders,
    tolerated: toleratedFraudHeaders,
    osUser: false,
    clientServer: true,
  },
  // HMRC's page lists no header a batch process may send beyond its 11: any other is unexpected,
  // browser and public-network headers included (nobody's browser or connection is behind it).
  BATCH_PROCESS_DIRECT: {
    method: 'BATCH_PROCESS_DIRECT',
    required: batchProcessDirectHeaders,
    tolerated: [],
    osUser: true,
    clientServer: false,
  },
};

/**
 * A missing or unknown connection method is reported on its header; the other headers are then
 * checked as WEB_APP_VIA_SERVER, VAT Wise's method for what its users do, so the answer still says
 * what else is wrong.
 */
export const fallbackMethod: ConnectionMethod = 'WEB_APP_VIA_SERVER';

export const requiredFraudHeadersFor = (method: ConnectionMethod): readonly FraudHeaderName[] =>
  profiles[method].required;

export const toleratedFraudHeadersFor = (method: ConnectionMethod): readonly string[] => profiles[method].tolerated;
