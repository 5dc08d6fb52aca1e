import {
  canonicalIp,
  decodeComponent,
  type IpAddress,
  isMillisecondTimestamp,
  isMinuteTimestamp,
  isNonPublicIp,
  isPrintableAscii,
  type KeyValues,
  parseIp,
  parseKeyValueList,
  parseKeyValues,
  parseList,
  parseMac,
} from './formats';

/**
 * HMRC's Test Fraud Prevention Headers API, `GET /test/fraud-prevention-headers/validate`, for the
 * two connection methods VAT Wise uses, picked by the request's Gov-Client-Connection-Method:
 *  - WEB_APP_VIA_SERVER, what a person does in the browser (hmrc-mtd-vat.md 5.3): the 16 headers of
 *    5.2 and the Gov-Vendor-Forwarded cross-check;
 *  - BATCH_PROCESS_DIRECT, work no user starts (the nightly deadline watcher, the submission
 *    checker): the 11 headers of the "Batch process direct" page of HMRC's fraud prevention
 *    specification 3.3, each in the variant of its header page for that method.
 * Each header is checked for presence and format under the encoding rules of 5.1. Codes and fields
 * are those of 5.3. Where HMRC's wording is known from its published examples and observed answers
 * the message is HMRC's; elsewhere it is ours, in the same style.
 */

export type ErrorCode = 'INVALID_HEADER' | 'INVALID_HEADERS' | 'MISSING_HEADER' | 'EMPTY_HEADER';
export type WarningCode = 'POTENTIALLY_INVALID_HEADER' | 'UNEXPECTED_HEADER';

export interface ValidationIssue<Code extends string> {
  code: Code;
  message: string;
  /** Header names in lower case (5.3). */
  headers: string[];
}

export interface ValidationResult {
  specVersion: string;
  code: 'VALID_HEADERS' | 'INVALID_HEADERS' | 'POTENTIALLY_INVALID_HEADERS';
  message: string;
  errors?: ValidationIssue<ErrorCode>[];
  warnings?: ValidationIssue<WarningCode>[];
}

export type IncomingHeaders = Record<string, string | string[] | undefined>;

/** The specification version HMRC's validator reports; 3.3 is the current one (January 2025). */
export const SPEC_VERSION = '3.3';

/** The connection methods the simulator checks, of HMRC's eight (the others: desktop, mobile, other). */
export const connectionMethods = ['WEB_APP_VIA_SERVER', 'BATCH_PROCESS_DIRECT'] as const;

export type ConnectionMethod = (typeof connectionMethods)[number];

export const isConnectionMethod = (value: unknown): value is ConnectionMethod =>
  (connectionMethods as readonly unknown[]).includes(value);

