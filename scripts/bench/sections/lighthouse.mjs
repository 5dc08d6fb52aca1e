// Section 4: Lighthouse on VAT Wise's pages, each round beside a trivial Vite + React page served
// the same way, and whether every script and stylesheet is sent compressed.
import path from 'node:path';
import { liveServer } from '../lib/bench.mjs';
import { config } from '../lib/config.mjs';
import { kb, ms, num, print, ratio, table, times } from '../lib/format.mjs';
import { audit, contentEncodingOf, launchChrome } from '../lib/lighthouse.mjs';
import { median, spawnOwned, stopChild, tempDir, waitForMessage } from '../lib/processes.mjs';
import { repoRoot } from '../lib/vatwise.mjs';

/** @typedef {import('../lib/bench.mjs').AuditResult} AuditResult */
/** @typedef {import('../lib/bench.mjs').PageSummary} PageSummary */

/**
 * Medians over one page's Lighthouse runs.
 * @param {string} label
 * @param {AuditResult[]} runs
 * @param {{ performance: number | undefined, lcpMs: number | undefined }} [trivial]
 * @returns {PageSummary}
 */
function summarisePage(label, runs, trivial) {
  const good = runs.filter((run) => !run.runtimeError);
  const perf = median(good.map((run) => run.performance));
  const lcp = median(good.map((run) => run.lcpMs));
  return {
    label,
    runs: runs.length,
    errors: runs.map((run) => run.runtimeError).filter(Boolean),
    performance: perf,
    accessibility: median(good.map((run) => run.accessibility)),
    lcpMs: lcp,
    jsBytes: median(good.map((run) => run.jsTransferBytes)),
    jsFiles: median(good.map((run) => run.jsFiles)),
    perfRatio: trivial ? ratio(perf, trivial.performance) : undefined,
    lcpRatio: trivial ? ratio(lcp, trivial.lcpMs) : undefined,
    a11yFailures: [...new Set(runs.flatMap((run) => run.a11yFailures))],
    finalPaths: [...new Set(good.map((run) => new URL(run.finalUrl).pathname))],
    compression: undefined,
  };
}

