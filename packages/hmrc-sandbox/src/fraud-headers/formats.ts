/**
 * The building blocks of HMRC's fraud prevention header formats (docs/reference/hmrc-vat-api.md §5.1, 5.2):
 * percent-encoded components, key-value structures, lists, IP and MAC addresses and timestamps. Each parser
 * returns the decoded value or the problem, worded for the validator's message.
 */

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

const parsed = <T>(value: T): Parsed<T> => ({ ok: true, value });
const problem = <T>(text: string): Parsed<T> => ({ ok: false, problem: text });

/** Printable US-ASCII only: anything else must reach HMRC percent-encoded (5.1). */
export const isPrintableAscii = (value: string): boolean => /^[\x20-\x7e]*$/.test(value);

// RFC 3986 unreserved characters, plus the `!'()*` that JavaScript's encodeURIComponent leaves alone:
// rejecting those would fail every browser-built value, and they are not separators in these formats.
const ENCODED_COMPONENT = /^(?:[A-Za-z0-9\-._~!'()*]|%[0-9A-Fa-f]{2})*$/;

/**
 * Decodes one percent-encoded key, value or list item (5.1). Undefined when it holds a character
 * that should have been encoded (a raw space, `:`, `@`, `=`, `&`, `,`…) or encodes invalid UTF-8.
 */
export function decodeComponent(raw: string): string | undefined {
  if (!ENCODED_COMPONENT.test(raw)) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

export type KeyValues = Map<string, string>;

/** `key1=value1&key2=value2`, keys and values percent-encoded, separators not (5.1). */
export function parseKeyValues(raw: string): Parsed<KeyValues> {
  const pairs: KeyValues = new Map();
  for (const part of raw.split('&')) {
    const equals = part.indexOf('=');
    if (equals < 1) return problem('Value must be a key-value structure: key1=value1&key2=value2');
    const key = decodeComponent(part.slice(0, equals));
    const value = decodeComponent(part.slice(equals + 1));
    if (key === undefined || value === undefined) {
      return problem('Keys and values must be percent-encoded; only the = and & separators are sent as they are');
    }
    if (pairs.has(key)) return problem(`Key ${key} appears more than once`);
    pairs.set(key, value);
  }
  return parsed(pairs);
}

/**
 * `item1,item2`, each item percent-encoded and the commas between them not, with no empty items
 * (5.1; HMRC's Gov-Client-Local-IPs and Gov-Client-MAC-Addresses: "Do not percent encode separators").
 */
export function parseList(raw: string): Parsed<string[]> {
  const items: string[] = [];
  for (const item of raw.split(',')) {
    if (item === '') return problem('List items must not be empty');
    const decoded = decodeComponent(item);
    if (decoded === undefined) {
      return problem(
        'List items must be percent-encoded, : as %3A; only the commas between items are sent as they are',
      );
    }
    // An encoded comma joins two items into one: the list was encoded whole.
    if (decoded.includes(',')) return problem('The commas between list items must not be percent-encoded');
    items.push(decoded);
  }
  return parsed(items);
}

/** `item1,item2` of key-value structures, with no empty items (5.1). */
export function parseKeyValueList(raw: string): Parsed<KeyValues[]> {
  const items: KeyValues[] = [];
  for (const item of raw.split(',')) {
    if (item === '') return problem('List items must not be empty');
    const pairs = parseKeyValues(item);
    if (!pairs.ok) return pairs;
    items.push(pairs.value);
  }
  return parsed(items);
}

// ---------------------------------------------------------------------------------------------
// IP addresses
// ---------------------------------------------------------------------------------------------

export type IpAddress = { version: 4; octets: number[] } | { version: 6; groups: number[] };

function parseIPv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const octets: number[] = [];
  for (const part of parts) {
    // No leading zeros: 010 is octal to some parsers and decimal to others.
    if (!/^(?:0|[1-9]\d{0,2})$/.test(part)) return undefined;
    const octet = Number(part);
    if (octet > 255) return undefined;
    octets.push(octet);
  }
  return octets;
}

function parseIPv6(text: string): number[] | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string, last: boolean): number[] | undefined => {
    if (half === '') return [];
    const groups: number[] = [];
    const parts = half.split(':');
    for (const [index, part] of parts.entries()) {
      if (last && index === parts.length - 1 && part.includes('.')) {
        // An IPv4 tail such as ::ffff:192.0.2.1 counts as two groups.
        const octets = parseIPv4(part);
        if (!octets) return undefined;
        const [a = 0, b = 0, c = 0, d = 0] = octets;
        groups.push(a * 256 + b, c * 256 + d);
      } else if (/^[0-9A-Fa-f]{1,4}$/.test(part)) {
        groups.push(parseInt(part, 16));
      } else {
        return undefined;
      }
    }
    return groups;
  };
  const head = groupsOf(halves[0] ?? '', halves.length === 1);
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '', true) : [];
  if (!head || !tail) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return undefined;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}

