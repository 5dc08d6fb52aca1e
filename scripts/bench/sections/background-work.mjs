// Sections 6-8: what one instance does besides answering pages: live-update sockets, the
// deadline watcher's round, and the practice dashboard's refresh from HMRC.
import { liveServer } from '../lib/bench.mjs';
import { config } from '../lib/config.mjs';
import { kb, mb, ms, print, ratio, seconds } from '../lib/format.mjs';
import { dashboardFigures } from '../lib/dashboard.mjs';
import { apiClient } from '../lib/imports.mjs';
import { socketFigures } from '../lib/sockets.mjs';
import { signUp } from '../lib/vatwise.mjs';
import { watcherFigures } from '../lib/watcher.mjs';

/** @typedef {import('../lib/bench.mjs').Section} Section */

/** @param {import('../lib/bench.mjs').Bench} bench */
function serverAndSession(bench) {
  const server = liveServer(bench);
  if (!bench.session) throw new Error('no server or session');
  return { server, session: bench.session };
}

/** @type {Section} */
export const sockets = {
  number: '6',
  title: '6. Sockets: 1,000 live-update sockets open on one instance',
  async run(bench) {
    const { server, session } = serverAndSession(bench);
    const figures = await socketFigures({
      baseUrl: server.baseUrl,
      cookie: session.cookie,
      pid: server.pid,
      count: 1000,
    });
    bench.results.sockets = figures;
    const perSocket = ratio((figures.rssAfter ?? 0) - (figures.rssBefore ?? 0), figures.count);
    print(`  opened ${figures.count} in ${seconds(figures.openMs)}`);
    print(
      `  server memory ${mb(figures.rssBefore)} before, ${mb(figures.rssAfter)} with them open (${kb(perSocket)} per socket)`,
    );
    print(
      `  an Admin's pause reached them all: median ${ms(figures.fanOutMedianMs)}, last ${ms(figures.fanOutLastMs)}`,
    );
  },
};

/** @type {Section} */
export const deadlineWatcher = {
  number: '7',
  title: `7. Deadline watcher: one round over ${config.watcherBusinesses} connected businesses`,
  async run(bench) {
    const { server, session } = serverAndSession(bench);
    const figures = await watcherFigures({
      client: apiClient(server.baseUrl, session.cookie),
      pid: server.pid,
      count: config.watcherBusinesses,
    });
    bench.results.watcher = figures;
    print(
      `  connected ${figures.businesses} businesses (a test user and a grant each) in ${seconds(figures.connectMs)}`,
    );
    print(
      `  the round took ${seconds(figures.roundMs)} (${ms(figures.roundMs / figures.businesses)} a business), HMRC not paced; ` +
        `server memory ${mb(figures.rssBefore)} before, ${mb(figures.peakRss)} at its peak`,
    );
    print(
      // One call every (1000 + 250) / 3 ms: HmrcPacer's spacing at HMRC's 3 a second.
      `  its ${figures.hmrcCalls} HMRC calls at VAT Wise's pace under HMRC's 3 a second (about 2.4): ${seconds(figures.hmrcCalls * ((1000 + 250) / 3))}`,
    );
  },
};

/** @type {Section} */
export const practiceDashboard = {
  number: '8',
  title: `8. Practice dashboard: a practice of ${config.dashboardClients} clients`,
  async run(bench) {
    const server = liveServer(bench);
    // Its own account: the practice's businesses are not the first session's.
    const own = await signUp(server.baseUrl, `bench-practice-${Date.now()}@example.com`);
    const figures = await dashboardFigures({
      baseUrl: server.baseUrl,
      cookie: own.cookie,
      client: apiClient(server.baseUrl, own.cookie),
      count: config.dashboardClients,
    });
    bench.results.dashboard = figures;
    print(`  connected ${figures.businesses} clients into the practice in ${seconds(figures.connectMs)}`);
    print(
      `  first GET /api/dashboard, from what VAT Wise holds (${figures.firstRead} rows read yet, the rest queued): ${ms(figures.firstMs, 0)}`,
    );
    print(
      `  while reading in the background: median ${ms(figures.laterMedianMs, 0)}, slowest ${ms(figures.laterMaxMs, 0)}; ` +
        `every row says when it was read: ${figures.everyRowSaysWhen ? 'yes' : 'NO'}`,
    );
    print(
      `  ${figures.readDuring} rows read from HMRC in ${figures.watchedS.toFixed(0)} s = ${figures.hmrcCallsPerSecond.toFixed(2)} HMRC calls a second ` +
        `(the dashboard's pace: at most 2 of HMRC's 3); ${figures.stillReading} still queued`,
    );
    if (figures.problems > 0) print(`  ${figures.problems} rows whose read failed, e.g. “${figures.aProblem}”`);
  },
};
