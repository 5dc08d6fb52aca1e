// Section 9: every figure against its target (speed, volume and scale), as rows of figure, measured,
// target and status; printed at the end of the run and kept in the results file.
import { config } from '../lib/config.mjs';
import { kb, mb, ms, num, percent, ratio, seconds, times } from '../lib/format.mjs';
import { median } from '../lib/processes.mjs';

export const summaryTitle = '9. Summary against the targets';

/**
 * @param {import('../lib/bench.mjs').Bench} bench
 * @returns {string[][]}
 */
export function summaryRows(bench) {
  const { results } = bench;
  /** @type {string[][]} */
  const rows = [];
  const verdict = (/** @type {unknown} */ value, /** @type {boolean} */ met) =>
    value === undefined ? 'not measured' : met ? 'met' : 'NOT MET';
  const startupMedian = median(results.startupMs);
  rows.push([
    'start-up, spawn to ready (median)',
    seconds(startupMedian),
    '<= 2 s',
    verdict(startupMedian, startupMedian !== undefined && startupMedian <= 2000),
  ]);
  rows.push([
    'idle memory (RSS)',
    mb(results.idleRss),
    '<= 200 MB',
    verdict(results.idleRss, (results.idleRss ?? 0) <= 200 * 1024 * 1024),
  ]);
  rows.push(['peak memory under load (RSS)', mb(results.peakRss), '', '']);
  const { bare, health, me, businesses } = results.load;
  rows.push(['bare Fastify GET /', `${num(bare?.requestsPerSecond)} req/s`, '', '']);
  rows.push([
    '/api/health',
    `${num(health?.requestsPerSecond)} req/s = ${percent(ratio(health?.requestsPerSecond, bare?.requestsPerSecond))} of bare`,
    '',
    '',
  ]);
  /** @type {Array<[string, import('../lib/bench.mjs').LoadResult | undefined]>} */
  const signedInReads = [
    ['me', me],
    ['businesses', businesses],
  ];
  for (const [key, r] of signedInReads) {
    const share = ratio(r?.requestsPerSecond, health?.requestsPerSecond);
    rows.push([
      `signed-in /api/${key} throughput`,
      `${num(r?.requestsPerSecond)} req/s = ${percent(share)} of /api/health`,
      '>= 50% of /api/health',
      verdict(share, (share ?? 0) >= 0.5),
    ]);
  }
  for (const [key, r] of Object.entries(results.fixed)) {
    rows.push([
      `p99 at ${config.fixedRate} req/s, /api/${key}`,
      `${ms(r.p99, 2)} (achieved ${num(r.requestsPerSecond)} req/s)`,
      '<= 25 ms',
      verdict(r.p99, (r.p99 ?? Infinity) <= 25 && r.requestsPerSecond >= config.fixedRate * 0.95),
    ]);
  }
  if (results.fixed.me === undefined)
    rows.push([`p99 at ${config.fixedRate} req/s (signed in)`, 'n/a', '<= 25 ms', 'not measured']);
  const trivialPerf = results.trivial?.performance;
  if (results.trivial)
    rows.push(['Lighthouse performance, trivial page', num(trivialPerf), '>= 95 to judge the pages', '']);
  for (const page of results.pages) {
    const judged = trivialPerf !== undefined && trivialPerf >= 95;
    rows.push([
      `Lighthouse performance ${page.label}`,
      `${num(page.performance)} (${times(page.perfRatio)} trivial)`,
      '>= 90',
      page.performance === undefined
        ? 'not measured'
        : judged
          ? verdict(page.performance, page.performance >= 90)
          : `not judged (trivial ${num(trivialPerf)} < 95)`,
    ]);
  }
  for (const page of results.pages) {
    rows.push([
      `Lighthouse accessibility ${page.label}`,
      num(page.accessibility),
      '100',
      verdict(page.accessibility, page.accessibility === 100),
    ]);
  }
  for (const page of results.pages) {
    const c = page.compression;
    rows.push([
      `JS/CSS compressed ${page.label}`,
      c ? `${c.checked - c.uncompressed.length}/${c.checked}` : 'n/a',
      'all',
      verdict(c?.checked, c !== undefined && c.uncompressed.length === 0),
    ]);
  }
  const home = results.pages.find((page) => page.label === '/');
  rows.push([
    'JS on the wire for /',
    kb(home?.jsBytes),
    '<= 200 KB',
    verdict(home?.jsBytes, (home?.jsBytes ?? Infinity) <= 200 * 1024),
  ]);
  if (config.skipLighthouse) rows.push(['Lighthouse figures', 'skipped (BENCH_SKIP_LIGHTHOUSE)', '', '']);
  for (const database of ['SQLite', 'PostgreSQL']) {
    const largest = results.imports.find((f) => f.database === database && f.rows === 100_000);
    const total = largest && largest.recordMs !== undefined ? (largest.previewMs ?? 0) + largest.recordMs : undefined;
    rows.push([
      `100,000-row CSV previewed and recorded, ${database}`,
      seconds(total),
      '<= 10 s',
      verdict(total, total !== undefined && total <= 10_000 && largest?.outcome === '100000 records'),
    ]);
  }
  for (const database of ['SQLite', 'PostgreSQL']) {
    const figure = results.returnPages.find((f) => f.database === database && f.rows === 100_000);
    rows.push([
      `nine boxes of 100,000 records on the server, ${database}`,
      ms(figure?.boxesMs, 0),
      '<= 300 ms',
      verdict(figure?.boxesMs, (figure?.boxesMs ?? Infinity) <= 300),
    ]);
    const shown = figure?.browserMs[0];
    rows.push([
      `Return page of 100,000 records shown in Chromium, ${database}`,
      ms(shown, 0),
      '<= 2 s',
      verdict(shown, (shown ?? Infinity) <= 2000),
    ]);
  }
  const worstRead = Math.max(...results.imports.map((f) => f.readP99 ?? 0));
  rows.push([
    'p99 of reads during any import or hostile file',
    results.imports.length > 0 ? ms(worstRead, 1) : 'n/a',
    '<= 100 ms',
    verdict(results.imports.length > 0 ? worstRead : undefined, worstRead <= 100),
  ]);
  const board = results.dashboard;
  rows.push([
    `practice dashboard of ${config.dashboardClients} clients, first answer`,
    ms(board?.firstMs, 0),
    '<= 2 s',
    verdict(board?.firstMs, (board?.firstMs ?? Infinity) <= 2000 && board?.businesses === config.dashboardClients),
  ]);
  rows.push([
    'practice dashboard, answers while refreshing (slowest)',
    ms(board?.laterMaxMs, 0),
    '<= 2 s',
    verdict(board?.laterMaxMs, (board?.laterMaxMs ?? Infinity) <= 2000),
  ]);
  rows.push([
    'practice dashboard, background refresh pace',
    board ? `${board.hmrcCallsPerSecond.toFixed(2)} HMRC calls/s` : 'n/a',
    '<= 3/s (HMRC)',
    verdict(
      board?.hmrcCallsPerSecond,
      (board?.hmrcCallsPerSecond ?? Infinity) <= 3 && board?.everyRowSaysWhen === true,
    ),
  ]);
  return rows;
}
