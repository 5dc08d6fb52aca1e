import { isIP } from 'node:net';
import path from 'node:path';
import { defaultApplication, type SandboxApplication } from '@vatwise/hmrc-sandbox';
import { z } from 'zod';
import { parseEncryptionKey } from './features/hmrc-connection/token-cipher';

/**
 * Every setting comes from an environment variable, validated once at start.
 * `.env.example` and the README's configuration table list the same variables;
 * keep the three together.
 */
const booleanFlag = (name: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(value), {
      message: `${name} must be true or false`,
    })
    .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

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

const port = (name: string) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 65535, {
      message: `${name} must be a whole number from 1 to 65535`,
    })
    .transform(Number);

const httpUrl = (name: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return url.protocol === 'http:' || url.protocol === 'https:';
        } catch {
          return false;
        }
      },
      { message: `${name} must be a full http:// or https:// address` },
    );

const positiveCount = (name: string) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= 1, {
      message: `${name} must be a whole number, at least 1`,
    })
    .transform(Number);

const sandboxApplicationsSchema = z.array(
  z.object({
    clientId: z.string().min(1),
    clientSecret: z.string().min(1),
    name: z.string().min(1),
    redirectUris: z.array(z.url()).max(5),
  }),
);

function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      message: 'NODE_ENV must be development, production or test',
    })
    .default('development'),
  HOST: z.string().trim().min(1, 'HOST must not be empty').default('localhost'),
  PORT: port('PORT').default(3000),
  DATA_DIR: z.string().trim().min(1, 'DATA_DIR must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((value) => /^postgres(ql)?:\/\/[^/]+/.test(value), {
      message:
        'DATABASE_URL must be a postgres:// or postgresql:// address, or be left unset for the embedded SQLite database',
    })
    .optional(),
  PUBLIC_URL: httpUrl('PUBLIC_URL').optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace or silent',
    })
    .default('info'),
  HELP_URL: httpUrl('HELP_URL').default('https://www.gov.uk/guidance/making-tax-digital-for-vat'),
  SHOW_THEME_SWITCHER: booleanFlag('SHOW_THEME_SWITCHER').default(true),
  SHUTDOWN_TIMEOUT_MS: z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= 1000, {
      message: 'SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds, at least 1000',
    })
    .transform(Number)
    .default(10_000),
  WEB_DIST_DIR: z.string().trim().min(1, 'WEB_DIST_DIR must not be empty').optional(),
  AUTH_SECRET: z.string().trim().min(32, 'AUTH_SECRET must be at least 32 characters long').optional(),
  ADMIN_EMAILS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((emails) => emails.every((email) => /^[^@\s]+@[^@\s]+$/.test(email)), {
      message: 'ADMIN_EMAILS must be a comma-separated list of email addresses',
    })
    .optional(),
  TRUSTED_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .refine((origins) => origins.every((origin) => /^https?:\/\/[^/]+$/.test(origin)), {
      message: 'TRUSTED_ORIGINS must be a comma-separated list of origins such as https://vat.example.com (no path)',
    })
    .optional(),
  DISABLE_AUTH_GUARD: booleanFlag('DISABLE_AUTH_GUARD').default(false),
  SMTP_URL: z
    .string()
    .trim()
    .refine((value) => /^smtps?:\/\/[^/]+/.test(value), {
      message: 'SMTP_URL must be an smtp:// or smtps:// address, such as smtp://user:pass@mail.example.com:587',
    })
    .optional(),
  MAIL_FROM: z.string().trim().min(3, 'MAIL_FROM must be an address such as VAT Wise <vat@example.com>').optional(),
  GOOGLE_CLIENT_ID: z.string().trim().optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().optional(),
  GOOGLE_ISSUER_URL: httpUrl('GOOGLE_ISSUER_URL').default('https://accounts.google.com'),
  GITHUB_CLIENT_ID: z.string().trim().optional(),
  GITHUB_CLIENT_SECRET: z.string().trim().optional(),
  GITHUB_URL: httpUrl('GITHUB_URL').default('https://github.com'),
  GITHUB_API_URL: httpUrl('GITHUB_API_URL').default('https://api.github.com'),
  AUTH_RATE_LIMIT_PER_IP: positiveCount('AUTH_RATE_LIMIT_PER_IP').default(30),
  AUTH_RATE_LIMIT_PER_EMAIL: positiveCount('AUTH_RATE_LIMIT_PER_EMAIL').default(10),
  HMRC_CLIENT_ID: z.string().trim().optional(),
  HMRC_CLIENT_SECRET: z.string().trim().optional(),
  HMRC_BASE_URL: httpUrl('HMRC_BASE_URL').default('https://test-api.service.hmrc.gov.uk'),
  HMRC_AUTH_URL: httpUrl('HMRC_AUTH_URL').default('https://test-www.tax.service.gov.uk'),
  HMRC_REDIRECT_URI: httpUrl('HMRC_REDIRECT_URI').optional(),
  HMRC_ENVIRONMENT: z
    .enum(['sandbox', 'production'], { message: 'HMRC_ENVIRONMENT must be sandbox or production' })
    .optional(),
  HMRC_SANDBOX_RATE_LIMIT: z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value), {
      message: 'HMRC_SANDBOX_RATE_LIMIT must be a whole number of calls per second (0 turns the limit off)',
    })
    .transform(Number)
    .default(3),
  HMRC_SANDBOX_OPERATOR: booleanFlag('HMRC_SANDBOX_OPERATOR').optional(),
  TOKEN_ENCRYPTION_KEY: z
    .string()
    .refine((value) => parseEncryptionKey(value) !== undefined, {
      message: 'TOKEN_ENCRYPTION_KEY must be 32 bytes written as 64 hex digits or as base64 (openssl rand -base64 32)',
    })
    .optional(),
  TRUST_PROXY: trustProxySetting.default(false),
  OPENAI_API_KEY: z.string().trim().optional(),
  OPENAI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  OPENAI_BASE_URL: httpUrl('OPENAI_BASE_URL').optional(),
  ANTHROPIC_API_KEY: z.string().trim().optional(),
  ANTHROPIC_MODEL: z.string().trim().min(1).default('claude-3-5-haiku-latest'),
  OPENAI_COMPATIBLE_BASE_URL: httpUrl('OPENAI_COMPATIBLE_BASE_URL').optional(),
  OPENAI_COMPATIBLE_MODEL: z.string().trim().min(1).default('llama3.1'),
  OPENAI_COMPATIBLE_API_KEY: z.string().trim().optional(),
  ASSISTANT_TIMEOUT_MS: z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= 1000, {
      message: 'ASSISTANT_TIMEOUT_MS must be a whole number of milliseconds, at least 1000',
    })
    .transform(Number)
    .default(60_000),
  ASSISTANT_CONTEXT_CHARS: z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= 2000, {
      message: 'ASSISTANT_CONTEXT_CHARS must be a whole number, at least 2000',
    })
    .transform(Number)
    .default(48_000),
  HMRC_FEED_URL: httpUrl('HMRC_FEED_URL').default(
    'https://www.gov.uk/government/organisations/hm-revenue-customs.atom',
  ),
  CHROMIUM_PATH: z.string().trim().min(1).default('/usr/bin/chromium'),
  AGENTS_ENABLED: booleanFlag('AGENTS_ENABLED').default(true),
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
  HMRC_SANDBOX_APPLICATIONS: z
    .string()
    .transform((value, context) => {
      const parsed = sandboxApplicationsSchema.safeParse(parseJsonOrUndefined(value));
      if (parsed.success) return parsed.data;
      context.addIssue({
        code: 'custom',
        message:
          'HMRC_SANDBOX_APPLICATIONS must be a JSON list of {"clientId","clientSecret","name","redirectUris":[up to 5 URLs]}',
      });
      return z.NEVER;
    })
    .optional(),
});

