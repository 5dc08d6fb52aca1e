// `npm run bench` (after `npm run build`): measures how VAT Wise performs on this machine, each
// figure beside a yardstick measured in the same run (a bare Fastify route, a trivial Vite + React
// page), and a summary against its targets (speed, volume and scale). It prints as it goes and
// writes the figures to scripts/bench/results/ (latest.json and latest.md; a partial run writes
// only-<sections>.*, which git ignores). It asserts nothing and exits 0 unless a section itself
// crashes. The sections are in sections/, what they share in lib/.
//
// BENCH_ONLY=8 (a comma-separated list of section numbers) runs only those sections, after the
// start-up and sign-up they need: BENCH_ONLY=8 npm run bench gives the practice dashboard's figure.
//
// Environment: BENCH_DURATION (seconds per load run, default 10), BENCH_SKIP_LIGHTHOUSE=1,
// BENCH_WATCHER_BUSINESSES (the deadline watcher's round, default 2000),
// BENCH_LIGHTHOUSE_RUNS (rounds per page, default 3), BENCH_DASHBOARD_CLIENTS (default 200),
// CHROMIUM_PATH (default /usr/bin/chromium; the old CHROME_PATH is read when it is not set),
// BENCH_POSTGRES_URL (the imports' PostgreSQL run; default the local test database),
// BENCH_NOTE (a line for the results file, such as that the machine was shared with other work).
import os from 'node:os';
import { createBench, runSection } from './lib/bench.mjs';
import { config } from './lib/config.mjs';
import { print, table } from './lib/format.mjs';
import { installCleanup, killEverything } from './lib/processes.mjs';
import { writeResults } from './lib/results-file.mjs';
import { serverCommand } from './lib/vatwise.mjs';
import { deadlineWatcher, practiceDashboard, sockets } from './sections/background-work.mjs';
import { imports } from './sections/imports.mjs';
import { lighthousePages } from './sections/lighthouse.mjs';
import { bundleSize, idleMemory, signUpSession, startUp } from './sections/startup.mjs';
import { summaryRows, summaryTitle } from './sections/summary.mjs';
import { throughput } from './sections/throughput.mjs';

installCleanup();

const bench = createBench();
bench.loadAverageAtStart = os.loadavg();
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

print('VAT Wise benchmark');
print(
  `  node ${process.version}, ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, ` +
    `load average ${loadAverage()} (other work on the machine skews every figure)`,
);
print(
  `  load runs ${config.durationS} s each, ${config.connections} connections; Lighthouse ${config.skipLighthouse ? 'skipped' : `${config.lighthouseRounds} rounds`}`,
);
print(`  server command: ${serverCommand().label}`);

const sections = [
  bundleSize,
  startUp,
  idleMemory,
  signUpSession,
  throughput,
  lighthousePages,
  imports,
  sockets,
  deadlineWatcher,
  practiceDashboard,
];
for (const section of sections) await runSection(bench, section);

if (bench.server) await bench.server.stop();

print(`\n=== ${summaryTitle}`);
const summary = summaryRows(bench);
table(['figure', 'measured', 'target', 'status'], summary);

const totalS = (performance.now() - bench.startedMs) / 1000;
print(`\nbench finished in ${totalS.toFixed(0)} s; load average now ${loadAverage()}`);
print(`figures written to ${writeResults(bench, summary)} (and .json)`);
if (bench.crashed.length > 0) {
  console.error(`bench: ${bench.crashed.length} section(s) crashed: ${bench.crashed.join('; ')}`);
  killEverything();
  process.exit(1);
}
killEverything();
process.exit(0);
