// The bench's results file: scripts/bench/results/latest.json and latest.md for a full run, or
// only-<sections>.json and .md (ignored by git) for a partial one (BENCH_ONLY, or Lighthouse
// skipped), with the machine's details and each figure's same-run yardstick beside it as a ratio.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { config } from './config.mjs';
import { ratio } from './format.mjs';

export const resultsDir = path.join(import.meta.dirname, '../results');

/** The sections a full run has, by number (the summary, 9, always runs). */
const allSections = ['0', '1', '2', '3', '4', '5', '6', '7', '8'];

/** `latest`, or `only-<numbers>` for a run of some sections (BENCH_ONLY, or Lighthouse skipped). */
export function resultsName() {
  const byNumber = (/** @type {string} */ a, /** @type {string} */ b) => Number(a) - Number(b);
  if (config.onlySections.length > 0) return `only-${[...new Set(config.onlySections)].sort(byNumber).join('-')}`;
  return config.skipLighthouse ? `only-${allSections.filter((number) => number !== '4').join('-')}` : 'latest';
}

/** @param {number[]} values */
const loadAverage = (values) => values.map((value) => Number(value.toFixed(2)));

/** @param {number | undefined} value */
const rounded = (value, digits = 3) => (value === undefined ? null : Number(value.toFixed(digits)));

/**
 * Our figures as ratios to the same run's yardsticks: req/s to the bare Fastify route's, and the
 * pages' Lighthouse performance and LCP to the trivial Vite + React page's.
 * @param {import('./bench.mjs').Results} results
 */
function yardsticks(results) {
  const { bare, ...ours } = results.load;
  const trivial = results.trivial;
  return {
    bareFastifyRoute: bare
      ? { requestsPerSecond: rounded(bare.requestsPerSecond, 0), p50Ms: rounded(bare.p50), p99Ms: rounded(bare.p99) }
      : null,
    trivialVitePage: trivial
      ? { performance: trivial.performance ?? null, lcpMs: rounded(trivial.lcpMs, 0), jsBytes: trivial.jsBytes ?? null }
      : null,
    throughputToBareRoute: Object.fromEntries(
      Object.entries(ours).map(([key, figure]) => [
        key,
        rounded(ratio(figure.requestsPerSecond, bare?.requestsPerSecond)),
      ]),
    ),
    pagesToTrivialPage: results.pages.map((page) => ({
      page: page.label,
      performance: rounded(page.perfRatio),
      lcp: rounded(page.lcpRatio),
    })),
  };
}

/** @param {string} text */
const cell = (text) => text.replace(/\|/g, '\\|');

/**
 * Writes the run's results file, JSON and Markdown; returns the Markdown's path.
 * @param {import('./bench.mjs').Bench} bench
 * @param {string[][]} summary rows of figure, measured, target, status
 */
export function writeResults(bench, summary) {
  const name = resultsName();
  const finishedAt = new Date();
  const cpus = os.cpus();
  const machine = {
    cores: cpus.length,
    cpu: cpus[0]?.model ?? 'unknown',
    memoryGiB: Number((os.totalmem() / 1024 ** 3).toFixed(1)),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    loadAverageAtStart: loadAverage(bench.loadAverageAtStart),
    loadAverageAtEnd: loadAverage(os.loadavg()),
  };
  const ratios = yardsticks(bench.results);
  const { note, onlySections, chromiumPath: _chromium, postgresUrl: _postgres, ...settings } = config;
  const json = {
    name,
    partial: name !== 'latest',
    date: bench.startedAt.toISOString(),
    runSeconds: Math.round((finishedAt.getTime() - bench.startedAt.getTime()) / 1000),
    machine,
    note: note || null,
    settings: { ...settings, onlySections },
    yardsticks: ratios,
    summary: summary.map(([figure, measured, target, status]) => ({ figure, measured, target, status })),
    sections: bench.sections.map(({ title, seconds, crashed }) => ({ title, seconds: Math.round(seconds), crashed })),
    crashed: bench.crashed,
    skipped: bench.skipped,
    figures: bench.results,
  };

  const ratioRows = [
    ...Object.entries(ratios.throughputToBareRoute).map(
      ([key, value]) =>
        `| req/s of ${key === 'health' ? 'GET /api/health' : `GET /api/${key} (signed in)`} | ${value ?? 'n/a'} of the bare route |`,
    ),
    ...ratios.pagesToTrivialPage.map(
      (page) =>
        `| Lighthouse ${page.page} | performance ${page.performance ?? 'n/a'}, LCP ${page.lcp ?? 'n/a'} of the trivial page |`,
    ),
  ];
  const md = [
    `# VAT Wise benchmark: ${name === 'latest' ? 'full run' : `partial run (${name})`}`,
    '',
    `Run ${json.date}, ${json.runSeconds} s, by \`npm run bench\`${onlySections.length ? ` with BENCH_ONLY=${onlySections.join(',')}` : ''}${config.skipLighthouse ? ' with BENCH_SKIP_LIGHTHOUSE=1' : ''}.`,
    '',
    `Machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.platform}; ` +
      `load average ${machine.loadAverageAtStart.join(' ')} at the start, ${machine.loadAverageAtEnd.join(' ')} at the end.`,
    ...(note ? ['', `Note: ${note}`] : []),
    '',
    'Other work on the machine skews every figure: compare figures only within this run, against its yardsticks.',
    '',
    '## Yardsticks of this run',
    '',
    '| yardstick | figure |',
    '|---|---|',
    `| bare Fastify route, GET / | ${ratios.bareFastifyRoute ? `${ratios.bareFastifyRoute.requestsPerSecond} req/s, p99 ${ratios.bareFastifyRoute.p99Ms} ms` : 'not measured'} |`,
    `| trivial Vite + React page | ${ratios.trivialVitePage ? `Lighthouse performance ${ratios.trivialVitePage.performance}, LCP ${ratios.trivialVitePage.lcpMs} ms` : 'not measured'} |`,
    '',
    '| our figure | ratio to its yardstick |',
    '|---|---|',
    ...(ratioRows.length > 0 ? ratioRows : ['| (none measured in this run) | |']),
    '',
    '## Summary against the targets',
    '',
    '| figure | measured | target | status |',
    '|---|---|---|---|',
    ...summary.map((row) => `| ${row.map((text) => cell(String(text ?? ''))).join(' | ')} |`),
    '',
    ...(bench.crashed.length ? [`Crashed: ${bench.crashed.join('; ')}`, ''] : []),
    '## Each section as printed',
    '',
    ...bench.sections.flatMap((section) => [
      '```text',
      ...section.lines.map((line) => line.replace(/^\n/, '')),
      '```',
      '',
    ]),
  ].join('\n');

  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(json, null, 2)}\n`);
  const mdPath = path.join(resultsDir, `${name}.md`);
  fs.writeFileSync(mdPath, md);
  return mdPath;
}
