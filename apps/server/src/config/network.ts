import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** proxy-addr's names for address ranges, accepted by Fastify's trustProxy. */
const namedRanges = ['loopback', 'linklocal', 'uniquelocal'];

/** An IPv4 or IPv6 address, optionally with a /prefix length. */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may tell us the client's address (X-Forwarded-For): none, a hop count, or the
 * proxies' addresses and ranges. Never "whoever connects", which would let any client choose the
 * address our rate limits count and HMRC's Gov-Client-Public-IP reports.
 */
export type TrustProxy = false | number | string[];

const trustProxySetting = z
  .string()
  .trim()
  .transform((value, context): TrustProxy => {
    const lower = value.toLowerCase();
    if (['', 'false', '0', 'no', 'off'].includes(lower)) return false;
    if (['true', 'yes', 'on'].includes(lower)) {
      context.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true would believe any X-Forwarded-For a client sends; give the number of proxies in front of VAT Wise (e.g. 1) or their addresses (e.g. 10.0.0.5, 10.0.0.0/8 or loopback)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(lower)) return Number(lower);
    const entries = lower.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !namedRanges.includes(entry) && !isAddressOrRange(entry));
    if (bad.length > 0 || entries.some((entry) => entry === '')) {
      context.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be false, a number of proxies, or addresses and ranges separated by commas (IP, IP/prefix, loopback, linklocal, uniquelocal); not ${bad.join(', ') || 'an empty entry'}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** What HMRC's fraud prevention headers need to know of the network (docs/hmrc-fraud-prevention.md). */
export const networkVariables = {
  TRUST_PROXY: trustProxySetting.default(false),
  API_RATE_LIMIT_PER_MINUTE: z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value), {
      message: 'API_RATE_LIMIT_PER_MINUTE must be a whole number of requests (0 turns the limit off)',
    })
    .transform(Number)
    .default(1200),
  CLIENT_PORT_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+$/, { message: 'CLIENT_PORT_HEADER must be a header name such as x-client-port' })
    .optional(),
  VENDOR_PUBLIC_IP: z
    .string()
    .trim()
    .refine((value) => isIP(value) !== 0, { message: 'VENDOR_PUBLIC_IP must be an IPv4 or IPv6 address' })
    .optional(),
};

export interface NetworkConfig {
  /** Which proxies' X-Forwarded-For gives the client's address (Fastify's trustProxy). */
  trustProxy: TrustProxy;
  /** A header our proxy sets to the client's source port; without it, the socket's port. */
  clientPortHeader: string | undefined;
  /** The public IP browsers connect to; without it, taken from PUBLIC_URL or the socket. */
  vendorPublicIp: string | undefined;
  /** API requests a minute per signed-in account, else per client address, across instances; 0: no limit. */
  apiRateLimitPerMinute: number;
}

export function networkConfig(values: z.infer<z.ZodObject<typeof networkVariables>>): NetworkConfig {
  return {
    trustProxy: values.TRUST_PROXY,
    clientPortHeader: values.CLIENT_PORT_HEADER,
    vendorPublicIp: values.VENDOR_PUBLIC_IP,
    apiRateLimitPerMinute: values.API_RATE_LIMIT_PER_MINUTE,
  };
}

/** Loopback, private, link-local, reserved and the like: anything HMRC would not take as a public address. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address); // an IPv4-mapped IPv6 address is judged as the IPv4 inside
  return parsed.range() === 'unicast';
}

/**
 * Settings that would make HMRC's fraud prevention headers wrong on every call to real HMRC
 * (docs/hmrc-fraud-prevention.md), found before the server starts. In production with HMRC's own
 * service they stop it; with the embedded simulator nothing leaves the machine, so none apply.
 */
export function fraudHeaderSettingProblems(settings: {
  production: boolean;
  reachesHmrc: boolean;
  publicUrl: string;
  network: NetworkConfig;
}): string[] {
  if (!settings.production || !settings.reachesHmrc) return [];
  const { network } = settings;
  const problems: string[] = [];
  const url = new URL(settings.publicUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (network.vendorPublicIp && !isPublicAddress(network.vendorPublicIp)) {
    problems.push(
      `VENDOR_PUBLIC_IP ${network.vendorPublicIp} is not a public address: HMRC's Gov-Vendor-Public-IP must be the public address browsers reach VAT Wise at (your load balancer's or server's)`,
    );
  } else if (!network.vendorPublicIp && isIP(host) !== 0 && !isPublicAddress(host)) {
    problems.push(
      `PUBLIC_URL's address ${host} is not public, so HMRC's Gov-Vendor-Public-IP would be wrong: set VENDOR_PUBLIC_IP to the public address browsers reach VAT Wise at`,
    );
  }
  // VAT Wise serves plain HTTP: an https PUBLIC_URL means a proxy ends TLS in front of it, and
  // without TRUST_PROXY every request would seem to come from that proxy.
  if (url.protocol === 'https:' && network.trustProxy === false) {
    problems.push(
      "PUBLIC_URL is https, so a proxy in front of VAT Wise ends TLS, but TRUST_PROXY is not set: HMRC's Gov-Client-Public-IP would be the proxy's address for every user. Set TRUST_PROXY to the number of proxies (e.g. 1) or their addresses",
    );
  }
  return problems;
}

/**
 * What cannot be known before requests arrive, said once at start with the fix: without
 * VENDOR_PUBLIC_IP and with a host name in PUBLIC_URL, Gov-Vendor-Public-IP falls back to the
 * address each request reached this process on, which in a container is a private one.
 */
export function fraudHeaderSettingWarnings(settings: {
  production: boolean;
  reachesHmrc: boolean;
  publicUrl: string;
  network: NetworkConfig;
}): string[] {
  if (!settings.production || !settings.reachesHmrc || settings.network.vendorPublicIp) return [];
  const host = new URL(settings.publicUrl).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return [];
  return [
    `VENDOR_PUBLIC_IP is not set and PUBLIC_URL names a host (${host}): HMRC's Gov-Vendor-Public-IP will be the address each request reached this process on, a private one behind a load balancer or in a container, which HMRC flags. Set VENDOR_PUBLIC_IP to the public address ${host} resolves to for browsers.`,
  ];
}
