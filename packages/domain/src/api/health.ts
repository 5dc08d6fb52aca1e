import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptimeSeconds: z.number().nonnegative(),
});

export const readyResponseSchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['sqlite', 'postgres']),
});

/** Settings the server hands the browser in index.html; nothing secret belongs here. */
export const clientConfigSchema = z.object({
  helpUrl: z.url(),
  showThemeSwitcher: z.boolean(),
  environment: z.enum(['development', 'production', 'test']),
  version: z.string(),
  /** Social sign-in buttons to show: only providers the operator configured. */
  socialProviders: z.array(z.enum(['google', 'github'])),
  /** False only in development with DISABLE_AUTH_GUARD: screens render without checking sign-in. */
  authGuard: z.boolean(),
  /** Which HMRC VAT Wise talks to: the sandbox (or its simulator) offers test users and scenarios. */
  hmrcEnvironment: z.enum(['sandbox', 'production']),
  /** True when the embedded simulator stands in for HMRC. */
  hmrcSimulator: z.boolean(),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
export type ClientConfig = z.infer<typeof clientConfigSchema>;