/** @type {import('../lib/bench.mjs').Section} */
export const lighthousePages = {
  number: '4',
  title: config.skipLighthouse
    ? '4. Lighthouse'
    : `4. Lighthouse 12 (mobile defaults, simulated throttling): ${config.lighthouseRounds} rounds, each the trivial page then every page`,
  ...(config.skipLighthouse ? { skippedBecause: 'BENCH_SKIP_LIGHTHOUSE' } : {}),
  async run(bench) {
    const vatwise = liveServer(bench);
    const { results, session } = bench;
    const trivialServer = spawnOwned(
      process.execPath,
      [path.join(import.meta.dirname, '../trivial-server.mjs'), tempDir('trivial')],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
    );
    /** @type {Awaited<ReturnType<typeof launchChrome>> | undefined} */
    let chrome;
    try {
      const trivialInfo = await waitForMessage(trivialServer, 'listening', 120_000);
      print(`  trivial page: Vite + React (${trivialInfo.jsx}), Fastify + @fastify/static + @fastify/compress`);
      chrome = await launchChrome();
      const cookieHeaders = session ? { Cookie: session.cookie } : undefined;
      /** @type {Array<{ label: string, path: string, signedIn?: boolean }>} */
      const pages = [
        { label: '/', path: '/' },
        { label: '/user/login', path: '/user/login' },
        { label: '/privacy-policy', path: '/privacy-policy' },
        { label: '/app (signed in)', path: '/app', signedIn: true },
        { label: '/app/vat-operations (signed in)', path: '/app/vat-operations', signedIn: true },
      ].filter((page) => !page.signedIn || cookieHeaders);
      if (!cookieHeaders) print('  no session (sign-up failed): signed-in pages are not measured');
      /** @type {Map<string, AuditResult[]>} */
      const runs = new Map();
      for (const label of ['trivial', ...pages.map((page) => page.label)]) runs.set(label, []);
      for (let round = 1; round <= config.lighthouseRounds; round += 1) {
        /** @type {Array<{ label: string, url: string, headers: Record<string, string> }>} */
        const order = [{ label: 'trivial', url: `${trivialInfo.url}/`, headers: {} }].concat(
          pages.map((page) => ({
            label: page.label,
            url: `${vatwise.baseUrl}${page.path}`,
            headers: page.signedIn && cookieHeaders ? cookieHeaders : {},
          })),
        );
        const scores = [];
        for (const item of order) {
          if (item.label !== 'trivial') liveServer(bench);
          const result = await audit(chrome.port, item.url, item.headers);
          runs.get(item.label)?.push(result);
          scores.push(`${item.label} ${result.runtimeError ?? `${result.performance}/${result.accessibility}`}`);
        }
        print(`  round ${round} (performance/accessibility): ${scores.join(', ')}`);
      }

      const trivial = summarisePage('trivial Vite + React page', runs.get('trivial') ?? []);
      results.trivial = trivial;
      results.pages = pages.map((page) => summarisePage(page.label, runs.get(page.label) ?? [], trivial));

      // Compression: every same-origin JS and CSS response any run saw, fetched again with
      // `accept-encoding: br, gzip` (Lighthouse's report does not carry response headers).
      for (const [index, page] of pages.entries()) {
        const summary = results.pages[index];
        if (!summary) continue;
        const assets = new Map((runs.get(page.label) ?? []).flatMap((run) => run.assets.map((a) => [a.url, a])));
        const uncompressed = [];
        liveServer(bench);
        for (const asset of assets.values()) {
          const answer = await contentEncodingOf(asset.url, page.signedIn ? { cookie: session?.cookie ?? '' } : {});
          if (!/^(br|gzip|deflate|zstd)$/.test(answer.encoding)) {
            uncompressed.push(`${new URL(asset.url).pathname} (${answer.status}, ${kb(asset.transferSize)})`);
          }
        }
        summary.compression = { checked: assets.size, uncompressed };
      }
      const trivialAssets = new Map((runs.get('trivial') ?? []).flatMap((run) => run.assets.map((a) => [a.url, a])));
      const trivialUncompressed = [];
      for (const asset of trivialAssets.values()) {
        const answer = await contentEncodingOf(asset.url);
        if (!/^(br|gzip|deflate|zstd)$/.test(answer.encoding)) trivialUncompressed.push(new URL(asset.url).pathname);
      }
      trivial.compression = { checked: trivialAssets.size, uncompressed: trivialUncompressed };

      table(
        ['page', 'perf', 'perf/trivial', 'a11y', 'LCP', 'LCP/trivial', 'JS on wire', 'JS/CSS compressed'],
        [trivial, ...results.pages].map((p) => [
          p.label,
          num(p.performance),
          p === trivial ? '' : times(p.perfRatio),
          num(p.accessibility),
          ms(p.lcpMs, 0),
          p === trivial ? '' : times(p.lcpRatio),
          `${kb(p.jsBytes)} (${num(p.jsFiles)} files)`,
          p.compression
            ? `${p.compression.uncompressed.length === 0 ? 'yes' : 'NO'} (${p.compression.checked - p.compression.uncompressed.length}/${p.compression.checked})`
            : 'n/a',
        ]),
      );
      print(
        "  (medians of the runs; LCP is Lighthouse's simulated mobile figure; JS on wire is the scripts' transfer size, response headers included)",
      );
      for (const p of [trivial, ...results.pages]) {
        if (p.errors.length) print(`  ${p.label}: Lighthouse run errors: ${p.errors.join(', ')}`);
        if (p.compression?.uncompressed.length) {
          print(`  ${p.label}: served without compression: ${p.compression.uncompressed.join(', ')}`);
        }
        if (p.a11yFailures.length) print(`  ${p.label}: failed accessibility audits: ${p.a11yFailures.join(', ')}`);
      }
      for (const [index, page] of pages.entries()) {
        const paths = results.pages[index]?.finalPaths ?? [];
        if (paths.some((p) => p !== page.path)) {
          print(`  ${page.label}: Lighthouse ended on ${paths.join(', ')} (a redirect?)`);
        }
      }
    } finally {
      await chrome?.kill().catch(() => undefined);
      await stopChild(trivialServer);
    }
  },
};
