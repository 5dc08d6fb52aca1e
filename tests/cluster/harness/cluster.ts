import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { agentSocket } from '@vatwise/domain';
import { defaultApplication } from '@vatwise/hmrc-sandbox';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { freePort, type ManagedProcess, repoRoot, startManagedProcess, waitFor } from './processes';
import { type RoundRobinProxy, startRoundRobinProxy } from './proxy';
import { UserSession } from './session';
import { type HmrcSimulator, startSimulator } from './simulator';

/**
 * Several VAT Wise instances as they run in production: the compiled server
 * (`node apps/server/dist/server.js`, what `npm run serve` and the Dockerfile run), each in its own
 * process, on one fresh PostgreSQL schema and one Redis (keys under a prefix of this run's own),
 * behind a round-robin proxy that also carries socket.io's WebSockets, with the HMRC simulator in
 * a process of its own as HMRC is. compose.yaml runs the same entry with the same settings.
 */

/** PostgreSQL to make the schema in (CLUSTER_DATABASE_URL, or the machine's `test` database). */
export const databaseBaseUrl =
  process.env.CLUSTER_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Redis shared by the instances (CLUSTER_REDIS_URL, or the machine's). */
export const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The account that registers as an Admin in every cluster (ADMIN_EMAILS). */
export const adminEmail = 'admin@cluster.test';
export const password = 'Correct-Horse-Battery-9';

const serverEntry = path.join(repoRoot, 'apps/server/dist/server.js');

export interface ClusterOptions {
  /** How many VAT Wise instances (default 2). */
  instances?: number;
  /** The simulator's own limit (`--rate-limit`), calls per second per application before 429 (default 0: off). */
  simulatorRateLimit?: number;
  /** VAT Wise's own pacing of HMRC calls, HMRC_RATE_LIMIT (default 0: off). */
  hmrcRateLimit?: number;
  /** The background agents' schedules, AGENTS_ENABLED (default false: no HMRC calls of their own). */
  agents?: boolean;
  /** More settings for every instance; they win over the harness's. */
  env?: Record<string, string>;
}

export interface Instance {
  index: number;
  /** `A`, `B`, … as the tests speak of them. */
  name: string;
  /** Where the instance itself listens (the proxy sends here). */
  url: string;
  /** The settings it runs with. */
  env: Record<string, string>;
  /** Everything the process has printed (JSON log lines). */
  log(): string;
  isRunning(): boolean;
  /** Starts it (again) with the same settings and waits until /api/ready answers 200. */
  start(): Promise<void>;
  /** SIGTERM, as an orchestrator stops it; SIGKILL after 10 s. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash. */
  kill(): Promise<void>;
}

export interface Cluster {
  /** The proxy: PUBLIC_URL, the address people use. */
  url: string;
  proxy: RoundRobinProxy;
  instances: Instance[];
  hmrc: HmrcSimulator;
  database: { url: string; schema: string };
  redis: {
    url: string;
    /** REDIS_KEY_PREFIX: this run's own, so runs never meet and cleaning up is exact. */
    keyPrefix: string;
    /** The keys now under the prefix. */
    keys(): Promise<string[]>;
  };
  /** A signed-out browser, calling the proxy (`.on(instance.url)` to call one instance). */
  session(): UserSession;
  /** Registers an account (through the proxy unless `via` names an instance URL); signed in. */
  signUp(options?: { email?: string; name?: string; via?: string }): Promise<UserSession>;
  /** Signs in as an existing account, through the proxy unless `via` says otherwise. */
  signIn(email: string, options?: { via?: string }): Promise<UserSession>;
  /** A socket.io client on /agents as the session's browser, connected to `baseUrl` (an instance or the proxy). */
  connectSocket(session: UserSession, baseUrl: string): Promise<Socket>;
  /** Each process's output, last lines first trimmed, for a failure report. */
  report(linesEach?: number): string;
  /** Stops everything and removes the schema, the Redis keys and the data folders. Safe to call twice. */
  stop(): Promise<void>;
}

const letters = 'ABCDEFGHIJ';

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  if (!fs.existsSync(serverEntry)) {
    throw new Error(`${serverEntry} is missing: build first (node scripts/build.mjs; npm run test:cluster does it)`);
  }
  const runId = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const cleanups: (() => Promise<void>)[] = [];
  const processes: ManagedProcess[] = [];
  const sockets = new Set<Socket>();
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const socket of sockets) socket.disconnect();
    // Last made, first undone; one failing cleanup does not keep the others from running.
    const problems: unknown[] = [];
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => problems.push(error));
    if (problems.length > 0) console.error('cluster cleanup problems:', ...problems);
  };
  const report = (linesEach = 300) =>
    processes
      .map((managed) => {
        const lines = managed.output().trimEnd().split('\n');
        const shown = lines.slice(-linesEach);
        const cut = lines.length - shown.length;
        return `----- ${managed.name}${cut > 0 ? ` (last ${shown.length} of ${lines.length} lines)` : ''} -----\n${shown.join('\n')}`;
      })
      .join('\n');

  try {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vatwise-cluster-'));
    cleanups.push(async () => fs.rmSync(workDir, { recursive: true, force: true }));

    // Redis: a key prefix of this run's own, every key under it deleted at the end.
    const keyPrefix = `vatwise-test-${runId}:`;
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    await redis.connect().catch((error: unknown) => {
      redis.disconnect();
      throw new Error(`Redis at ${redisUrl} is needed (CLUSTER_REDIS_URL to change it): ${String(error)}`);
    });
    const keysUnderPrefix = async () => {
      const found: string[] = [];
      for await (const keys of redis.scanStream({ match: `${keyPrefix}*`, count: 500 }) as AsyncIterable<string[]>) {
        found.push(...keys);
      }
      return found;
    };
    cleanups.push(async () => {
      const keys = await keysUnderPrefix();
      if (keys.length > 0) await redis.unlink(...keys);
      redis.disconnect();
    });

    // PostgreSQL: an empty schema, dropped at the end.
    const schema = `cluster_${runId}`;
    const admin = new pg.Client({ connectionString: databaseBaseUrl });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: databaseBaseUrl });
      await dropper.connect();
      await dropper.query(`drop schema if exists "${schema}" cascade`);
      await dropper.end();
    });
    const databaseUrl = new URL(databaseBaseUrl);
    databaseUrl.searchParams.set('options', `-c search_path=${schema}`);

    // The proxy first: its address is every instance's PUBLIC_URL and the simulator's redirect URI.
    const proxy = await startRoundRobinProxy();
    cleanups.push(() => proxy.close());

    const hmrc = await startSimulator({
      rateLimit: options.simulatorRateLimit ?? 0,
      redirectUri: `${proxy.url}/hmrc-callback`,
      onStart: (managed) => processes.push(managed),
    });
    cleanups.push(() => hmrc.stop());

    const shared: Record<string, string> = {
      // As the Dockerfile and compose.yaml run it: socket.io then takes WebSockets only, so the proxy
      // must carry the upgrade. Production's cookies are Secure, which a browser would not send over
      // this plain-HTTP loopback; UserSession keeps them as any HTTP client does.
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PUBLIC_URL: proxy.url,
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: keyPrefix,
      HMRC_RATE_LIMIT: String(options.hmrcRateLimit ?? 0),
      AUTH_SECRET: randomBytes(32).toString('hex'),
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      HMRC_CLIENT_ID: defaultApplication.clientId,
      HMRC_CLIENT_SECRET: defaultApplication.clientSecret,
      HMRC_BASE_URL: hmrc.url,
      HMRC_AUTH_URL: hmrc.url,
      // The simulator's address does not start test-, so say it is a sandbox (test users, scenarios).
      HMRC_ENVIRONMENT: 'sandbox',
      // The proxy is on loopback: its X-Forwarded-For names the client, as behind a real load balancer.
      TRUST_PROXY: 'loopback',
      ADMIN_EMAILS: adminEmail,
      AGENTS_ENABLED: String(options.agents ?? false),
      // Nothing leaves the machine: GOV.UK's news feed is a port nothing listens on.
      HMRC_FEED_URL: 'http://127.0.0.1:9/hmrc-feed.atom',
      LOG_LEVEL: 'info',
    };

    const count = options.instances ?? 2;
    const instances: Instance[] = [];
    for (let index = 0; index < count; index += 1) {
      const port = await freePort();
      const dataDir = path.join(workDir, `instance-${index}`);
      fs.mkdirSync(dataDir);
      const env = { ...shared, PORT: String(port), DATA_DIR: dataDir, ...options.env };
      instances.push(
        serverInstance({ index, name: letters[index] ?? String(index), port, env, dataDir }, (managed) =>
          processes.push(managed),
        ),
      );
    }
    cleanups.push(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
    });
    // All at once, as an orchestrator starts replicas: on an empty database they race to migrate.
    await Promise.all(instances.map((instance) => instance.start()));
    proxy.targets.push(...instances.map((instance) => instance.url));

    const session = () => new UserSession(proxy.url);
    const signIn = async (email: string, { via }: { via?: string } = {}) => {
      const user = session().on(via ?? proxy.url);
      const answer = await user.post('/api/auth/sign-in/email', { email, password });
      if (answer.status !== 200) throw new Error(`sign-in of ${email}: ${answer.status} ${answer.text}`);
      return user;
    };
    return {
      url: proxy.url,
      proxy,
      instances,
      hmrc,
      database: { url: databaseUrl.toString(), schema },
      redis: { url: redisUrl, keyPrefix, keys: keysUnderPrefix },
      session,
      signIn,
      async signUp({ email = `user-${randomBytes(4).toString('hex')}@cluster.test`, name, via } = {}) {
        const user = session().on(via ?? proxy.url);
        const answer = await user.post('/api/auth/sign-up/email', {
          name: name ?? email.split('@')[0] ?? 'User',
          email,
          password,
        });
        if (answer.status !== 200) throw new Error(`sign-up of ${email}: ${answer.status} ${answer.text}`);
        return user;
      },
      async connectSocket(user, baseUrl) {
        const socket = io(`${baseUrl}${agentSocket.namespace}`, {
          path: agentSocket.path,
          // Production serves WebSockets only: the proxy must carry the upgrade.
          transports: ['websocket'],
          extraHeaders: { cookie: user.cookieHeader(), origin: user.publicUrl },
          reconnection: false,
          forceNew: true,
        });
        sockets.add(socket);
        socket.on('disconnect', () => sockets.delete(socket));
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', (error) => reject(new Error(`socket to ${baseUrl}: ${error.message}`)));
        });
        return socket;
      },
      report,
      stop,
    };
  } catch (error) {
    console.error(`The cluster did not start: ${String(error)}\n${report()}`);
    await stop();
    throw error;
  }
}

