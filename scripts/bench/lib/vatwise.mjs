// Starting the production VAT Wise server for the benchmark, and signing up an account on it.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, getStatus, sleep, spawnOwned, stopChild, tempDir } from './processes.mjs';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');
const compiledServer = path.join(repoRoot, 'apps/server/dist/server.js');
const sourceServer = path.join(repoRoot, 'apps/server/src/server.ts');

/**
 * How the production server is started: the compiled build when there is one, otherwise the
 * TypeScript source through tsx (as `npm run serve` does). tsx is given by its absolute address
 * because the server runs in its fresh data folder (so no stray .env file is read).
 */
export function serverCommand() {
  if (fs.existsSync(compiledServer)) {
    return { label: 'node apps/server/dist/server.js', command: process.execPath, args: [compiledServer] };
  }
  const tsx = import.meta.resolve('tsx', pathToFileURL(path.join(repoRoot, 'package.json')).href);
  return {
    label: 'node --import tsx apps/server/src/server.ts',
    command: process.execPath,
    args: ['--import', tsx, sourceServer],
  };
}

export const strongPassword = 'Correct-Horse-Battery-9';

/**
 * Spawns VAT Wise in production mode on a free port with a fresh data folder (SQLite, or the
 * PostgreSQL database at `databaseUrl`), and
 * resolves once `GET /api/ready` first answers 200, with the time that took from the spawn.
 * No HMRC credentials are set, so the server uses its embedded HMRC simulator (config/hmrc.ts allows
 * that in production; only the simulator's operator controls are off there).
 */
export async function startVatWise({ readyTimeoutMs = 60_000, databaseUrl = '' } = {}) {
  const port = await freePort();
  const dataDir = tempDir('data');
  const baseUrl = `http://127.0.0.1:${port}`;
  const { command, args, label } = serverCommand();
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dataDir,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: baseUrl,
    WEB_DIST_DIR: path.join(repoRoot, 'apps/web/dist'),
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_EMAIL: '100000',
    // The load runs send thousands a second from one address.
    API_RATE_LIMIT_PER_MINUTE: '0',
    HMRC_SANDBOX_RATE_LIMIT: '0',
    AGENTS_ENABLED: 'false',
  };
  const started = performance.now();
  const child = spawnOwned(command, args, { cwd: dataDir, env });
  const readyUrl = `${baseUrl}/api/ready`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `VAT Wise exited (${child.signalCode ?? child.exitCode}) before it was ready:\n${child.outputTail()}`,
      );
    }
    if ((await getStatus(readyUrl, {}, 2000)) === 200) break;
    if (performance.now() - started > readyTimeoutMs) {
      await stopChild(child);
      throw new Error(`VAT Wise was not ready within ${readyTimeoutMs} ms:\n${child.outputTail()}`);
    }
    await sleep(10);
  }
  const startupMs = performance.now() - started;
  return { child, pid: child.pid, port, baseUrl, dataDir, startupMs, label, stop: () => stopChild(child) };
}

/**
 * Signs an account up through better-auth (`POST /api/auth/sign-up/email`, which signs in at
 * once: autoSignIn, no email verification, no second factor until the user turns one on) and
 * returns the Cookie header carrying its session. In production the cookies are
 * `__Secure-vatwise.*`; a Cookie header sent by hand reaches the server over plain http all the same.
 */
export async function signUp(/** @type {string} */ baseUrl, email = `bench-${Date.now()}@example.com`) {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench User', email, password: strongPassword }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${text}`);
  const pairs = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]?.trim() ?? '')
    .filter((pair) => pair.includes('=') && !pair.endsWith('='));
  if (!pairs.some((pair) => /session_token=/.test(pair))) {
    throw new Error(`sign-up set no session cookie (got: ${pairs.map((p) => p.split('=')[0]).join(', ') || 'none'})`);
  }
  const cookie = pairs.join('; ');
  const me = await fetch(`${baseUrl}/api/me`, { headers: { cookie } });
  const body = /** @type {{ user?: { email?: string } | null }} */ (await me.json());
  if (me.status !== 200 || body.user?.email !== email) {
    throw new Error(`the session cookie does not sign in: /api/me answered ${me.status} ${JSON.stringify(body)}`);
  }
  const businesses = await fetch(`${baseUrl}/api/businesses`, { headers: { cookie } });
  await businesses.arrayBuffer();
  if (businesses.status !== 200) throw new Error(`/api/businesses answered ${businesses.status} when signed in`);
  return { cookie, email, cookieNames: pairs.map((pair) => pair.split('=')[0]) };
}
