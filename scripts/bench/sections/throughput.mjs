// Section 3: requests per second and latency of VAT Wise's reads, beside a bare Fastify route
// served by a child process in the same run.
import path from 'node:path';
import { liveServer } from '../lib/bench.mjs';
import { config } from '../lib/config.mjs';
import { mb, ms, num, percent, print, ratio, table } from '../lib/format.mjs';
import { load } from '../lib/load.mjs';
import { sampleRss, spawnOwned, stopChild, waitForMessage } from '../lib/processes.mjs';
import { repoRoot } from '../lib/vatwise.mjs';

const { connections, durationS, fixedRate } = config;

/** @type {import('../lib/bench.mjs').Section} */
export const throughput = {
  number: '3',
  title: `3. Throughput: autocannon, ${connections} connections, ${durationS} s each, the better of 2 rounds`,
  async run(bench) {
    const server = liveServer(bench);
    const { results, session } = bench;
    const bare = spawnOwned(process.execPath, [path.join(import.meta.dirname, '../bare-server.mjs')], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    try {
      const { url: bareUrl } = await waitForMessage(bare, 'listening');
      const cookie = session ? { cookie: session.cookie } : undefined;
      const targets = [
        { key: 'bare', label: 'bare Fastify GET / (child process)', url: `${bareUrl}/`, headers: {} },
        { key: 'health', label: 'GET /api/health', url: `${server.baseUrl}/api/health`, headers: {}, vatwise: true },
        ...(cookie
          ? [
              {
                key: 'me',
                label: 'GET /api/me (signed in)',
                url: `${server.baseUrl}/api/me`,
                headers: cookie,
                vatwise: true,
              },
              {
                key: 'businesses',
                label: 'GET /api/businesses (signed in)',
                url: `${server.baseUrl}/api/businesses`,
                headers: cookie,
                vatwise: true,
              },
            ]
          : []),
      ];
      if (!cookie) print('  no session (sign-up failed): signed-in reads are not measured');
      const peak = sampleRss(server.pid, 200);
      try {
        // Two rounds, each over every target after a short warm-up; each keeps its better run. One
        // round gave a single slow run (another process, the JIT) the whole say in a ratio.
        for (let round = 0; round < 2; round += 1) {
          for (const target of targets) {
            await load({ ...target, connections, durationS: Math.min(1, durationS) });
            const run = await load({ ...target, connections, durationS });
            const best = results.load[target.key];
            if (!best || run.requestsPerSecond > best.requestsPerSecond) results.load[target.key] = run;
          }
        }
        if (cookie) {
          for (const key of ['me', 'businesses']) {
            results.fixed[key] = await load({
              url: `${server.baseUrl}/api/${key}`,
              headers: cookie,
              connections,
              durationS,
              overallRate: fixedRate,
            });
          }
        }
      } finally {
        results.peakRss = peak.stop();
      }
      liveServer(bench);
      table(
        ['target', 'req/s (2xx)', 'p50', 'p99', 'errors', 'non-2xx'],
        targets.map(({ key, label }) => {
          const r = results.load[key];
          return [label, num(r?.requestsPerSecond), ms(r?.p50, 2), ms(r?.p99, 2), r?.errors, r?.non2xx];
        }),
      );
      const { bare: b, health: h, me, businesses } = results.load;
      print(`  /api/health / bare Fastify:      ${percent(ratio(h?.requestsPerSecond, b?.requestsPerSecond))}`);
      print(`  /api/me / /api/health:           ${percent(ratio(me?.requestsPerSecond, h?.requestsPerSecond))}`);
      print(
        `  /api/businesses / /api/health:   ${percent(ratio(businesses?.requestsPerSecond, h?.requestsPerSecond))}`,
      );
      for (const [key, r] of Object.entries(results.fixed)) {
        print(
          `  fixed rate ${fixedRate} req/s on GET /api/${key}: achieved ${num(r.requestsPerSecond)} req/s, ` +
            `p50 ${ms(r.p50, 2)}, p99 ${ms(r.p99, 2)}, max ${ms(r.max, 1)}, errors ${r.errors}, non-2xx ${r.non2xx}`,
        );
      }
      print(`  memory: peak RSS of the server during these runs (sampled every 200 ms): ${mb(results.peakRss)}`);
    } finally {
      await stopChild(bare);
    }
  },
};