/** The 16 headers of WEB_APP_VIA_SERVER, in the order of hmrc-mtd-vat.md 5.2. */
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
interface MethodProfile {
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

const profiles: Record<ConnectionMethod, MethodProfile> = {
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
const fallbackMethod: ConnectionMethod = 'WEB_APP_VIA_SERVER';

export const requiredFraudHeadersFor = (method: ConnectionMethod): readonly FraudHeaderName[] =>
  profiles[method].required;

export const toleratedFraudHeadersFor = (method: ConnectionMethod): readonly string[] => profiles[method].tolerated;

const methodList = connectionMethods.join(' or ');

export const messages = {
  valid:
    'All headers required for your connection method have been supplied and all appear to be valid. Validation is based on a single request. We have access to all requests and can draw additional conclusions.',
  invalid: 'At least 1 header is invalid',
  potentiallyInvalid: 'At least 1 header is potentially invalid',
  noHeaders: 'No fraud prevention headers submitted. These are required by law. Check the specification.',
  headerRequired: 'Header required',
  privateNetworkMissing:
    'Header missing. You will not be able to submit a header if the connection is between client and server in a private network.',
  privateNetworkEmpty:
    'Value is empty. You will not be able to submit a value if the connection is between client and server in a private network. If this is the case, you must contact us explaining why you cannot submit this header.',
  empty: 'Value is empty',
  notAscii: 'Value must use US-ASCII characters only, with any other characters percent-encoded',
  placeholder:
    'Value must not be a placeholder such as null or undefined. If you cannot collect a value, you must contact us explaining why you cannot submit this header.',
  multiFactorMissing:
    'Header missing. This may be correct for single factor authentication, for example username and password. If this is the case, you must contact us explaining why you cannot submit this header.',
  multiFactorEmpty:
    'Value is empty. This may be correct for single factor authentication, for example username and password. If this is the case, you must contact us explaining why you cannot submit this header.',
  licenceMissing:
    'Header required. If there are no licences on the originating device you will not be able to collect a value. If this is the case, you must contact us explaining why you cannot submit this header.',
  licenceEmpty:
    'Value is empty. If there are no licences on the originating device you will not be able to collect a value. If this is the case, you must contact us explaining why you cannot submit this header.',
  connectionMethod: `Value must be ${methodList}: this simulator validates those connection methods only`,
  connectionMethodMissing: `Header required. Submit your connection method, ${methodList}: this simulator validates those connection methods only`,
  connectionMethodEmpty: `Value is empty. Submit your connection method, ${methodList}: this simulator validates those connection methods only`,
  userAgent: "Value should be the user agent string the browser reports to JavaScript, such as 'Mozilla/5.0 (…)'",
  deviceId: 'Value must be a UUID, for example beec798b-b366-47fa-b1f8-92cede14a1ce',
  multiFactorFields: 'Each factor must have a type, a timestamp and a unique-reference',
  multiFactorType: 'The type of each factor must be TOTP, AUTH_CODE or OTHER',
  multiFactorTimestamp:
    'The timestamp of each factor must be in UTC, as yyyy-MM-ddThh:mmZ at least (T and the 24 hour clock required), percent-encoded',
  multiFactorReference: 'The unique-reference of each factor must not be empty',
  ip: 'Value must be an IPv4 or IPv6 address',
  clientIpNotPublic:
    'Value is a private or reserved IP address. Submit the public IP address of the originating device, as your servers see it.',
  vendorIpNotPublic:
    'Value is a private or reserved IP address. Submit the public IP address the originating device sent its requests to.',
  ipTimestamp:
    'Value must be a UTC timestamp as yyyy-MM-ddThh:mm:ss.sssZ, with T, the 24 hour clock, seconds and milliseconds',
  localIps: 'Value must be a list of the IPv4 and IPv6 addresses of the originating device, separated by commas',
  macAddresses:
    'Value must be a list of MAC addresses, each 6 pairs of hexadecimal digits joined by colons or hyphens, percent-encoded, for example ea%3A43%3A1a%3A5d%3A21%3A45',
  macAllZero:
    'At least 1 MAC address is 00:00:00:00:00:00, which no network interface has (a loopback interface reports it). Submit the MAC addresses of the network interfaces of the originating device.',
  port: 'Value must be a whole number between 1 and 65535',
  serverPort:
    'Value must be the port the originating device sent the request from, not a server port such as 80 or 443',
  screenMissing: (field: string) => `At least 1 screen is missing a value for ${field}`,
  screenInvalid: (field: string, kind: string) => `At least 1 screen has an invalid ${field}: it must be ${kind}`,
  timezone: 'Value must be a recognised timezone in UTC format, submitted as UTC±<hh>:<mm>',
  userIds: 'Value must include at least 1 key naming an account and a value identifying the user',
  userIdsOs:
    'Check you are using the correct Gov-Client-Connection-Method. Web applications do not usually provide the os field as browsers do not expose this information.',
  userIdsNoOs:
    'Value should include the os key, identifying the user signed in on the originating device. If you cannot collect it, you must contact us explaining why you cannot submit this value.',
  userAgentField: (key: string) => `Value must include ${key} with a value, percent-encoded`,
  windowSize: 'Value must include width and height, each a positive whole number of pixels',
  forwardedFields: "Each hop must have a 'by' and a 'for' key",
  forwardedIp: "The 'by' and 'for' values of each hop must be IPv4 or IPv6 addresses, percent-encoded",
  forwardedPrivate:
    "Do not include hops within a private network: every 'by' and 'for' value should be a public IP address",
  forwardedCrossCheck:
    "At least 1 pair of IPs in Gov-Vendor-Forwarded must include Gov-Client-Public-IP in the 'for' field and Gov-Vendor-Public-IP in the 'by' field. Check all 3 headers are consistent.",
  licenceNotHashed: 'Licence values must be hashed, using the same hashing function every time',
  productName: 'Value must be the product name, percent-encoded, for example VAT%20Wise',
  version: 'Each key must name a piece of software and each value give its version',
  versionOne:
    'For client server architectures, submit a version for the client and the server. For all other architectures, submit at least 1 version.',
  unexpected: (method: ConnectionMethod) =>
    `Header not expected for the ${method} connection method. Check its name and the connection method.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Findings: what one check says about one header, before grouping into HMRC's answer
// ---------------------------------------------------------------------------------------------

export type Finding =
  { severity: 'error'; code: ErrorCode; message: string } | { severity: 'warning'; code: WarningCode; message: string };

const invalid = (message: string): Finding => ({ severity: 'error', code: 'INVALID_HEADER', message });
const doubtful = (message: string): Finding => ({ severity: 'warning', code: 'POTENTIALLY_INVALID_HEADER', message });
const missing = (message: string = messages.headerRequired): Finding => ({
  severity: 'error',
  code: 'MISSING_HEADER',
  message,
});
const empty = (message: string = messages.empty): Finding => ({ severity: 'error', code: 'EMPTY_HEADER', message });

// 5.1: "Never send placeholders such as null, undefined or unknown".
const PLACEHOLDERS = new Set(['null', 'undefined', 'unknown', 'nan', 'n/a', '[object object]']);
const isPlaceholder = (value: string): boolean => PLACEHOLDERS.has(value.trim().toLowerCase());

const unique = (findings: Finding[]): Finding[] =>
  findings.filter(
    (finding, index) =>
      findings.findIndex((other) => other.code === finding.code && other.message === finding.message) === index,
  );

const POSITIVE_WHOLE = /^[1-9]\d*$/;
const POSITIVE_NUMBER = /^(?:0|[1-9]\d*)(?:\.\d+)?$/;
const isPositiveNumber = (value: string) => POSITIVE_NUMBER.test(value) && Number(value) > 0;

/** Parsed values a later cross-check needs, kept by the header checks that produce them. */
interface Parsed {
  clientIp?: IpAddress;
  vendorIp?: IpAddress;
  hops?: { by: IpAddress; for: IpAddress }[];
}

interface HeaderRule {
  /** Runs only on a present, non-empty, printable-ASCII value that is not a placeholder. */
  check(value: string, parsed: Parsed, profile: MethodProfile): Finding[];
  whenMissing: Finding;
  whenEmpty: Finding;
}

/** Placeholders hidden inside a key-value structure are as bad as a placeholder value (5.1). */
const placeholderValues = (structures: KeyValues[]): Finding[] =>
  structures.some((pairs) => [...pairs.values()].some(isPlaceholder)) ? [invalid(messages.placeholder)] : [];

function ipRule(notPublic: string, keep: (parsed: Parsed, ip: IpAddress) => void): HeaderRule {
  return {
    whenMissing: missing(messages.privateNetworkMissing),
    whenEmpty: empty(messages.privateNetworkEmpty),
    check(value, parsed) {
      const ip = parseIp(value);
      if (!ip) return [invalid(messages.ip)];
      keep(parsed, ip);
      return isNonPublicIp(ip) ? [doubtful(notPublic)] : [];
    },
  };
}

/**
 * Gov-Client-Local-IPs and Gov-Client-MAC-Addresses: a list of addresses, each percent-encoded and
 * the commas not (HMRC's header pages). The parsed addresses, or the one finding that says why not.
 */
function addressList<Address>(
  value: string,
  parse: (text: string) => Address | undefined,
  wrong: string,
): Address[] | Finding {
  const list = parseList(value);
  if (!list.ok) return invalid(list.problem);
  const addresses: Address[] = [];
  for (const item of list.value) {
    const address = parse(item);
    if (address === undefined) return invalid(wrong);
    addresses.push(address);
  }
  return addresses;
}

// Both timestamps HMRC asks for are collected by the software to the millisecond (5.2; HMRC's
// Gov-Client-Local-IPs-Timestamp page gives the same format).
const millisecondTimestampRule: HeaderRule = {
  whenMissing: missing(),
  whenEmpty: empty(),
  check: (value) => (isMillisecondTimestamp(value) ? [] : [invalid(messages.ipTimestamp)]),
};

const USER_AGENT_KEYS = ['os-family', 'os-version', 'device-manufacturer', 'device-model'];

const rules: Record<FraudHeaderName, HeaderRule> = {
  // The request's own method picks the profile, so any method the simulator checks is right here.
  'gov-client-connection-method': {
    whenMissing: missing(messages.connectionMethodMissing),
    whenEmpty: empty(messages.connectionMethodEmpty),
    check: (value) => (isConnectionMethod(value) ? [] : [invalid(messages.connectionMethod)]),
  },

  // Passed through as the browser reports it; every browser's starts with a product/version token.
  'gov-client-browser-js-user-agent': {
    whenMissing: missing(),
    whenEmpty: empty(),
    check: (value) => (/\S+\/\S+/.test(value) ? [] : [doubtful(messages.userAgent)]),
  },

  'gov-client-device-id': {
    whenMissing: missing(),
    whenEmpty: empty(),
    check: (value) =>
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? [] : [invalid(messages.deviceId)],
  },

  // Password-only sign-in cannot provide it: HMRC warns rather than fails (5.2, 5.3).
  'gov-client-multi-factor': {
    whenMissing: doubtful(messages.multiFactorMissing),
    whenEmpty: doubtful(messages.multiFactorEmpty),
    check(value) {
      const factors = parseKeyValueList(value);
      if (!factors.ok) return [invalid(factors.problem)];
      const findings = placeholderValues(factors.value);
      for (const factor of factors.value) {
        const type = factor.get('type');
        const timestamp = factor.get('timestamp');
        const reference = factor.get('unique-reference');
        if (type === undefined || timestamp === undefined || reference === undefined) {
          findings.push(invalid(messages.multiFactorFields));
          continue;
        }
        if (!['TOTP', 'AUTH_CODE', 'OTHER'].includes(type)) findings.push(invalid(messages.multiFactorType));
        if (!isMinuteTimestamp(timestamp)) findings.push(invalid(messages.multiFactorTimestamp));
        if (reference.trim() === '') findings.push(invalid(messages.multiFactorReference));
      }
      return unique(findings);
    },
  },

  'gov-client-public-ip': ipRule(messages.clientIpNotPublic, (parsed, ip) => (parsed.clientIp = ip)),

  'gov-client-public-ip-timestamp': millisecondTimestampRule,

  // Local addresses: private ranges are what is expected here, so any IPv4 or IPv6 address will do.
  'gov-client-local-ips': {
    whenMissing: missing(),
    whenEmpty: empty(),
    check(value) {
      const ips = addressList(value, parseIp, messages.localIps);
      return Array.isArray(ips) ? [] : [ips];
    },
  },

  'gov-client-local-ips-timestamp': millisecondTimestampRule,

  'gov-client-mac-addresses': {
    whenMissing: missing(),
    whenEmpty: empty(),
    check(value) {
      const macs = addressList(value, parseMac, messages.macAddresses);
      if (!Array.isArray(macs)) return [macs];
      return macs.includes('000000000000') ? [doubtful(messages.macAllZero)] : [];
    },
  },

  'gov-client-public-port': {
    whenMissing: missing(messages.privateNetworkMissing),
    whenEmpty: empty(messages.privateNetworkEmpty),
    check(value) {
      if (!/^[1-9]\d{0,4}$/.test(value) || Number(value) > 65535) return [invalid(messages.port)];
      return value === '80' || value === '443' ? [invalid(messages.serverPort)] : [];
    },
  },

  'gov-client-screens': {
    whenMissing: missing(),
    whenEmpty: empty(),
    check(value) {
      const screens = parseKeyValueList(value);
      if (!screens.ok) return [invalid(screens.problem)];
      const findings = placeholderValues(screens.value);
      const fields: [key: string, label: string, valid: (v: string) => boolean, kind: string][] = [
        ['width', 'width', (v) => POSITIVE_WHOLE.test(v), 'a positive whole number'],
        ['height', 'height', (v) => POSITIVE_WHOLE.test(v), 'a positive whole number'],
        ['scaling-factor', 'scaling factor', isPositiveNumber, 'a positive number'],
        ['colour-depth', 'colour depth', (v) => POSITIVE_WHOLE.test(v), 'a positive whole number of bits'],
      ];
      for (const screen of screens.value) {
        for (const [key, label, valid, kind] of fields) {
          const field = screen.get(key);
          if (field === undefined || field === '') findings.push(invalid(messages.screenMissing(label)));
          else if (!valid(field)) findings.push(invalid(messages.screenInvalid(label, kind)));
        }
      }
      return unique(findings);
    },
  },

  // Real offsets run from UTC-12:00 to UTC+14:00, in whole, half or quarter hours.
  'gov-client-timezone': {
    whenMissing: missing(),
    whenEmpty: empty(),
    check(value) {
      const match = /^UTC([+-])(\d{2}):(00|15|30|45)$/.exec(value);
      if (!match) return [invalid(messages.timezone)];
      const minutes = (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
      return minutes >= -12 * 60 && minutes <= 14 * 60 ? [] : [invalid(messages.timezone)];
    },
  },

  // HMRC's header page: the key-values of os-family, os-version, device-manufacturer and
  // device-model, as a list (of one, for one device).
  'gov-client-user-agent': {
    whenMissing: missing(),
    whenEmpty: empty(),
    check(value) {
      const devices = parseKeyValueList(value);
      if (!devices.ok) return [invalid(devices.problem)];
      const findings = placeholderValues(devices.value);
      for (const device of devices.value) {
        for (const key of USER_AGENT_KEYS) {
          if ((device.get(key) ?? '').trim() === '') findings.push(invalid(messages.userAgentField(key)));
        }
      }
      return unique(findings);
    },
  },

  'gov-client-user-ids': {
    whenMissing: missing(),
    whenEmpty: empty(),
    check(value, _parsed, profile) {
      const ids = parseKeyValues(value);
      if (!ids.ok) return [invalid(ids.problem)];
      const findings = placeholderValues([ids.value]);
      if (![...ids.value.values()].some((id) => id.trim() !== '')) findings.push(invalid(messages.userIds));
      if (profile.osUser) {
        // HMRC's page says `os` "should" hold the device's signed-in user: a warning, not an error,
        // as with the other values HMRC accepts an explanation for.
        if ((ids.value.get('os') ?? '').trim() === '') findings.push(doubtful(messages.userIdsNoOs));
      } else if (ids.value.has('os')) {
        // No `os` key for web apps (5.2): a browser cannot know it, so a value there looks made up.
        findings.push(doubtful(messages.userIdsOs));
      }
      return findings;
    },
  },

  'gov-client-window-size': {
    whenMissing: missing(),
    whenEmpty: empty(),
    check(value) {
      const size = parseKeyValues(value);
      if (!size.ok) return [invalid(size.problem)];
      const width = size.value.get('width') ?? '';
      const height = size.value.get('height') ?? '';
      return POSITIVE_WHOLE.test(width) && POSITIVE_WHOLE.test(height) ? [] : [invalid(messages.windowSize)];
    },
  },

  'gov-vendor-forwarded': {
    whenMissing: missing(),
    whenEmpty: empty(),
    check(value, parsed) {
      const hops = parseKeyValueList(value);
      if (!hops.ok) return [invalid(hops.problem)];
      const found: { by: IpAddress; for: IpAddress }[] = [];
      for (const hop of hops.value) {
        const by = hop.get('by');
        const sender = hop.get('for');
        if (by === undefined || sender === undefined) return [invalid(messages.forwardedFields)];
        const byIp = parseIp(by);
        const forIp = parseIp(sender);
        if (!byIp || !forIp) return [invalid(messages.forwardedIp)];
        found.push({ by: byIp, for: forIp });
      }
      parsed.hops = found;
      return found.some((hop) => isNonPublicIp(hop.by) || isNonPublicIp(hop.for))
        ? [doubtful(messages.forwardedPrivate)]
        : [];
    },
  },

  // No licence on the originating device means no value to collect: a warning to explain to HMRC (5.2, 5.3).
  'gov-vendor-license-ids': {
    whenMissing: doubtful(messages.licenceMissing),
    whenEmpty: doubtful(messages.licenceEmpty),
    check(value) {
      const licences = parseKeyValues(value);
      if (!licences.ok) return [invalid(licences.problem)];
      const findings = placeholderValues([licences.value]);
      const values = [...licences.value.values()].filter((licence) => licence !== '');
      if (values.length === 0) return [doubtful(messages.licenceEmpty)];
      if (!values.every(looksHashed)) findings.push(doubtful(messages.licenceNotHashed));
      return findings;
    },
  },

  'gov-vendor-product-name': {
    whenMissing: missing(),
    whenEmpty: empty(),
    check(value) {
      const name = decodeComponent(value);
      return name !== undefined && name.trim() !== '' ? [] : [invalid(messages.productName)];
    },
  },

  'gov-vendor-public-ip': ipRule(messages.vendorIpNotPublic, (parsed, ip) => (parsed.vendorIp = ip)),

  // At least 1 pair, which a key-value structure always has; 2 for client-server methods.
  'gov-vendor-version': {
    whenMissing: missing(),
    whenEmpty: empty(),
    check(value, _parsed, profile) {
      const versions = parseKeyValues(value);
      if (!versions.ok) return [invalid(versions.problem)];
      const findings = placeholderValues([versions.value]);
      if ([...versions.value.values()].some((version) => version.trim() === ''))
        findings.push(invalid(messages.version));
      // A web app is client-server: HMRC's validator asks for a version of each (5.2).
      if (profile.clientServer && versions.value.size === 1) findings.push(doubtful(messages.versionOne));
      return findings;
    },
  },
};

// A digest written in hex or base64: the byte lengths of MD5 to SHA-512. It cannot prove a value was
// hashed, but it catches a licence key sent as it is.
const DIGEST_BYTES = [16, 20, 28, 32, 48, 64];
function looksHashed(value: string): boolean {
  if (/^[0-9A-Fa-f]+$/.test(value)) return DIGEST_BYTES.includes(value.length / 2);
  const unpadded = value.replace(/={0,2}$/, '');
  if (!/^[A-Za-z0-9+/_-]+$/.test(unpadded)) return false;
  return DIGEST_BYTES.some((bytes) => Math.ceil((bytes * 4) / 3) === unpadded.length);
}

// ---------------------------------------------------------------------------------------------
// Analysis: per header, then cross-checks
// ---------------------------------------------------------------------------------------------

export type HeaderRole = 'required' | 'tolerated' | 'unexpected' | 'test-scenario';

export interface HeaderAnalysis {
  /** Lower case. */
  header: string;
  role: HeaderRole;
  /** As received (several values joined with commas); absent when the header was not sent. */
  value?: string;
  findings: Finding[];
}

export interface CrossCheckAnalysis {
  headers: string[];
  findings: Finding[];
}

export interface FraudHeaderAnalysis {
  /** False when no Gov-Client-* or Gov-Vendor-* header was sent at all. */
  submitted: boolean;
  /** Gov-Client-Connection-Method as sent; absent when it was not. */
  declaredConnectionMethod?: string;
  headers: HeaderAnalysis[];
  crossChecks: CrossCheckAnalysis[];
}

const isFraudHeaderName = (name: string) => name.startsWith('gov-client-') || name.startsWith('gov-vendor-');

/** Lower-cased names; repeated headers joined with commas, as HTTP allows for list values. */
function normalise(headers: IncomingHeaders): Map<string, string> {
  const byName = new Map<string, string>();
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    const value = (Array.isArray(raw) ? raw.join(',') : raw).trim();
    const key = name.toLowerCase();
    const earlier = byName.get(key);
    byName.set(key, earlier === undefined ? value : `${earlier},${value}`);
  }
  return byName;
}

function analyseValue(rule: HeaderRule, value: string | undefined, parsed: Parsed, profile: MethodProfile): Finding[] {
  if (value === undefined) return [rule.whenMissing];
  if (value === '') return [rule.whenEmpty];
  if (!isPrintableAscii(value)) return [invalid(messages.notAscii)];
  if (isPlaceholder(value)) return [invalid(messages.placeholder)];
  return rule.check(value, parsed, profile);
}

/**
 * Every header's findings and the cross-checks, against the headers of the request's connection
 * method; the feedback log reports these per header.
 */
export function analyseFraudHeaders(headers: IncomingHeaders): FraudHeaderAnalysis {
  const received = normalise(headers);
  const declared = received.get('gov-client-connection-method');
  const profile = profiles[isConnectionMethod(declared) ? declared : fallbackMethod];
  const parsed: Parsed = {};
  const analysed: HeaderAnalysis[] = profile.required.map((header) => {
    const value = received.get(header);
    const findings = analyseValue(rules[header], value, parsed, profile);
    return value === undefined ? { header, role: 'required', findings } : { header, role: 'required', value, findings };
  });

  for (const [header, value] of received) {
    if ((profile.required as readonly string[]).includes(header)) continue;
    if (profile.tolerated.includes(header)) {
      analysed.push({ header, role: 'tolerated', value, findings: [] });
    } else if (isFraudHeaderName(header)) {
      analysed.push({
        header,
        role: 'unexpected',
        value,
        findings: [{ severity: 'warning', code: 'UNEXPECTED_HEADER', message: messages.unexpected(profile.method) }],
      });
    } else if (header === 'gov-test-scenario') {
      analysed.push({ header, role: 'test-scenario', value, findings: [] });
    }
  }

  return {
    submitted: [...received.keys()].some(isFraudHeaderName),
    ...(declared === undefined ? {} : { declaredConnectionMethod: declared }),
    headers: analysed,
    crossChecks: crossChecks(analysed, parsed),
  };
}

const FORWARDED_CHECK = ['gov-client-public-ip', 'gov-vendor-forwarded', 'gov-vendor-public-ip'];

/**
 * 5.2/5.3: a hop of Gov-Vendor-Forwarded must pair `for` = Gov-Client-Public-IP with `by` =
 * Gov-Vendor-Public-IP. Run only when all three headers are required by the method and
 * individually sound, so one mistake is reported once, on the header that has it.
 */
function crossChecks(analysed: HeaderAnalysis[], parsed: Parsed): CrossCheckAnalysis[] {
  const sound = FORWARDED_CHECK.every((name) =>
    analysed.some(
      (entry) =>
        entry.header === name && entry.role === 'required' && entry.findings.every((f) => f.severity !== 'error'),
    ),
  );
  const { clientIp, vendorIp, hops } = parsed;
  if (!sound || !clientIp || !vendorIp || !hops) return [];
  const client = canonicalIp(clientIp);
  const vendor = canonicalIp(vendorIp);
  const paired = hops.some((hop) => canonicalIp(hop.for) === client && canonicalIp(hop.by) === vendor);
  return [
    {
      headers: FORWARDED_CHECK,
      findings: paired ? [] : [{ severity: 'error', code: 'INVALID_HEADERS', message: messages.forwardedCrossCheck }],
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// HMRC's answer
// ---------------------------------------------------------------------------------------------

/**
 * Groups findings into HMRC's `errors[]` / `warnings[]`: one item per distinct code and message,
 * naming every header it applies to, in the order the headers were checked.
 */
function group<Code extends string>(entries: { headers: string[]; code: Code; message: string }[]) {
  const items: ValidationIssue<Code>[] = [];
  for (const entry of entries) {
    const same = items.find((item) => item.code === entry.code && item.message === entry.message);
    if (same) same.headers.push(...entry.headers.filter((header) => !same.headers.includes(header)));
    else items.push({ code: entry.code, message: entry.message, headers: [...entry.headers] });
  }
  return items;
}

/** The `/validate` body for an analysis (5.3): empty `errors`/`warnings` are left out, as HMRC does. */
export function validationResult(analysis: FraudHeaderAnalysis): ValidationResult {
  if (!analysis.submitted) return { specVersion: SPEC_VERSION, code: 'INVALID_HEADERS', message: messages.noHeaders };
  const all = [
    ...analysis.headers.flatMap((entry) => entry.findings.map((finding) => ({ finding, headers: [entry.header] }))),
    ...analysis.crossChecks.flatMap((check) => check.findings.map((finding) => ({ finding, headers: check.headers }))),
  ];
  const errors = group(
    all.flatMap(({ finding, headers }) => (finding.severity === 'error' ? [{ ...finding, headers }] : [])),
  );
  const warnings = group(
    all.flatMap(({ finding, headers }) => (finding.severity === 'warning' ? [{ ...finding, headers }] : [])),
  );
  if (errors.length > 0) {
    const result: ValidationResult = {
      specVersion: SPEC_VERSION,
      code: 'INVALID_HEADERS',
      message: messages.invalid,
      errors,
    };
    return warnings.length > 0 ? { ...result, warnings } : result;
  }
  if (warnings.length > 0) {
    return {
      specVersion: SPEC_VERSION,
      code: 'POTENTIALLY_INVALID_HEADERS',
      message: messages.potentiallyInvalid,
      warnings,
    };
  }
  return { specVersion: SPEC_VERSION, code: 'VALID_HEADERS', message: messages.valid };
}

/** What HMRC's `GET /test/fraud-prevention-headers/validate` answers (always 200) for these request headers. */
export function validateFraudHeaders(headers: IncomingHeaders): ValidationResult {
  return validationResult(analyseFraudHeaders(headers));
}
