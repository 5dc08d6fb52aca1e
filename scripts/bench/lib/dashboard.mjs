import { connectBusiness } from './imports.mjs';
import { median, sleep } from './processes.mjs';

/**
 * A practice of many clients on the practice dashboard: a practice is started, `count` businesses
 * are connected into it through the embedded simulator (each an Organisation test user and a
 * grant, as separate clients are), and GET /api/dashboard is timed from what VAT Wise holds. Its
 * first answer comes before anything is read from HMRC (every row queued for a background read);
 * later answers come while the background reads go on at the dashboard's own pace, and the rows
 * read meanwhile give that pace in HMRC calls a second (four calls a business).
 * @param {{ baseUrl: string, cookie: string, client: { get(path: string): Promise<any>, post(path: string, body?: unknown): Promise<any> },
 *   count: number, watchS?: number, parallel?: number }} options
 */
export async function dashboardFigures({ baseUrl, cookie, client, count, watchS = 30, parallel = 8 }) {
  const post = async (/** @type {string} */ path, /** @type {unknown} */ body) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status} ${await response.text()}`);
    return response.json();
  };
  const practice = /** @type {{ id: string }} */ (
    await post('/api/auth/organization/create', {
      name: 'Bench Practice',
      slug: `bench-practice-${Date.now()}`,
    })
  );
  await post('/api/auth/organization/set-active', { organizationId: practice.id });
  const me = (await client.get('/api/me')).json();
  if (me.user?.practice?.id !== practice.id) throw new Error('the session does not work in the new practice');

  const connectStarted = performance.now();
  let begun = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (begun < count) {
        begun += 1;
        await connectBusiness(client);
      }
    }),
  );
  const connectMs = performance.now() - connectStarted;

  const timed = async () => {
    const started = performance.now();
    const response = await client.get('/api/dashboard');
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET /api/dashboard answered ${response.status} ${response.text}`);
    /** @type {{ rows: { readAt: string | null, reading: boolean, problem: string | null }[], reading: number }} */
    const body = response.json();
    return { ms, rows: body.rows.length, read: body.rows.filter((row) => row.readAt !== null).length, body };
  };
  const first = await timed();
  const watchStarted = performance.now();
  /** @type {number[]} */
  const later = [];
  let last = first;
  while (performance.now() - watchStarted < watchS * 1000) {
    await sleep(2000);
    last = await timed();
    later.push(last.ms);
  }
  const watchedS = (performance.now() - watchStarted) / 1000;
  const everyRowSaysWhen = last.body.rows.every((row) => 'readAt' in row && 'reading' in row);
  return {
    businesses: first.rows,
    connectMs,
    firstMs: first.ms,
    firstRead: first.read,
    laterMedianMs: median([...later].sort((a, b) => a - b)),
    laterMaxMs: Math.max(...later),
    readDuring: last.read - first.read,
    watchedS,
    hmrcCallsPerSecond: ((last.read - first.read) * 4) / watchedS,
    stillReading: last.body.reading,
    problems: last.body.rows.filter((row) => row.problem !== null).length,
    aProblem: last.body.rows.find((row) => row.problem !== null)?.problem ?? null,
    everyRowSaysWhen,
  };
}
