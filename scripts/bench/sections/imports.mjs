// Section 5: imports of growing size, then hostile files, on SQLite and on PostgreSQL, each while
// another client reads GET /api/me; and the Return page of the largest periods imported.
import pg from 'pg';
import { liveServer } from '../lib/bench.mjs';
import { config } from '../lib/config.mjs';
import { mb, ms, num, print, table } from '../lib/format.mjs';
import {
  apiClient,
  businessWithDraft,
  importForm,
  longCellXlsx,
  lyingZip,
  transactionsCsv,
  whileReading,
} from '../lib/imports.mjs';
import { sampleRss } from '../lib/processes.mjs';
import { returnPageFigures } from '../lib/return-page.mjs';
import { signUp, startVatWise } from '../lib/vatwise.mjs';

/**
 * Imports of growing size, then hostile files, on one server, each while another client reads
 * GET /api/me every 20 ms.
 * @param {import('../lib/bench.mjs').Results} results
 * @param {string} database
 * @param {NonNullable<import('../lib/bench.mjs').Bench['server']>} target
 */
async function importFigures(results, database, target) {
  const account = await signUp(target.baseUrl, `imports-${database.toLowerCase()}-${Date.now()}@example.com`);
  const client = apiClient(target.baseUrl, account.cookie);
  /**
   * @param {string} what @param {number | undefined} rows @param {string} fileName @param {Buffer} content @param {boolean} record
   * @param {{ client: ReturnType<typeof apiClient>, body: FormData }} [beside] another user's preview, sent 20 ms after this one's
   */
  async function run(what, rows, fileName, content, record, beside) {
    const { draftId, vrn } = await businessWithDraft(client);
    const body = importForm({ vrn, draftId }, fileName, content);
    const peak = sampleRss(target.pid, 100);
    const { result, reads } = await whileReading(target.baseUrl, account.cookie, async () => {
      const started = performance.now();
      const besidePreview = beside
        ? new Promise((resolve) => setTimeout(resolve, 20)).then(async () => {
            const besideStarted = performance.now();
            const response = await beside.client.postForm('/api/vat_imports/preview', beside.body);
            if (response.status !== 200) throw new Error(`the other user's preview: HTTP ${response.status}`);
            return performance.now() - besideStarted;
          })
        : Promise.resolve(undefined);
      const preview = await client.postForm('/api/vat_imports/preview', body);
      const previewMs = performance.now() - started;
      const besideMs = await besidePreview;
      if (!record)
        return {
          previewMs,
          besideMs,
          recordMs: undefined,
          outcome:
            preview.status === 200
              ? (preview.json().problems[0]?.message ?? 'no problem found')
              : `HTTP ${preview.status}`,
        };
      const applied = await client.postForm('/api/vat_imports', body);
      const recordMs = performance.now() - started - previewMs;
      return {
        previewMs,
        recordMs,
        outcome:
          applied.status === 201
            ? `${applied.json().recordCount} records`
            : `HTTP ${applied.status} ${applied.text.slice(0, 120)}`,
      };
    });
    const sorted = [...reads].sort((a, b) => a - b);
    results.imports.push({
      database,
      what,
      rows,
      ...result,
      peakRss: peak.stop(),
      readP99: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)],
      readMax: sorted.at(-1),
      reads: sorted.length,
    });
    // A period this large, opened as the Return page.
    if (record && rows !== undefined && rows >= 10_000 && result.outcome === `${rows} records`) {
      results.returnPages.push({
        database,
        rows,
        ...(await returnPageFigures({ baseUrl: target.baseUrl, cookie: account.cookie, draftId, client })),
      });
    }
  }
  for (const rows of config.importSizes) {
    const { period } = await businessWithDraft(client);
    await run(
      `CSV of ${rows.toLocaleString('en-GB')} rows`,
      rows,
      `takings-${rows}.csv`,
      transactionsCsv(rows, period),
      true,
    );
  }
  await run('XLSX lying about its size (150 MB real)', undefined, 'bomb.xlsx', lyingZip(), false);
  const wide = Array.from({ length: 200_000 }, (_, index) => `c${index}`).join(',');
  await run('CSV of 200,000 columns', undefined, 'wide.csv', Buffer.from(`${wide}\n`), false);
  await run('CSV 1 byte over 20 MB', undefined, 'huge.csv', Buffer.alloc(20 * 1024 * 1024 + 1, 'a'), false);
  // Refused at the cell limit as it unpacks, with another user's everyday preview timed beside it.
  const neighbour = apiClient(
    target.baseUrl,
    (await signUp(target.baseUrl, `neighbour-${database.toLowerCase()}-${Date.now()}@example.com`)).cookie,
  );
  const neighbourDraft = await businessWithDraft(neighbour);
  await run('XLSX whose one cell unpacks to 95 MB', undefined, 'long-cell.xlsx', longCellXlsx(), false, {
    client: neighbour,
    body: importForm(neighbourDraft, 'sales.csv', transactionsCsv(10, neighbourDraft.period)),
  });
}

/** @type {import('../lib/bench.mjs').Section} */
export const imports = {
  number: '5',
  title:
    '5. Imports: CSV of 1,000, 10,000 and 100,000 rows, then hostile files, while another client reads GET /api/me',
  async run(bench) {
    const server = liveServer(bench);
    const { results } = bench;
    await importFigures(results, 'SQLite', server);
    liveServer(bench);
    const schema = `bench_${process.pid}_${Date.now()}`;
    /** @type {pg.Client | undefined} */
    let admin;
    try {
      admin = new pg.Client({ connectionString: config.postgresUrl });
      await admin.connect();
      await admin.query(`create schema "${schema}"`);
    } catch (error) {
      print(
        `  PostgreSQL at ${config.postgresUrl} not reachable (${error instanceof Error ? error.message : error}): its figures are skipped`,
      );
      await admin?.end().catch(() => undefined);
      admin = undefined;
    }
    if (admin) {
      const url = new URL(config.postgresUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      const onPostgres = await startVatWise({ databaseUrl: url.toString() });
      try {
        await importFigures(results, 'PostgreSQL', onPostgres);
      } finally {
        await onPostgres.stop();
        await admin.query(`drop schema "${schema}" cascade`).catch(() => undefined);
        await admin.end();
      }
    }
    table(
      [
        'database',
        'file',
        'preview',
        'record',
        "another user's preview",
        'reads p99',
        'reads max',
        'reads',
        'peak RSS',
        'outcome',
      ],
      results.imports.map((f) => [
        f.database,
        f.what,
        ms(f.previewMs, 0),
        ms(f.recordMs, 0),
        ms(f.besideMs, 0),
        ms(f.readP99, 1),
        ms(f.readMax, 1),
        f.reads,
        mb(f.peakRss),
        f.outcome.slice(0, 70),
      ]),
    );
    print('  The Return page of the imported period (server: median of 3; Chromium: first load, then again):');
    table(
      ['database', 'records', 'return with boxes', 'records page 1', 'box 1 page by net', 'Chromium'],
      results.returnPages.map((f) => [
        f.database,
        num(f.rows),
        ms(f.boxesMs, 0),
        ms(f.pageMs, 0),
        ms(f.boxPageMs, 0),
        f.browserMs.map((value) => ms(value, 0)).join(', '),
      ]),
    );
  },
};
