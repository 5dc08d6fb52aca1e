import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { ReadWriteSqliteDialect } from './sqlite-dialect';

const tempFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vatwise-wal-')), 'test.db');

/** A promise settled from outside, and whether it has settled. */
function gate() {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('SQLite writes and the log', () => {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closing.splice(0).map((close) => close()));
  });

  it('reports a write, alone or in a transaction, only once the log says it is on disk', async () => {
    const file = tempFile();
    const writer = new SQLite(file);
    writer.pragma('journal_mode = WAL');
    const reader = new SQLite(file, { readonly: true });
    let onDisk = gate();
    const db = new Kysely<{ note: { text: string } }>({
      dialect: new ReadWriteSqliteDialect({ writer, reader, durable: () => onDisk.opened }),
    });
    closing.push(() => db.destroy());
    onDisk.open();
    await db.schema.createTable('note').addColumn('text', 'text').execute();

    for (const write of [
      () => db.insertInto('note').values({ text: 'alone' }).execute(),
      () => db.transaction().execute((trx) => trx.insertInto('note').values({ text: 'in a transaction' }).execute()),
    ]) {
      onDisk = gate();
      let reported = false;
      const written = write().then(() => (reported = true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(reported).toBe(false);
      onDisk.open();
      await written;
      expect(reported).toBe(true);
    }
    expect((await db.selectFrom('note').select('text').execute()).map((row) => row.text)).toEqual([
      'alone',
      'in a transaction',
    ]);
  });

  it('moves the log into the database file from a worker thread, and keeps every row on close', async () => {
    const file = tempFile();
    const database = openDatabase({ kind: 'sqlite', file });
    const { db } = database;
    const closeOnce = { done: false };
    closing.push(async () => {
      if (!closeOnce.done) await database.close();
    });
    // The writer itself never copies the log (that would hold the event loop): a worker does.
    const setting = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(setting.rows[0]?.wal_autocheckpoint).toBe(0);

    await db.schema.createTable('note').addColumn('text', 'text').execute();
    const rows = Array.from({ length: 5000 }, (_, index) => ({ text: `note ${index} ${'x'.repeat(200)}` }));
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += 500) {
        await trx
          .insertInto('note' as never)
          .values(rows.slice(start, start + 500) as never)
          .execute();
      }
    });
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(1_000_000);
    const deadline = Date.now() + 5000;
    while (fs.statSync(file).size < 1_000_000 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(fs.statSync(file).size).toBeGreaterThan(1_000_000);

    await database.close();
    closeOnce.done = true;
    const reopened = new SQLite(file, { readonly: true });
    try {
      expect(reopened.prepare('select count(*) as count from note').get()).toEqual({ count: 5000 });
    } finally {
      reopened.close();
    }
  });
});
