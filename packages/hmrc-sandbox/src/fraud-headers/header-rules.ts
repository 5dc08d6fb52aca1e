import { doubtful, empty, type Finding, invalid, missing, placeholderValues, unique } from './findings';
import {
  decodeComponent,
  type IpAddress,
  isMillisecondTimestamp,
  isMinuteTimestamp,
  isNonPublicIp,
  parseIp,
  parseKeyValueList,
  parseKeyValues,
  parseList,
  parseMac,
} from './formats';
import { messages } from './messages';
import { type FraudHeaderName, isConnectionMethod, type MethodProfile } from './methods';

/**
 * The check of each fraud prevention header's value, for presence and format under the encoding
 * rules of docs/reference/hmrc-vat-api.md §5.1, each in the variant of its header page for the connection method.
 */

const POSITIVE_WHOLE = /^[1-9]\d*$/;
const POSITIVE_NUMBER = /^(?:0|[1-9]\d*)(?:\.\d+)?$/;
const isPositiveNumber = (value: string) => POSITIVE_NUMBER.test(value) && Number(value) > 0;

/** Parsed values a later cross-check needs, kept by the header checks that produce them. */
export interface Parsed {
  clientIp?: IpAddress;
  vendorIp?: IpAddress;
  hops?: { by: IpAddress; for: IpAddress }[];
}

export interface HeaderRule {
  /** Runs only on a present, non-empty, printable-ASCII value that is not a placeholder. */
  check(value: string, parsed: Parsed, profile: MethodProfile): Finding[];
  whenMissing: Finding;
  whenEmpty: Finding;
}

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

export const headerRules: Record<FraudHeaderName, HeaderRule> = {
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
