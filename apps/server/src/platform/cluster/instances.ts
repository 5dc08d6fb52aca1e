import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Every instance serving a database says so in `server_instance`, with a heartbeat. Instances
 * that share their state through Redis may run side by side; an instance without Redis must be
 * the only one, since its sockets, sign-in limits and schedules would be invisible to the others.
 * An instance that stopped without saying so is forgotten once its heartbeat is stale, or at once
 * when it ran on this host and its process is gone (a restart after a crash).
 */

export interface InstanceRegistration {
  id: string;
  leave(): Promise<void>;
}

export interface JoinOptions {
  id: string;
  /** This instance shares its state through Redis. */
  shared: boolean;
  log: FastifyBaseLogger;
  heartbeatMs?: number;
  /** A heartbeat older than this is a stopped instance's. */
  staleMs?: number;
}

export class SecondInstanceError extends Error {}

const processGone = (pid: number) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
};

/** Joins the instances of this database, or throws SecondInstanceError saying why it may not. */
export async function joinInstances(db: Kysely<Database>, options: JoinOptions): Promise<InstanceRegistration> {
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const staleMs = options.staleMs ?? 20_000;
  const host = os.hostname();
  const startedAt = new Date().toISOString();
  const row = () => ({
    id: options.id,
    host,
    pid: process.pid,
    shared: options.shared ? 1 : 0,
    started_at: startedAt,
    seen_at: new Date().toISOString(),
  });

  /** The running instances this one cannot run beside, after forgetting stopped ones; joins if none. */
  const tryJoin = () =>
    db.transaction().execute(async (trx) => {
      const fresh = new Date(Date.now() - staleMs).toISOString();
      await trx.deleteFrom('server_instance').where('seen_at', '<', fresh).execute();
      const others = await trx.selectFrom('server_instance').selectAll().where('id', '!=', options.id).execute();
      const gone = others.filter((other) => other.host === host && other.pid !== process.pid && processGone(other.pid));
      if (gone.length > 0)
        await trx
          .deleteFrom('server_instance')
          .where(
            'id',
            'in',
            gone.map((other) => other.id),
          )
          .execute();
      const blocking = others.filter((other) => !gone.includes(other) && (!options.shared || other.shared === 0));
      if (blocking.length === 0) await trx.insertInto('server_instance').values(row()).execute();
      return blocking;
    });

  // An instance that has just stopped may not have been seen to stop yet: wait for its heartbeat to go stale.
  const deadline = Date.now() + staleMs + heartbeatMs;
  let blocking = await tryJoin();
  while (blocking.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, heartbeatMs));
    blocking = await tryJoin();
  }
  const other = blocking[0];
  if (other) {
    throw new SecondInstanceError(
      `Another VAT Wise instance (host ${other.host}, process ${other.pid}) is running on this database` +
        `${other.shared === 0 ? ' without Redis' : ''}. Several instances must share Redis: set the same REDIS_URL ` +
        'on every instance (README: "Running several instances"), or stop the other instance first.',
    );
  }

  const timer = setInterval(() => {
    const seen = row();
    db.insertInto('server_instance')
      .values(seen)
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ seen_at: seen.seen_at }))
      .execute()
      .catch((error: unknown) => options.log.warn({ err: error }, 'instance heartbeat not written'));
  }, heartbeatMs);
  timer.unref();
  return {
    id: options.id,
    leave: async () => {
      clearInterval(timer);
      // If the database is already gone, the heartbeat simply goes stale.
      await db
        .deleteFrom('server_instance')
        .where('id', '=', options.id)
        .execute()
        .catch((error: unknown) => options.log.warn({ err: error }, 'instance not removed from server_instance'));
    },
  };
}
