import path from 'node:path';
import { z } from 'zod';
import { agentsConfig, agentVariables, type AgentsConfig } from './agents';
import { type AssistantConfig, assistantConfig, assistantVariables } from './assistant';
import { type ClusterConfig, clusterConfig, clusterVariables } from './cluster';
import { type AuthConfig, authConfig, authVariables, type MailConfig, mailConfig } from './auth';
import { type HmrcConfig, hmrcConfig, hmrcVariables, reachesHmrc } from './hmrc';
import { fraudHeaderSettingProblems, type NetworkConfig, networkConfig, networkVariables } from './network';
import { serverVariables } from './server';
import { defaultWebDistDir } from '../web-dist';

export type { AssistantConfig } from './assistant';
export { embeddedSandboxPath, type HmrcConfig, reachesHmrc } from './hmrc';
export type { TrustProxy } from './network';
export { fraudHeaderSettingWarnings } from './network';

/**
 * Every setting comes from an environment variable, validated once at start. Each area's file
 * holds its variables' schema beside what it makes of them (server, network, auth and mail, HMRC,
 * assistant, agents). `.env.example` and the README's configuration table list the same
 * variables; config-docs.test.ts keeps the three together.
 */
const envSchema = z.object({
  ...serverVariables,
  ...networkVariables,
  ...authVariables,
  ...hmrcVariables,
  ...assistantVariables,
  ...agentVariables,
  ...clusterVariables,
});

/** Every environment variable the server reads (config-docs.test.ts checks the README and .env.example list them). */
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
  auth: AuthConfig;
  mail: MailConfig;
  hmrc: HmrcConfig;
  /** The tax assistant's language models; Built-in always works, offline. */
  assistant: AssistantConfig;
  /** GOV.UK's HMRC news feed (Atom), shown on the Home dashboard. */
  feed: { url: string };
  /** The background agents (issue "Agents"). */
  agents: AgentsConfig;
  /** What HMRC's fraud prevention headers need to know of the network (docs/hmrc-fraud-prevention.md). */
  network: NetworkConfig;
  /** Redis, shared by several instances. */
  cluster: ClusterConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`VAT Wise cannot start; fix these settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

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
  'REDIS_URL',
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
  const hmrc = hmrcConfig(values, { environment: values.NODE_ENV, host: values.HOST, port, publicUrl });
  const network = networkConfig(values);
  const fraudHeaderProblems = fraudHeaderSettingProblems({
    production: values.NODE_ENV === 'production',
    reachesHmrc: reachesHmrc(hmrc),
    publicUrl,
    network,
  });
  if (fraudHeaderProblems.length > 0) throw new ConfigError(fraudHeaderProblems);
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
    auth: authConfig(values),
    mail: mailConfig(values),
    hmrc,
    assistant: assistantConfig(values),
    ...agentsConfig(values),
    network,
    cluster: clusterConfig(values),
  };
}
