import fs from 'node:fs';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, postgresSchemaOf } from './database';
import { migrations } from './migrations/index';
import { type TestApp, createTestApp } from '../test/test-app';

describe('database', () => {
  let server: TestApp | undefined;
  afterEach(async () => {
    await server?.close();
  });

  it('runs every migration on start and can use the tables', async () => {
    server = await createTestApp();
    const applied = await server.app.database.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect(applied.map((row) => (row as { name: string }).name)).toEqual(Object.keys(migrations));
    await server.app.database.db.insertInto('app_meta').values({ key: 'installed', value: 'yes' }).execute();
    const row = await server.app.database.db
      .selectFrom('app_meta')
      .selectAll()
      .where('key', '=', 'installed')
      .executeTakeFirstOrThrow();
    expect(row.value).toBe('yes');
    expect(row.updated_at).toBeTruthy();
  });

  it('keeps its data where the configuration says: a WAL-mode SQLite file, or the PostgreSQL schema', async () => {
    server = await createTestApp();
    const { db, kind } = server.app.database;
    if (kind === 'sqlite') {
      expect(fs.existsSync(path.join(server.dataDir, 'vatwise.sqlite'))).toBe(true);
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
    } else {
      const schema = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
      expect(schema.rows[0]?.schema).toMatch(/^test_/);
      expect(fs.existsSync(path.join(server.dataDir, 'vatwise.sqlite'))).toBe(false);
    }
  });

  it('migrates a database whose other schemas already hold VAT Wise (two installations on one PostgreSQL)', async () => {
    // Two servers side by side: on PostgreSQL, each in its own schema of the same database.
    server = await createTestApp();
    const second = await createTestApp();
    try {
      await second.app.database.db.insertInto('app_meta').values({ key: 'second', value: 'yes' }).execute();
      const own = await server.app.database.db.selectFrom('app_meta').selectAll().where('key', '=', 'second').execute();
      expect(own).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('fills in the columns SQL reads for the records kept before they existed (0007_record_columns)', async () => {
    server = await createTestApp();
    const db = server.app.database.db;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableSchema: await postgresSchemaOf(db as never),
    });
    const down = await migrator.migrateTo('0006_agents');
    expect(down.error).toBeUndefined();
    const data = {
      kind: 'adjustment',
      date: '2024-02-01',
      description: 'Bad debt, Ünïcode',
      box: 4,
      amountPence: 12_345,
      adjustmentType: 'badDebtRelief',
      reason: 'Customer went BUST',
    };
    await sql`insert into vat_record (id, owner_id, vrn, date, data, created_at)
      values ('r1', 'u1', '123456789', '2024-02-01', ${JSON.stringify(data)}, '2024-03-01T00:00:00.000Z')`.execute(db);
    // 0007 and every migration after it run again.
    const after = Object.keys(migrations).filter((name) => name > '0006_agents');
    expect(await migrateToLatest(db)).toEqual(after);
    expect(after[0]).toBe('0007_record_columns');
    const row = await db
      .selectFrom('vat_record')
      .select(['box_key', 'net_pence', 'vat_pence', 'description', 'search_text'])
      .executeTakeFirstOrThrow();
    expect({ ...row, vat_pence: Number(row.vat_pence) }).toEqual({
      box_key: 'adjustment|||4|101|below',
      net_pence: null,
      vat_pence: 12_345,
      description: 'Bad debt, Ünïcode',
      search_text: 'bad debt, ünïcode customer went bust',
    });
  });
});
