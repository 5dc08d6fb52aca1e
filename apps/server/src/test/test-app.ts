import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createLogger } from '../logger';

/**
 * A real server for a test: its own data folder, a fresh database (SQLite by default,
 * PostgreSQL in a schema of its own when TEST_DATABASE_URL is set) and a log kept in memory.
 */
export interface TestApp {
  app: FastifyInstance;
  /** Every log line written so far, as raw JSON text. */
  logText(): string;
  dataDir: string;
  close(): Promise<void>;
}

/** A PostgreSQL schema of this test's own, so parallel test files never see each other's rows. */
export async function freshPostgresSchema(baseUrl: string) {
  const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(`create schema "${schema}"`);
  await client.end();
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop schema "${schema}" cascade`);
      await dropper.end();
    },
  };
}

/**
 * Redis (127.0.0.1:6379, or TEST_REDIS_URL) under a key prefix of this test's own, so instances
 * started with `env` share state with each other and with nothing else; `clear` removes its keys.
 */
export function redisForTest() {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `vatwise-test:${process.pid}:${Math.random().toString(36).slice(2, 10)}:`;
  return {
    env: { REDIS_URL: url, REDIS_KEY_PREFIX: prefix },
    url,
    prefix,
    clear: async () => {
      const { Redis } = await import('ioredis');
      const redis = new Redis(url);
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
          if (keys.length > 0) await redis.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    },
  };
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vatwise-test-'));
  const postgres = process.env.TEST_DATABASE_URL ? await freshPostgresSchema(process.env.TEST_DATABASE_URL) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    // Tests that need the built SPA give their own folder; none reads the real build.
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // Tests never reach GOV.UK: a port nothing listens on (the HMRC news feed's tests give their own).
    HMRC_FEED_URL: 'http://127.0.0.1:9/hmrc-feed.atom',
    // The agents' own tests turn them on; elsewhere a deadline check after each grant would add HMRC calls.
    AGENTS_ENABLED: 'false',
    // The fuzz test alone sends thousands a minute from one address; the limit's own tests set it.
    API_RATE_LIMIT_PER_MINUTE: '0',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  });
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({ config, logger: createLogger(config.logLevel, sink) });
  await app.ready();
  return {
    app,
    dataDir,
    logText: () => lines.join(''),
    close: async () => {
      await app.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A free TCP port on loopback, for a test server the HMRC client must reach over HTTP. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A test server that listens on loopback, so that its HMRC client can call the embedded simulator
 * over HTTP as it does in production. `baseUrl` is where it listens.
 */
export async function createListeningTestApp(env: Record<string, string> = {}): Promise<TestApp & { baseUrl: string }> {
  const port = await freePort();
  const server = await createTestApp({
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HMRC_SANDBOX_RATE_LIMIT: '0',
    ...env,
  });
  await server.app.listen({ host: '127.0.0.1', port });
  return { ...server, baseUrl: `http://127.0.0.1:${port}` };
}
