import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { FifoLock } from './sqlite-dialect';

describe('the SQLite connection lock', () => {
  it('hands the connection to waiters one at a time, first come first served', async () => {
    const lock = new FifoLock();
    const order: number[] = [];
    let inside = 0;
    let mostInside = 0;
    await Promise.all(
      Array.from({ length: 50 }, async (_, index) => {
        await lock.lock();
        inside++;
        mostInside = Math.max(mostInside, inside);
        order.push(index);
        await new Promise((resolve) => setImmediate(resolve));
        inside--;
        lock.unlock();
      }),
    );
    expect(mostInside).toBe(1);
    expect(order).toEqual(Array.from({ length: 50 }, (_, index) => index));
    expect(lock.waiting).toBe(0);
  });

  it('is free again once the last holder lets go', async () => {
    const lock = new FifoLock();
    await lock.lock();
    lock.unlock();
    let taken = false;
    void lock.lock().then(() => {
      taken = true;
    });
    await Promise.resolve();
    expect(taken).toBe(true);
  });
});

describe('SQLite with a writer and a reader', () => {
  it('answers reads while a long write transaction is open, with the data as last committed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vatwise-rw-'));
    const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'test.db') });
    try {
      const { db } = database;
      await db.schema.createTable('note').addColumn('text', 'text').execute();
      await db
        .insertInto('note' as never)
        .values({ text: 'before' } as never)
        .execute();
      const notes = async () =>
        (
          await db
            .selectFrom('note' as never)
            .select('text' as never)
            .execute()
        ).map((row) => (row as { text: string }).text);

      let finish: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        finish = resolve;
      });
      let inside: () => void = () => undefined;
      const started = new Promise<void>((resolve) => {
        inside = resolve;
      });
      const transaction = db.transaction().execute(async (trx) => {
        await trx
          .insertInto('note' as never)
          .values({ text: 'during' } as never)
          .execute();
        inside();
        await held;
      });
      await started;
      // Not blocked by the open transaction, and not seeing its uncommitted row.
      expect(await notes()).toEqual(['before']);
      // A write outside the transaction waits its turn.
      let wrote = false;
      const write = db
        .insertInto('note' as never)
        .values({ text: 'after' } as never)
        .execute()
        .then(() => {
          wrote = true;
        });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(wrote).toBe(false);
      finish();
      await transaction;
      await write;
      expect(await notes()).toEqual(['before', 'during', 'after']);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