/** Every environment variable the server reads (config.test.ts checks the README and .env.example list them). */
export const configVariableNames: readonly string[] = Object.keys(envSchema.shape);

export type Environment = 'development' | 'production' | 'test';

export interface Config {
  environment: Environment;
  host: string;
  port: number;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  publicUrl: string;
  logLevel: string;
  helpUrl: string;
  showThemeSwitcher: boolean;
  shutdownTimeoutMs: number;
  webDistDir: string;
  auth: {
    /** Signs session cookies and tokens; generated once into the data folder when not set. */
    secret: string | undefined;
    adminEmails: string[];
    /** Origins allowed to send state-changing requests besides PUBLIC_URL's own. */
    trustedOrigins: string[];
    /** Development only: the web app renders every screen without checking sign-in. */
    guardDisabled: boolean;
    google: { clientId: string; clientSecret: string; issuerUrl: string } | undefined;
    github: { clientId: string; clientSecret: string; webUrl: string; apiUrl: string } | undefined;
    /** Sign-in, sign-up and reset attempts allowed per 15 minutes. */
    rateLimit: { perIp: number; perEmail: number };
  };
  mail: { smtpUrl: string | undefined; from: string };
  hmrc: HmrcConfig;
  /** The tax assistant's language models; Built-in always works, offline. */
  assistant: AssistantConfig;
  /** GOV.UK's HMRC news feed (Atom), shown on the Home dashboard. */
  feed: { url: string };
  /** The background agents (issue "Agents"). */
  agents: {
    /**
     * Off: the token keeper's and deadline watcher's schedules do not run. The submission checker
     * still does (submitting exactly once depends on it), and so does on-demand work (the authoriser).
     */
    enabled: boolean;
    /** The browser the sandbox authoriser drives (Debian's Chromium). */
    chromiumPath: string;
  };
  /** What HMRC's fraud prevention headers need to know of the network (hmrc-mtd-vat.md 5.2). */
  network: {
    /** Which proxies' X-Forwarded-For gives the client's address (Fastify's trustProxy). */
    trustProxy: TrustProxy;
    /** A header our proxy sets to the client's source port; without it, the socket's port. */
    clientPortHeader: string | undefined;
    /** The public IP browsers connect to; without it, taken from PUBLIC_URL or the socket. */
    vendorPublicIp: string | undefined;
  };
}

