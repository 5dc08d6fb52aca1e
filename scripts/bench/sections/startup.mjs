// Sections 0-2 and the sign-up: the bundle's size, start-up, idle memory, and the session the
// signed-in sections use.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { liveServer } from '../lib/bench.mjs';
import { config } from '../lib/config.mjs';
import { mb, ms, print, seconds } from '../lib/format.mjs';
import { median, rssBytes, sleep } from '../lib/processes.mjs';
import { repoRoot, signUp, startVatWise } from '../lib/vatwise.mjs';

/** @typedef {import('../lib/bench.mjs').Section} Section */

/** @type {Section} */
export const bundleSize = {
  number: '0',
  title: '0. Bundle size (scripts/bundle-size.mjs)',
  async run() {
    // Its output is the child's own, so it reaches the terminal but not the results file's transcript.
    const run = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/bundle-size.mjs')], { stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`scripts/bundle-size.mjs exited with ${run.status ?? run.signal}`);
  },
};

/** @type {Section} */
export const startUp = {
  number: '1',
  title: `1. Start-up: spawn to first 200 from GET /api/ready (${config.startupRuns} runs, fresh data folder each)`,
  async run(bench) {
    const { startupMs } = bench.results;
    for (let run = 1; run <= config.startupRuns; run += 1) {
      const started = await startVatWise();
      startupMs.push(started.startupMs);
      print(`  run ${run}: ${seconds(started.startupMs)}`);
      // The last one stays up for the rest of the benchmark.
      if (run < config.startupRuns) await started.stop();
      else bench.server = started;
    }
    const sorted = [...startupMs].sort((a, b) => a - b);
    print(`  min ${seconds(sorted[0])}, median ${seconds(median(sorted))}`);
  },
};

/** @type {Section} */
export const idleMemory = {
  number: '2',
  title: '2. Memory: RSS of the server process, idle',
  async run(bench) {
    const server = liveServer(bench);
    await sleep(3000);
    bench.results.idleRss = rssBytes(server.pid);
    print(
      `  idle 3 s after ready: ${mb(bench.results.idleRss)} (VmRSS of pid ${server.pid}); peak under load follows section 3`,
    );
  },
};

/** @type {Section} */
export const signUpSession = {
  title: 'Sign-up: a session for the signed-in reads',
  async run(bench) {
    const server = liveServer(bench);
    const started = performance.now();
    bench.session = await signUp(server.baseUrl);
    print(
      `  POST /api/auth/sign-up/email then GET /api/me: ${ms(performance.now() - started, 0)}; cookies: ${bench.session.cookieNames.join(', ')}`,
    );
  },
};
