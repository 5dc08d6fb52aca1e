import { defaultApplication, type SandboxApplication } from '@vatwise/hmrc-sandbox';
import { z } from 'zod';
import { parseEncryptionKey } from './encryption-key';
import { booleanFlag, httpUrl, parseJsonOrUndefined, withoutTrailingSlash } from './fields';

/** Where the embedded simulator is mounted on VAT Wise's own port. */
export const embeddedSandboxPath = '/hmrc-sandbox';

const sandboxApplicationsSchema = z.array(
  z.object({
    clientId: z.string().min(1),
    clientSecret: z.string().min(1),
    name: z.string().min(1),
    redirectUris: z.array(z.url()).max(5),
  }),
);

/** HMRC: the application's credentials, HMRC's addresses, the token key and the embedded simulator. */
export const hmrcVariables = {
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
  HMRC_RATE_LIMIT: z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value), {
      message: 'HMRC_RATE_LIMIT must be a whole number of requests per second (0 sends without pacing)',
    })
    .transform(Number)
    .optional(),
  HMRC_SANDBOX_OPERATOR: booleanFlag('HMRC_SANDBOX_OPERATOR').optional(),
  HMRC_ASSIST: z.enum(['on', 'off'], { message: 'HMRC_ASSIST must be on or off' }).optional(),
  TOKEN_ENCRYPTION_KEY: z
    .string()
    .refine((value) => parseEncryptionKey(value) !== undefined, {
      message: 'TOKEN_ENCRYPTION_KEY must be 32 bytes written as 64 hex digits or as base64 (openssl rand -base64 32)',
    })
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
};

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
  /** Requests a second VAT Wise paces its calls to, across all its instances; 0: no pacing. */
  pacePerSecond: number;
  /**
   * HMRC Assist for VAT (docs/hmrc-assist-flow.md): feedback on a draft before filing. On by default
   * with the embedded simulator; off against HMRC itself until HMRC opens it (April 2027).
   */
  assist: boolean;
  /** The embedded simulator's settings (unused when mode is external). */
  sandbox: {
    rateLimitPerSecond: number;
    operatorControls: boolean;
    redirectUris: string[];
    /** Applications besides the default development one. */
    applications: SandboxApplication[];
  };
}

/**
 * Whether calls go to HMRC itself (its sandbox or production, under hmrc.gov.uk), whose fraud
 * prevention checks judge them; not the embedded simulator or one run elsewhere (tests, evidence).
 */
export const reachesHmrc = (hmrc: Pick<HmrcConfig, 'mode' | 'baseUrl'>): boolean =>
  hmrc.mode === 'external' && /(^|\.)hmrc\.gov\.uk$/i.test(new URL(hmrc.baseUrl).hostname);

/** The server reaches its own port over loopback, whatever interface it listens on. */
function loopbackUrl(host: string, port: number): string {
  const reachable = ['0.0.0.0', '::', '[::]'].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${reachable}:${port}`;
}

export function hmrcConfig(
  values: z.infer<z.ZodObject<typeof hmrcVariables>>,
  server: { environment: string; host: string; port: number; publicUrl: string },
): HmrcConfig {
  const { publicUrl } = server;
  const redirectUri = values.HMRC_REDIRECT_URI ?? `${publicUrl}/hmrc-callback`;
  const sandbox = {
    rateLimitPerSecond: values.HMRC_SANDBOX_RATE_LIMIT,
    operatorControls: values.HMRC_SANDBOX_OPERATOR ?? server.environment !== 'production',
    // The Vite dev server (npm run dev) serves the SPA on its own port.
    redirectUris: [
      redirectUri,
      ...(server.environment === 'development' ? ['http://localhost:5173/hmrc-callback'] : []),
    ],
    applications: values.HMRC_SANDBOX_APPLICATIONS ?? [],
  };
  if (values.HMRC_CLIENT_ID && values.HMRC_CLIENT_SECRET) {
    return {
      mode: 'external',
      // HMRC's sandbox hosts start test-; say so explicitly for any other sandbox (a simulator elsewhere).
      environment:
        values.HMRC_ENVIRONMENT ??
        (new URL(values.HMRC_BASE_URL).hostname.startsWith('test-') ? 'sandbox' : 'production'),
      baseUrl: withoutTrailingSlash(values.HMRC_BASE_URL),
      authUrl: withoutTrailingSlash(values.HMRC_AUTH_URL),
      clientId: values.HMRC_CLIENT_ID,
      clientSecret: values.HMRC_CLIENT_SECRET,
      redirectUri,
      tokenEncryptionKey: values.TOKEN_ENCRYPTION_KEY ? parseEncryptionKey(values.TOKEN_ENCRYPTION_KEY) : undefined,
      // HMRC allows 3 requests a second per application (docs/reference/hmrc-vat-api.md §6.1).
      pacePerSecond: values.HMRC_RATE_LIMIT ?? 3,
      assist: values.HMRC_ASSIST === 'on',
      sandbox,
    };
  }
  return {
    mode: 'embedded',
    environment: 'sandbox',
    baseUrl: `${loopbackUrl(server.host, server.port)}${embeddedSandboxPath}`,
    authUrl: `${publicUrl}${embeddedSandboxPath}`,
    clientId: defaultApplication.clientId,
    clientSecret: defaultApplication.clientSecret,
    redirectUri,
    tokenEncryptionKey: values.TOKEN_ENCRYPTION_KEY ? parseEncryptionKey(values.TOKEN_ENCRYPTION_KEY) : undefined,
    // The embedded simulator allows what HMRC_SANDBOX_RATE_LIMIT says.
    pacePerSecond: values.HMRC_RATE_LIMIT ?? values.HMRC_SANDBOX_RATE_LIMIT,
    assist: values.HMRC_ASSIST !== 'off',
    sandbox,
  };
}