/**
 * Where VAT Wise finds HMRC. With no HMRC credentials it uses the simulator it serves itself under
 * /hmrc-sandbox (packages/hmrc-sandbox); with HMRC_CLIENT_ID and HMRC_CLIENT_SECRET, HMRC's sandbox
 * or production at HMRC_BASE_URL (API calls and tokens) and HMRC_AUTH_URL (the browser's sign-in).
 */
export interface HmrcConfig {
  mode: 'embedded' | 'external';
  /** HMRC's sandbox (or the simulator) allows test users and scenarios; production does not. */
  environment: 'sandbox' | 'production';
  /** Base of API calls and /oauth/token, as the server reaches it. */
  baseUrl: string;
  /** Base of /oauth/authorize, as the user's browser reaches it. */
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /** Where HMRC sends the browser back with the code: the SPA's /hmrc-callback page. */
  redirectUri: string;
  /** Encrypts HMRC tokens at rest; generated into the data folder when not set. */
  tokenEncryptionKey: Buffer | undefined;
  /** The embedded simulator's settings (unused when mode is external). */
  sandbox: {
    rateLimitPerSecond: number;
    operatorControls: boolean;
    redirectUris: string[];
    /** Applications besides the default development one. */
    applications: SandboxApplication[];
  };
}

export interface AssistantConfig {
  openai: { apiKey: string; model: string; baseUrl: string | undefined } | undefined;
  anthropic: { apiKey: string; model: string } | undefined;
  openaiCompatible: { baseUrl: string; model: string; apiKey: string | undefined } | undefined;
  /** How long a model may take to answer. */
  timeoutMs: number;
  /** Characters of conversation sent to a model (about 4 per token), passages and question first. */
  contextChars: number;
}

