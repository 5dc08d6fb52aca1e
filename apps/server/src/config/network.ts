import { isIP } from 'node:net';
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

/** What HMRC's fraud prevention headers need to know of the network (hmrc-mtd-vat.md 5.2). */
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
  /** API requests one client address may make a minute, across instances; 0: no limit. */
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
