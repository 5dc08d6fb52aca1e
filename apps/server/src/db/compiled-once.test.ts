import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { compiledOnce } from './compiled-once';
import { openDatabase } from './database';

interface TestDb {
  item: { owner: string; kind: string; name: string };
}

describe('a query compiled once', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  async function itemsDb(): Promise<Kysely<TestDb>> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vatwise-compiled-'));
    const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'test.db') });
    close = database.close;
    const db = database.db as unknown as Kysely<TestDb>;
    await db.schema
      .createTable('item')
      .addColumn('owner', 'text')
      .addColumn('kind', 'text')
      .addColumn('name', 'text')
      .execute();
    await db
      .insertInto('item')
      .values([
        { owner: 'ann', kind: 'shop', name: 'b' },
        { owner: 'ann', kind: 'shop', name: 'a' },
        { owner: 'ann', kind: 'cafe', name: 'c' },
        { owner: 'bob', kind: 'shop', name: 'd' },
      ])
      .execute();
    return db;
  }

  it('answers each call with its own arguments, as the query built afresh would', async () => {
    const db = await itemsDb();
    const build = (kysely: Kysely<TestDb>, owner: string, kind: string) =>
      kysely
        .selectFrom('item')
        .select('name')
        .where('owner', '=', owner)
        // A fixed value among the arguments keeps its place.
        .where('name', '!=', 'zzz')
        .where('kind', '=', kind)
        .orderBy('name');
    const items = compiledOnce(db, build);
    for (const [owner, kind] of [
      ['ann', 'shop'],
      ['bob', 'shop'],
      ['ann', 'cafe'],
      ['nobody', 'shop'],
    ] as const) {
      expect(await items(owner, kind), `${owner} ${kind}`).toEqual(await build(db, owner, kind).execute());
    }
    expect((await items('ann', 'shop')).map((row) => row.name)).toEqual(['a', 'b']);
  });

  it('refuses a query whose argument is written into the SQL rather than passed as a value', async () => {
    const db = await itemsDb();
    const inlined = compiledOnce(db, (kysely, owner: string) =>
      kysely
        .selectFrom('item')
        .select('name')
        .where(sql<string>`${sql.lit(owner)}`, '=', sql.ref<string>('owner')),
    );
    await expect(inlined('ann')).rejects.toThrow(/argument 0 is not a parameter/);
  });
});