/** Where the embedded simulator is mounted on VAT Wise's own port. */
export const embeddedSandboxPath = '/hmrc-sandbox';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`VAT Wise cannot start; fix these settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The folder the built web app is read from when WEB_DIST_DIR is not set. */
const defaultWebDistDir = path.resolve(import.meta.dirname, '../../web/dist');

const secretVariables = new Set([
  'AUTH_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'GOOGLE_CLIENT_SECRET',
  'GITHUB_CLIENT_SECRET',
  'HMRC_CLIENT_SECRET',
  'HMRC_SANDBOX_APPLICATIONS',
  'TOKEN_ENCRYPTION_KEY',
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'OPENAI_COMPATIBLE_API_KEY',
]);

/** A social provider needs both its id and its secret, or neither. */
function pairProblem(idName: string, id: string | undefined, secretName: string, secret: string | undefined): string[] {
  if (Boolean(id) === Boolean(secret)) return [];
  return [`${idName} and ${secretName} must be set together (only ${id ? idName : secretName} is set)`];
}

/** Reads and checks the environment. Throws a ConfigError naming every bad value at once. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty variable (FOO= in a .env file) means "use the default", as most tools read it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const given = present[name];
      // Values that may hold a password or key are never echoed (this message reaches logs).
      return given === undefined || secretVariables.has(name) ? issue.message : `${issue.message} (got "${given}")`;
    });
    throw new ConfigError(problems);
  }
  const values = parsed.data;
  const problems = [
    ...pairProblem('GOOGLE_CLIENT_ID', values.GOOGLE_CLIENT_ID, 'GOOGLE_CLIENT_SECRET', values.GOOGLE_CLIENT_SECRET),
    ...pairProblem('GITHUB_CLIENT_ID', values.GITHUB_CLIENT_ID, 'GITHUB_CLIENT_SECRET', values.GITHUB_CLIENT_SECRET),
    ...pairProblem('HMRC_CLIENT_ID', values.HMRC_CLIENT_ID, 'HMRC_CLIENT_SECRET', values.HMRC_CLIENT_SECRET),
    ...(values.HMRC_SANDBOX_OPERATOR && values.NODE_ENV === 'production'
      ? ['HMRC_SANDBOX_OPERATOR cannot be used when NODE_ENV is production']
      : []),
    ...(values.DISABLE_AUTH_GUARD && values.NODE_ENV === 'production'
      ? ['DISABLE_AUTH_GUARD cannot be used when NODE_ENV is production']
      : []),
  ];
  if (problems.length > 0) throw new ConfigError(problems);
  const dataDir = path.resolve(values.DATA_DIR);
  const port = values.PORT;
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    environment: values.NODE_ENV,
    host: values.HOST,
    port,
    dataDir,
    database: values.DATABASE_URL
      ? { kind: 'postgres', url: values.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'vatwise.sqlite') },
    publicUrl,
    logLevel: values.LOG_LEVEL,
    helpUrl: values.HELP_URL,
    showThemeSwitcher: values.SHOW_THEME_SWITCHER,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    webDistDir: path.resolve(values.WEB_DIST_DIR ?? defaultWebDistDir),
    auth: {
      secret: values.AUTH_SECRET,
      adminEmails: values.ADMIN_EMAILS ?? [],
      trustedOrigins: values.TRUSTED_ORIGINS ?? [],
      guardDisabled: values.DISABLE_AUTH_GUARD,
      google:
        values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
          ? {
              clientId: values.GOOGLE_CLIENT_ID,
              clientSecret: values.GOOGLE_CLIENT_SECRET,
              issuerUrl: values.GOOGLE_ISSUER_URL.replace(/\/+$/, ''),
            }
          : undefined,
      github:
        values.GITHUB_CLIENT_ID && values.GITHUB_CLIENT_SECRET
          ? {
              clientId: values.GITHUB_CLIENT_ID,
              clientSecret: values.GITHUB_CLIENT_SECRET,
              webUrl: values.GITHUB_URL.replace(/\/+$/, ''),
              apiUrl: values.GITHUB_API_URL.replace(/\/+$/, ''),
            }
          : undefined,
      rateLimit: { perIp: values.AUTH_RATE_LIMIT_PER_IP, perEmail: values.AUTH_RATE_LIMIT_PER_EMAIL },
    },
    mail: { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM ?? 'VAT Wise <no-reply@localhost>' },
    hmrc: hmrcConfig(values, publicUrl),
    assistant: {
      openai: values.OPENAI_API_KEY
        ? { apiKey: values.OPENAI_API_KEY, model: values.OPENAI_MODEL, baseUrl: values.OPENAI_BASE_URL }
        : undefined,
      anthropic: values.ANTHROPIC_API_KEY
        ? { apiKey: values.ANTHROPIC_API_KEY, model: values.ANTHROPIC_MODEL }
        : undefined,
      openaiCompatible: values.OPENAI_COMPATIBLE_BASE_URL
        ? {
            baseUrl: values.OPENAI_COMPATIBLE_BASE_URL.replace(/\/+$/, ''),
            model: values.OPENAI_COMPATIBLE_MODEL,
            apiKey: values.OPENAI_COMPATIBLE_API_KEY,
          }
        : undefined,
      timeoutMs: values.ASSISTANT_TIMEOUT_MS,
      contextChars: values.ASSISTANT_CONTEXT_CHARS,
    },
    feed: { url: values.HMRC_FEED_URL },
    agents: { enabled: values.AGENTS_ENABLED, chromiumPath: values.CHROMIUM_PATH },
    network: {
      trustProxy: values.TRUST_PROXY,
      clientPortHeader: values.CLIENT_PORT_HEADER,
      vendorPublicIp: values.VENDOR_PUBLIC_IP,
    },
  };
}

/** The server reaches its own port over loopback, whatever interface it listens on. */
function loopbackUrl(host: string, port: number): string {
  const reachable = ['0.0.0.0', '::', '[::]'].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${reachable}:${port}`;
}

