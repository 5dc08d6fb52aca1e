import { z } from 'zod';
import { booleanFlag, httpUrl, positiveCount, withoutTrailingSlash } from './fields';

/** Accounts: sessions, Admins, sign-in with Google or GitHub, rate limits, and the mail they send. */
export const authVariables = {
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
  GOOGLE_CLIENT_ID: z.string().trim().optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().optional(),
  GOOGLE_ISSUER_URL: httpUrl('GOOGLE_ISSUER_URL').default('https://accounts.google.com'),
  GITHUB_CLIENT_ID: z.string().trim().optional(),
  GITHUB_CLIENT_SECRET: z.string().trim().optional(),
  GITHUB_URL: httpUrl('GITHUB_URL').default('https://github.com'),
  GITHUB_API_URL: httpUrl('GITHUB_API_URL').default('https://api.github.com'),
  AUTH_RATE_LIMIT_PER_IP: positiveCount('AUTH_RATE_LIMIT_PER_IP').default(30),
  AUTH_RATE_LIMIT_PER_EMAIL: positiveCount('AUTH_RATE_LIMIT_PER_EMAIL').default(10),
  SESSION_IDLE_MINUTES: positiveCount('SESSION_IDLE_MINUTES').default(30),
  SESSION_MAX_HOURS: positiveCount('SESSION_MAX_HOURS').default(12),
  SESSION_REMEMBER_DAYS: positiveCount('SESSION_REMEMBER_DAYS').default(30),
  SMTP_URL: z
    .string()
    .trim()
    .refine((value) => /^smtps?:\/\/[^/]+/.test(value), {
      message: 'SMTP_URL must be an smtp:// or smtps:// address, such as smtp://user:pass@mail.example.com:587',
    })
    .optional(),
  MAIL_FROM: z.string().trim().min(3, 'MAIL_FROM must be an address such as VAT Wise <vat@example.com>').optional(),
};

type AuthValues = z.infer<z.ZodObject<typeof authVariables>>;

export interface AuthConfig {
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
  sessions: SessionLimits;
}

/**
 * How long a session lasts (ASVS 3.3). Not "remembered": ends after `idleMs` without a request,
 * and `maxMs` after sign-in whatever the activity. "Remember me": ends `rememberMs` after sign-in.
 */
export interface SessionLimits {
  idleMs: number;
  maxMs: number;
  rememberMs: number;
}

export interface MailConfig {
  smtpUrl: string | undefined;
  from: string;
}

export function authConfig(values: AuthValues): AuthConfig {
  return {
    secret: values.AUTH_SECRET,
    adminEmails: values.ADMIN_EMAILS ?? [],
    trustedOrigins: values.TRUSTED_ORIGINS ?? [],
    guardDisabled: values.DISABLE_AUTH_GUARD,
    google:
      values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
        ? {
            clientId: values.GOOGLE_CLIENT_ID,
            clientSecret: values.GOOGLE_CLIENT_SECRET,
            issuerUrl: withoutTrailingSlash(values.GOOGLE_ISSUER_URL),
          }
        : undefined,
    github:
      values.GITHUB_CLIENT_ID && values.GITHUB_CLIENT_SECRET
        ? {
            clientId: values.GITHUB_CLIENT_ID,
            clientSecret: values.GITHUB_CLIENT_SECRET,
            webUrl: withoutTrailingSlash(values.GITHUB_URL),
            apiUrl: withoutTrailingSlash(values.GITHUB_API_URL),
          }
        : undefined,
    rateLimit: { perIp: values.AUTH_RATE_LIMIT_PER_IP, perEmail: values.AUTH_RATE_LIMIT_PER_EMAIL },
    sessions: {
      idleMs: values.SESSION_IDLE_MINUTES * 60_000,
      maxMs: values.SESSION_MAX_HOURS * 3_600_000,
      rememberMs: values.SESSION_REMEMBER_DAYS * 86_400_000,
    },
  };
}

export function mailConfig(values: AuthValues): MailConfig {
  return { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM ?? 'VAT Wise <no-reply@localhost>' };
}
