// The bench's settings, read once from the environment (the header of run.mjs lists them).

/**
 * @param {string} name
 * @param {number} fallback
 */
function positiveNumber(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number (got "${raw}")`);
    process.exit(2);
  }
  return value;
}

export const config = {
  durationS: positiveNumber('BENCH_DURATION', 10),
  lighthouseRounds: positiveNumber('BENCH_LIGHTHOUSE_RUNS', 3),
  skipLighthouse: ['1', 'true', 'yes'].includes(String(process.env.BENCH_SKIP_LIGHTHOUSE ?? '').toLowerCase()),
  startupRuns: 3,
  connections: 10,
  fixedRate: 500,
  watcherBusinesses: positiveNumber('BENCH_WATCHER_BUSINESSES', 2000),
  dashboardClients: positiveNumber('BENCH_DASHBOARD_CLIENTS', 200),
  importSizes: [1_000, 10_000, 100_000],
  postgresUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  /** The section numbers of BENCH_ONLY; empty for every section. */
  onlySections: String(process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
  // CHROMIUM_PATH, as the server and the browser tests name it; CHROME_PATH, the bench's old name,
  // still works when CHROMIUM_PATH is not set.
  chromiumPath: process.env.CHROMIUM_PATH || process.env.CHROME_PATH || '/usr/bin/chromium',
  /** Written into the results file as it is, for example that the machine was shared with other work. */
  note: String(process.env.BENCH_NOTE ?? '').trim(),
};
