import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { freshPostgresSchema, redisForTest } from '../test/test-app';

/**
 * Starting instances safely: several instances starting together on one empty
 * database all come up, and an instance whose secrets differ from the ones the stored data was
 * made with refuses to start, naming the setting. On whichever database the suite runs.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const newKey = () => crypto.randomBytes(32).toString('base64');

/** One database (a PostgreSQL schema of its own, or SQLite in a shared data folder) for the test. */
async function sharedDatabase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vatwise-start-'));
  const postgres = process.env.TEST_DATABASE_URL ? await freshPostgresSchema(process.env.TEST_DATABASE_URL) : undefined;
  // Instances beside each other share Redis, or the second would refuse to start.
  const redis = redisForTest();
  cleanups.push(async () => {
    await redis.clear();
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const secrets = { AUTH_SECRET: newKey(), TOKEN_ENCRYPTION_KEY: newKey() };
  /** Starts an instance on the database with these settings; it is closed after the test. */
  const start = async (env: Record<string, string> = {}) => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      AGENTS_ENABLED: 'false',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...redis.env,
      ...secrets,
      ...env,
    });
    const app = await buildApp({ config, logger: createLogger('silent') });
    await app.ready();
    cleanups.push(() => app.close());
    return app;
  };
  return { start, secrets };
}

describe('starting instances', () => {
  it('brings up three instances started at the same moment on one empty database', async () => {
    const { start } = await sharedDatabase();
    const instances = await Promise.all([start(), start(), start()]);
    for (const app of instances) {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode, health.body).toBe(200);
    }
    const signUp = await instances[0]?.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { name: 'Ada', email: 'ada@example.com', password: 'Correct-Horse-Battery-9' },
    });
    expect(signUp?.statusCode, signUp?.body).toBe(200);
  });

  it('refuses another AUTH_SECRET or TOKEN_ENCRYPTION_KEY than the database was started with, naming it', async () => {
    const { start } = await sharedDatabase();
    await start();
    await expect(start({ AUTH_SECRET: newKey() })).rejects.toThrow(/AUTH_SECRET is not the one this database/);
    await expect(start({ TOKEN_ENCRYPTION_KEY: newKey() })).rejects.toThrow(
      /TOKEN_ENCRYPTION_KEY is not the one this database/,
    );
    // The original secrets still start.
    const again = await start();
    expect((await again.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
