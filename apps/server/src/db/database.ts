import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, sql } from 'kysely';
import { ReadWriteSqliteDialect, type SqliteDatabase } from './sqlite-dialect';
import { sqliteWal } from './sqlite-wal';
import pg from 'pg';
import type { Config } from '../config';
import { migrations } from './migrations/index';
import type { Database } from './schema';

export type DatabaseKind = Config['database']['kind'];

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Answers when the database can run a query; throws when it cannot. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

function openSqlite(file: string): Kysely<Database> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const writer = new SQLite(file);
  // WAL lets readers go on while a write is in progress; busy_timeout waits for a lock
  // instead of failing at once when two requests write together.
  writer.pragma('journal_mode = WAL');
  writer.pragma('foreign_keys = ON');
  writer.pragma('busy_timeout = 5000');
  // Commits neither fsync nor checkpoint on the event loop: sqlite-wal.ts does both off it, and a
  // write settles only once it is on disk.
  writer.pragma('synchronous = NORMAL');
  writer.pragma('wal_autocheckpoint = 0');
  const wal = sqliteWal(file);
  // A second, read-only connection answers SELECTs while the writer holds a long transaction
  // (an import of 100,000 rows), as PostgreSQL's pool would.
  const reader = new SQLite(file, { readonly: true });
  reader.pragma('busy_timeout = 5000');
  return new Kysely<Database>({
    dialect: new ReadWriteSqliteDialect({
      writer: withStatementCache(writer),
      reader: withStatementCache(reader),
      durable: () => wal.sync(),
      beforeClose: () => wal.close(),
    }),
  });
}

/**
 * Kysely prepares every statement afresh, which was the largest cost of a signed-in read; the
 * same SQL text is prepared once and reused (better-sqlite3 re-prepares by itself after a schema
 * change). Nothing streams rows (iterate), so a cached statement is never busy when reused.
 */
function withStatementCache(connection: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: 500 });
  return {
    close: () => connection.close(),
    prepare: (text: string) => {
      let statement = statements.get(text);
      if (!statement) {
        statement = connection.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

function openPostgres(url: string): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export function openDatabase(database: Config['database']): DatabaseHandle {
  const db = database.kind === 'sqlite' ? openSqlite(database.file) : openPostgres(database.url);
  return {
    db,
    kind: database.kind,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

/**
 * PostgreSQL's current schema. Kysely's migrator looks for its own tables in every schema unless
 * told which: another schema's migration history would make it skip creating this one's.
 */
export async function postgresSchemaOf(db: Kysely<unknown>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  return (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema;
}

/** Brings the schema up to date. Throws (so the server does not start) when a migration fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: await postgresSchemaOf(db as unknown as Kysely<unknown>),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(
      `Database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
