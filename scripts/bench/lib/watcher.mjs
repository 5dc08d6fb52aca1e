import { rssBytes, sampleRss } from './processes.mjs';
import { connectBusiness } from './imports.mjs';

/**
 * The deadline watcher's daily round over many businesses. Connects `count`
 * Organisation test users (each its own HMRC authority, as separate businesses are) through the
 * API, a few at a time, then has the Admin run the round and times it. The bench's server does not
 * pace HMRC calls, so the round's time is VAT Wise's own cost; at HMRC's 3 a second the calls
 * themselves set the time, which the caller works out from `hmrcCalls`.
 * @param {{ client: { get(path: string): Promise<any>, post(path: string, body?: unknown): Promise<any> },
 *   pid: number | undefined, count: number, parallel?: number }} options
 */
export async function watcherFigures({ client, pid, count, parallel = 8 }) {
  const connectStarted = performance.now();
  let connected = 0;
  const connectOne = async () => {
    await connectBusiness(client);
    connected += 1;
  };
  let begun = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (begun < count) {
        begun += 1;
        await connectOne();
      }
    }),
  );
  const connectMs = performance.now() - connectStarted;

  const rssBefore = rssBytes(pid);
  const peak = sampleRss(pid);
  const started = performance.now();
  const run = await client.post('/api/agents/deadline-watcher/run');
  const roundMs = performance.now() - started;
  const peakRss = peak.stop();
  if (run.status !== 200) throw new Error(`running the deadline watcher answered ${run.status} ${run.text}`);
  return { businesses: connected, connectMs, roundMs, hmrcCalls: connected * 2, rssBefore, peakRss };
}
