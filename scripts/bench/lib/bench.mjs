// One bench run's shared state (the VAT Wise server under test, the signed-in session, every
// section's figures) and the running of its sections: a crash is reported and remembered, and the
// next section still runs.
import { config } from './config.mjs';
import { keepPrintedLines, print } from './format.mjs';

/** @typedef {import('./format.mjs').Figure} Figure */
/** @typedef {Awaited<ReturnType<typeof import('./load.mjs').load>>} LoadResult */
/** @typedef {Awaited<ReturnType<typeof import('./lighthouse.mjs').audit>>} AuditResult */
/**
 * Medians over one page's Lighthouse runs (sections/lighthouse.mjs).
 * @typedef {{ label: string, runs: number, errors: unknown[], performance: Figure, accessibility: Figure,
 *   lcpMs: Figure, jsBytes: Figure, jsFiles: Figure, perfRatio: Figure, lcpRatio: Figure,
 *   a11yFailures: string[], finalPaths: string[],
 *   compression: { checked: number, uncompressed: string[] } | undefined }} PageSummary
 */
/**
 * @typedef {{ database: string, what: string, rows?: number, previewMs?: number, recordMs?: number,
 *   besideMs?: number, peakRss: Figure, readP99: Figure, readMax: Figure, reads: number,
 *   outcome: string }} ImportFigure
 * @typedef {{ database: string, rows: number, boxesMs: Figure, pageMs: Figure, boxPageMs: Figure,
 *   browserMs: number[] }} ReturnPageFigure
 */
/**
 * @typedef {{ startupMs: number[], idleRss: Figure, peakRss: Figure, load: Record<string, LoadResult>,
 *   fixed: Record<string, LoadResult>, pages: PageSummary[], trivial: PageSummary | undefined,
 *   imports: ImportFigure[], returnPages: ReturnPageFigure[],
 *   sockets: Awaited<ReturnType<typeof import('./sockets.mjs').socketFigures>> | undefined,
 *   watcher: Awaited<ReturnType<typeof import('./watcher.mjs').watcherFigures>> | undefined,
 *   dashboard: Awaited<ReturnType<typeof import('./dashboard.mjs').dashboardFigures>> | undefined }} Results
 */
/**
 * @typedef {{ title: string, seconds: number, crashed: boolean, lines: string[] }} SectionRecord
 * @typedef {{
 *   results: Results,
 *   server: Awaited<ReturnType<typeof import('./vatwise.mjs').startVatWise>> | undefined,
 *   session: Awaited<ReturnType<typeof import('./vatwise.mjs').signUp>> | undefined,
 *   crashed: string[], skipped: string[], sections: SectionRecord[],
 *   startedAt: Date, startedMs: number, loadAverageAtStart: number[],
 * }} Bench
 */
/**
 * A bench section: `number` is what BENCH_ONLY selects; unnumbered ones (set-up) always run.
 * @typedef {{ number?: string, title: string, skippedBecause?: string, run: (bench: Bench) => Promise<void> }} Section
 */

/** @returns {Bench} */
export function createBench() {
  return {
    results: {
      startupMs: [],
      idleRss: undefined,
      peakRss: undefined,
      load: {},
      fixed: {},
      pages: [],
      trivial: undefined,
      imports: [],
      returnPages: [],
      sockets: undefined,
      watcher: undefined,
      dashboard: undefined,
    },
    server: undefined,
    session: undefined,
    crashed: [],
    skipped: [],
    sections: [],
    startedAt: new Date(),
    startedMs: performance.now(),
    loadAverageAtStart: [],
  };
}

/**
 * The server under test, or a throw (with its last log lines) when it failed to start or has ended.
 * @param {Bench} bench
 */
export function liveServer(bench) {
  const { server } = bench;
  if (!server) throw new Error('no server (start-up failed)');
  const { exitCode, signalCode } = server.child;
  if (exitCode !== null || signalCode !== null) {
    throw new Error(
      `the VAT Wise server (pid ${server.pid}) has exited (${signalCode ?? `code ${exitCode}`}); its last output:\n${server.child.outputTail()}`,
    );
  }
  return server;
}

/**
 * Runs one section unless BENCH_ONLY leaves it out. Start-up (1) and the unnumbered set-up
 * sections always run: the others need them.
 * @param {Bench} bench
 * @param {Section} section
 */
export async function runSection(bench, section) {
  const { number, title } = section;
  const { onlySections } = config;
  if (onlySections.length > 0 && number !== undefined && number !== '1' && !onlySections.includes(number)) return;
  /** @type {SectionRecord} */
  const record = { title, seconds: 0, crashed: false, lines: [] };
  bench.sections.push(record);
  keepPrintedLines(record.lines);
  try {
    if (section.skippedBecause) {
      bench.skipped.push(title);
      print(`\n=== ${title}: skipped (${section.skippedBecause})`);
      return;
    }
    print(`\n=== ${title}`);
    const started = performance.now();
    try {
      await section.run(bench);
    } catch (error) {
      bench.crashed.push(title);
      record.crashed = true;
      const message = `!!! ${title} crashed: ${error instanceof Error ? (error.stack ?? error.message) : error}`;
      console.error(message);
      record.lines.push(message);
    }
    record.seconds = (performance.now() - started) / 1000;
    print(`    (${record.seconds.toFixed(0)} s)`);
  } finally {
    keepPrintedLines(undefined);
  }
}
