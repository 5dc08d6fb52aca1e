import crypto from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from './database';
import type { Database } from './schema';

/**
 * What makes several instances safe to start together on one database:
 * schema changes one instance at a time, and secrets that match the data already stored.
 */

const sqliteTurns = new Map<string, Promise<unknown>>();

/**
 * Runs `work` while holding the lock `name`, which no other instance of this database and schema
 * can hold at the same time: on PostgreSQL an advisory lock named after the schema and `name`,
 * taken on a connection of its own and released however `work` ends; `work` is given that
 * connection, so it never waits for another from a pool its peers may have emptied. SQLite serves one process
 * (several instances need PostgreSQL), so there callers in this process take turns.
 */
export async function whileLocked<T>(
  database: DatabaseHandle,
  name: string,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (database.kind !== 'postgres') {
    const turn = (sqliteTurns.get(name) ?? Promise.resolve()).then(() => work(database.db));
    const settled = turn.catch(() => undefined);
    sqliteTurns.set(name, settled);
    void settled.then(() => {
      if (sqliteTurns.get(name) === settled) sqliteTurns.delete(name);
    });
    return turn;
  }
  const lockName = sql`hashtext(current_schema() || ':' || ${name})`;
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${lockName})`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${lockName})`.execute(connection);
    }
  });
}

/**
 * Runs `work` (the schema migrations) under the start lock. better-auth's own
 * migrations check and create tables in separate steps, so two instances starting at once could
 * both try to create the same table.
 */
export function whileStartLocked<T>(database: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  return whileLocked(database, 'vat-wise-start', () => work());
}

/** A secret's fingerprint: proves it is the same secret without storing anything that reveals it. */
function fingerprint(secret: string | Buffer, purpose: string): string {
  return crypto.createHmac('sha256', secret).update(`vat-wise:${purpose}`).digest('base64url');
}

/**
 * Refuses to start with a secret other than the one this database was first started with: with
 * another AUTH_SECRET every session and sign-in breaks, with another TOKEN_ENCRYPTION_KEY every
 * HMRC call fails. The first start records the secret's fingerprint in app_meta; `hasDataSealedBy`
 * says whether data from before fingerprints existed was made with this secret (null: none).
 */
export async function confirmSameSecret(
  db: Kysely<Database>,
  setting: string,
  secret: string | Buffer,
  hasDataSealedBy?: () => Promise<boolean | null>,
): Promise<void> {
  const key = `fingerprint:${setting}`;
  const expected = fingerprint(secret, setting);
  const stored = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
  const refuse = () => {
    throw new Error(
      `${setting} is not the one this database was started with: every instance on one database must use the same ${setting}. ` +
        'Start with the original value (or, for a generated one, the original file in DATA_DIR).',
    );
  };
  if (stored) {
    if (stored.value !== expected) refuse();
    return;
  }
  if ((await hasDataSealedBy?.()) === false) refuse();
  await db
    .insertInto('app_meta')
    .values({ key, value: expected })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  // Another instance starting at the same moment may have written first, with its own secret.
  const winner = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  if (winner.value !== expected) refuse();
}
