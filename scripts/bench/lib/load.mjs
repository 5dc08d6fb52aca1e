// Throughput and latency with autocannon's programmatic API.
import { createRequire } from 'node:module';

/**
 * autocannon ships no type declarations; these are the parts used here.
 * @typedef {{ duration: number, errors: number, timeouts: number, non2xx: number, '2xx': number, requests: { total: number } }} AutocannonResult
 * @typedef {Promise<AutocannonResult> & { on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void }} AutocannonInstance
 */
/** @type {(options: Record<string, unknown>) => AutocannonInstance} */
const autocannon = createRequire(import.meta.url)('autocannon');

/**
 * The value at percentile `p` (0–100) of an ascending list, nearest-rank.
 * @param {number[]} sorted
 * @param {number} p
 */
function percentile(sorted, p) {
  if (sorted.length === 0) return undefined;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/**
 * One autocannon run. Latency percentiles are computed here from every 2xx response's own
 * time (autocannon's histogram keeps whole milliseconds, too coarse for a 1 ms answer).
 * @param {{ url: string, headers?: Record<string,string>, connections?: number, durationS: number, overallRate?: number }} options
 */
export async function load({ url, headers = {}, connections = 10, durationS, overallRate }) {
  /** @type {number[]} */
  const times = [];
  const instance = autocannon({
    url,
    headers,
    connections,
    duration: durationS,
    ...(overallRate ? { overallRate } : {}),
    // Keep autocannon quiet: this is a report of our own.
    renderProgressBar: false,
    renderLatencyTable: false,
    renderResultsTable: false,
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const ok = result['2xx'];
  return {
    requestsPerSecond: ok / result.duration,
    total: result.requests.total,
    ok,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.at(-1),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    durationS: result.duration,
  };
}