function hmrcConfig(values: z.infer<typeof envSchema>, publicUrl: string): HmrcConfig {
  const redirectUri = values.HMRC_REDIRECT_URI ?? `${publicUrl}/hmrc-callback`;
  const sandbox = {
    rateLimitPerSecond: values.HMRC_SANDBOX_RATE_LIMIT,
    operatorControls: values.HMRC_SANDBOX_OPERATOR ?? values.NODE_ENV !== 'production',
    // The Vite dev server (npm run dev) serves the SPA on its own port.
    redirectUris: [redirectUri, ...(values.NODE_ENV === 'development' ? ['http://localhost:5173/hmrc-callback'] : [])],
    applications: values.HMRC_SANDBOX_APPLICATIONS ?? [],
  };
  if (values.HMRC_CLIENT_ID && values.HMRC_CLIENT_SECRET) {
    return {
      mode: 'external',
      // HMRC's sandbox hosts start test-; say so explicitly for any other sandbox (a simulator elsewhere).
      environment:
        values.HMRC_ENVIRONMENT ??
        (new URL(values.HMRC_BASE_URL).hostname.startsWith('test-') ? 'sandbox' : 'production'),
      baseUrl: values.HMRC_BASE_URL.replace(/\/+$/, ''),
      authUrl: values.HMRC_AUTH_URL.replace(/\/+$/, ''),
      clientId: values.HMRC_CLIENT_ID,
      clientSecret: values.HMRC_CLIENT_SECRET,
      redirectUri,
      tokenEncryptionKey: values.TOKEN_ENCRYPTION_KEY ? parseEncryptionKey(values.TOKEN_ENCRYPTION_KEY) : undefined,
      sandbox,
    };
  }
  return {
    mode: 'embedded',
    environment: 'sandbox',
    baseUrl: `${loopbackUrl(values.HOST, values.PORT)}${embeddedSandboxPath}`,
    authUrl: `${publicUrl}${embeddedSandboxPath}`,
    clientId: defaultApplication.clientId,
    clientSecret: defaultApplication.clientSecret,
    redirectUri,
    tokenEncryptionKey: values.TOKEN_ENCRYPTION_KEY ? parseEncryptionKey(values.TOKEN_ENCRYPTION_KEY) : undefined,
    sandbox,
  };
}