/** An IPv4 or IPv6 address in text form, as in HMRC's examples (5.2); no ports, zones or brackets. */
export function parseIp(text: string): IpAddress | undefined {
  const v4 = parseIPv4(text);
  if (v4) return { version: 4, octets: v4 };
  const v6 = parseIPv6(text);
  return v6 ? { version: 6, groups: v6 } : undefined;
}

/** One canonical form per address, so `2001:DB8::1` and `2001:db8:0:0:0:0:0:1` compare equal. */
export const canonicalIp = (ip: IpAddress): string =>
  ip.version === 4 ? ip.octets.join('.') : ip.groups.map((group) => group.toString(16)).join(':');

const inV4 = (octets: number[], prefix: number[], bits: number): boolean => {
  const value = octets.reduce((sum, octet) => sum * 256 + octet, 0);
  const base = prefix.reduce((sum, octet) => sum * 256 + octet, 0);
  const size = 2 ** (32 - bits);
  return Math.floor(value / size) === Math.floor(base / size);
};

// Private, loopback, link-local, shared (CGNAT), "this network", multicast and reserved ranges: an
// address there cannot be what the internet saw. Documentation ranges (192.0.2.0/24, 198.51.100.0/24,
// 203.0.113.0/24) are left out on purpose, as HMRC's own examples use them (5.2).
const nonPublicV4: [number[], number][] = [
  [[0, 0, 0, 0], 8],
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10],
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16],
  [[172, 16, 0, 0], 12],
  [[192, 168, 0, 0], 16],
  [[224, 0, 0, 0], 3],
];

/** True when the address cannot be a public internet address. */
export function isNonPublicIp(ip: IpAddress): boolean {
  if (ip.version === 4) return nonPublicV4.some(([prefix, bits]) => inV4(ip.octets, prefix, bits));
  const [first = 0] = ip.groups;
  const allZeroBefore = (count: number) => ip.groups.slice(0, count).every((group) => group === 0);
  if (allZeroBefore(7) && (ip.groups[7] === 0 || ip.groups[7] === 1)) return true; // :: and ::1
  if (allZeroBefore(5) && ip.groups[5] === 0xffff) {
    // IPv4-mapped: judge the IPv4 address inside.
    const [, , , , , , high = 0, low = 0] = ip.groups;
    return isNonPublicIp({ version: 4, octets: [high >> 8, high & 255, low >> 8, low & 255] });
  }
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00;
}

// ---------------------------------------------------------------------------------------------
// MAC addresses
// ---------------------------------------------------------------------------------------------

/**
 * A MAC address as systems print it, six pairs of hex digits joined by colons (HMRC's example,
 * `ea:43:1a:5d:21:45`) or hyphens (Windows): the 12 digits in lower case, or undefined.
 */
export function parseMac(text: string): string | undefined {
  const match = /^[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}$/.exec(text);
  return match ? text.replace(/[:-]/g, '').toLowerCase() : undefined;
}

// ---------------------------------------------------------------------------------------------
// Timestamps
// ---------------------------------------------------------------------------------------------

/** A regex match of year, month, day, hour, minute and optional second names a real UTC instant. */
function isRealDateTime(match: RegExpExecArray | null): boolean {
  if (!match) return false;
  // An absent group (no seconds) counts as zero.
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  const at = new Date(Date.UTC(year, month - 1, day));
  return (
    at.getUTCFullYear() === year &&
    at.getUTCMonth() === month - 1 &&
    at.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

/** Gov-Client-Public-IP-Timestamp and Gov-Client-Local-IPs-Timestamp: `yyyy-MM-ddThh:mm:ss.sssZ`, milliseconds included (5.2). */
export function isMillisecondTimestamp(value: string): boolean {
  return isRealDateTime(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{3}Z$/.exec(value));
}

/** Gov-Client-Multi-Factor `timestamp`: at least `yyyy-MM-ddThh:mmZ`, seconds and milliseconds optional (5.2). */
export function isMinuteTimestamp(value: string): boolean {
  return isRealDateTime(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?Z$/.exec(value));
}
