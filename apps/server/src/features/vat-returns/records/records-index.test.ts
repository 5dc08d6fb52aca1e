import { type CompiledQuery, type Kysely, type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/schema';
import { type TestApp, createTestApp } from '../../../test/test-app';
import { RecordRepo as VatReturnRepo } from './repo';

/** `db` with every query it runs also compiled into `compiled`, as the database receives it. */
function recordingQueries(db: Kysely<Database>) {
  const compiled: CompiledQuery[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      compiled.push(db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(recorder), compiled };
}

describe("the index of a period's boxes (0015_record_boxes_index)", () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp();
  });
  afterAll(async () => {
    await server.close();
  });

  it("on SQLite, the boxes and a page's count read the index alone; PostgreSQL has no such index", async () => {
    const { db, kind } = server.app.database;
    const recording = recordingQueries(db);
    const repo = new VatReturnRepo(recording.db);
    const period = { from: '2026-01-01', to: '2026-03-31' };
    await repo.boxGroups('owner', '123456789', period.from, period.to, []);
    await repo.boxGroups('owner', '123456789', period.from, period.to, ['2026-01-31']);
    await repo.recordPage('owner', '123456789', period, {
      words: [],
      sort: 'date',
      order: 'asc',
      page: 1,
      pageSize: 100,
    });
    const aggregates = recording.compiled.filter((query) => /\b(sum|count)\(/i.test(query.sql));
    expect(aggregates).toHaveLength(3);

    if (kind === 'postgres') {
      const found = await sql<{ name: string }>`select indexname as name from pg_indexes
        where schemaname = current_schema() and indexname = 'vat_record_live_boxes'`.execute(db);
      expect(found.rows).toEqual([]);
      return;
    }
    for (const query of aggregates) {
      const plan = await db.executeQuery<{ detail: string }>({
        ...query,
        sql: `explain query plan ${query.sql}`,
      });
      expect(plan.rows.map((row) => row.detail).join(' | '), query.sql).toContain(
        'USING COVERING INDEX vat_record_live_boxes',
      );
    }
  });
});