function serverInstance(
  spec: { index: number; name: string; port: number; env: Record<string, string>; dataDir: string },
  onStart: (managed: ManagedProcess) => void,
): Instance {
  const url = `http://127.0.0.1:${spec.port}`;
  let current: ManagedProcess | undefined;
  const logs: string[] = [];
  const log = () => [...logs, current?.output() ?? ''].join('');
  const ready = async () => (await fetch(`${url}/api/ready`).catch(() => undefined))?.status === 200;
  return {
    index: spec.index,
    name: spec.name,
    url,
    env: spec.env,
    log,
    isRunning: () => current !== undefined && !current.hasExited(),
    async start() {
      if (current && !current.hasExited()) return;
      if (current) logs.push(current.output());
      // `npm run serve`'s command; the data folder as working folder, so no developer's .env is read.
      current = startManagedProcess(`instance ${spec.name} (${url})`, [serverEntry], spec.env, { cwd: spec.dataDir });
      onStart(current);
      const started = current;
      await waitFor(
        async () => {
          if (started.hasExited()) throw new Error(`instance ${spec.name} exited while starting:\n${started.output()}`);
          return ready();
        },
        `instance ${spec.name} to answer /api/ready`,
        { timeoutMs: 60_000, intervalMs: 100 },
      );
    },
    async stop() {
      await current?.stop(10_000);
    },
    async kill() {
      if (!current || current.hasExited()) return;
      current.child.kill('SIGKILL');
      await current.exited;
    },
  };
}
