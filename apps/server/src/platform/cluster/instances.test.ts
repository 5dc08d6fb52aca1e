import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { joinInstances, SecondInstanceError } from './instances';

/**
 * Who may run beside whom on one database: instances sharing Redis, side by side; an
 * instance without Redis, only alone. A stopped instance stops counting once its heartbeat is
 * stale, or at once when its process on this host is gone.
 */

const log = createLogger('silent');
const quick = { heartbeatMs: 50, staleMs: 300, log };
let server: TestApp | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A database with no instance registered yet (the test app's own registration removed). */
async function emptyDatabase() {
  server = await createTestApp();
  const db = server.app.database.db;
  await db.deleteFrom('server_instance').execute();
  return db;
}

const deadProcessId = () => spawnSync(process.execPath, ['-e', '']).pid as number;

describe('instances on one database', () => {
  it('refuses a second instance while one without Redis runs, saying to set REDIS_URL', async () => {
    const db = await emptyDatabase();
    const first = await joinInstances(db, { ...quick, id: 'first', shared: false });
    const started = Date.now();
    const refusal = joinInstances(db, { ...quick, id: 'second', shared: false });
    await expect(refusal).rejects.toThrow(SecondInstanceError);
    await expect(refusal).rejects.toThrow(/without Redis.*REDIS_URL/);
    // It waited for the first's heartbeat to go stale before refusing, in case it had just stopped.
    expect(Date.now() - started).toBeGreaterThanOrEqual(quick.staleMs);
    // Having Redis itself does not help: the one already running cannot hear it.
    await expect(joinInstances(db, { ...quick, id: 'third', shared: true })).rejects.toThrow(SecondInstanceError);
    await first.leave();
  });

  it('lets instances that share Redis run side by side, and one alone only once they have left', async () => {
    const db = await emptyDatabase();
    const first = await joinInstances(db, { ...quick, id: 'first', shared: true });
    const second = await joinInstances(db, { ...quick, id: 'second', shared: true });
    await expect(joinInstances(db, { ...quick, id: 'alone', shared: false })).rejects.toThrow(SecondInstanceError);
    await first.leave();
    await second.leave();
    const alone = await joinInstances(db, { ...quick, id: 'alone', shared: false });
    await alone.leave();
  });

  it('forgets an instance whose heartbeat stopped, and at once one whose process on this host is gone', async () => {
    const db = await emptyDatabase();
    const row = { host: 'elsewhere', pid: 1, shared: 0, started_at: new Date().toISOString() };
    await db
      .insertInto('server_instance')
      .values({ ...row, id: 'stale', seen_at: new Date(Date.now() - 60_000).toISOString() })
      .execute();
    await db
      .insertInto('server_instance')
      .values({ ...row, id: 'crashed', host: os.hostname(), pid: deadProcessId(), seen_at: new Date().toISOString() })
      .execute();
    const started = Date.now();
    const joined = await joinInstances(db, { ...quick, id: 'restarted', shared: false });
    expect(Date.now() - started).toBeLessThan(quick.staleMs);
    const ids = (await db.selectFrom('server_instance').select('id').execute()).map((instance) => instance.id);
    expect(ids).toEqual(['restarted']);
    await joined.leave();
  });
});
