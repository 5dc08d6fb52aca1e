// `npm run hmrc:evidence [-- --out DIR]`: the evidence HMRC asks for before it grants production
// credentials (good requests, good fraud prevention headers, in its sandbox). Drives VAT Wise through
// every HMRC endpoint it uses, captures every request VAT Wise sends HMRC on the wire and HMRC's
// answer through a recording proxy, asks HMRC's Test Fraud Prevention Headers API for its
// validation feedback (WEB_APP_VIA_SERVER and BATCH_PROCESS_DIRECT), checks each captured request
// with the simulator's validateFraudHeaders, and writes report.json and report.md (secrets redacted)
// to DIR (default hmrc-evidence/ at the repository root, git-ignored).
//
// What runs (all on 127.0.0.1, in a temporary folder removed afterwards):
//   - the HMRC simulator on its own (packages/hmrc-sandbox/src/standalone.ts, in memory, HMRC's rate
//     limit of 3 a second) with an application of this run's own registered (--applications);
//   - the recording proxy (recording-proxy.ts) in front of it: VAT Wise's HMRC_BASE_URL;
//   - VAT Wise's compiled server (apps/server/dist/server.js, built first when stale), on a fresh
//     SQLite database, NODE_ENV=development (production refuses documentation addresses), as behind one trusted proxy (TRUST_PROXY=1, CLIENT_PORT_HEADER=x-client-port),
//     PUBLIC_URL https://198.51.100.10 and VENDOR_PUBLIC_IP 198.51.100.10 (documentation addresses);
//     HMRC_AUTH_URL is the simulator itself (the browser's sign-in pages are not VAT Wise's requests).
// The journeys (journeys.ts) send every request with the web app's fraud prevention headers and
// X-Forwarded-For 203.0.113.7 (the business) or 203.0.113.42 (the agent).
//
// HMRC's real sandbox instead of the simulator: set
//   EVIDENCE_HMRC_BASE_URL       HMRC's API host, e.g. https://test-api.service.hmrc.gov.uk
//   EVIDENCE_HMRC_AUTH_URL       HMRC's sign-in host (default https://test-www.tax.service.gov.uk)
//   EVIDENCE_HMRC_CLIENT_ID      the sandbox application's client id (Developer Hub)
//   EVIDENCE_HMRC_CLIENT_SECRET  its client secret
//   EVIDENCE_HMRC_REDIRECT_URI   a redirect URI registered on it (default https://198.51.100.10/hmrc-callback)
// The proxy then forwards to EVIDENCE_HMRC_BASE_URL and no simulator starts. That path needs real
// credentials and has not been run: the simulated browser knows the simulator's sign-in and grant
// pages, not Government Gateway's, so the journeys will likely stop at the first sign-in there.
//
// Exit codes: 0 when no request's fraud prevention headers are INVALID_HEADERS (warnings allowed);
// 1 when any is (captured, or in HMRC's feedback), or the evidence is incomplete (a journey failed,
// an endpoint was not reached, the feedback could not be read); 2 when the run could not start.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { connectionMethods } from '@vatwise/domain';
import { validateFraudHeaders } from '@vatwise/hmrc-sandbox';
import {
  freePort,
  type ManagedProcess,
  repoRoot,
  startManagedProcess,
  waitFor,
} from '../../tests/cluster/harness/processes';
import { clientPublicIps, runJourneys } from './journeys';
import { type RecordingProxy, startRecordingProxy } from './recording-proxy';
import { connectionMethodOf, endpointOf, needsFraudHeaders } from './endpoints';
import type { CheckedExchange, Exchange, FeedbackResult } from './model';
import { redactExchange, scrubTree, secretsIn } from './redaction';
import { byEndpoint, type Report, renderMarkdown } from './report';
import { summarise, summaryText } from './summary';

const usage = `Usage: npm run hmrc:evidence -- [--out DIR]

Drives VAT Wise through every HMRC endpoint it uses against the HMRC simulator (default) or HMRC's
sandbox, records every request VAT Wise sends HMRC and HMRC's answer, asks HMRC's Test Fraud
Prevention Headers API for its validation feedback, and writes DIR/report.json and DIR/report.md
with secrets redacted. Prints the summary.

  --out DIR   where to write the report (default hmrc-evidence/ at the repository root)
  --help      this text

HMRC's sandbox instead of the simulator (needs a Developer Hub sandbox application; untested here,
and the simulated browser knows only the simulator's sign-in pages):
  EVIDENCE_HMRC_BASE_URL       e.g. https://test-api.service.hmrc.gov.uk
  EVIDENCE_HMRC_AUTH_URL       default https://test-www.tax.service.gov.uk
  EVIDENCE_HMRC_CLIENT_ID, EVIDENCE_HMRC_CLIENT_SECRET
  EVIDENCE_HMRC_REDIRECT_URI   registered on the application (default https://198.51.100.10/hmrc-callback)

Exit 0: no INVALID_HEADERS (warnings allowed). Exit 1: INVALID_HEADERS in any request, or the
evidence is incomplete (a journey failed, an endpoint missing, the feedback not read). Exit 2: the
run could not start.`;

/** PUBLIC_URL and VENDOR_PUBLIC_IP: documentation addresses standing for VAT Wise's public ones. */
const vendorPublicIp = '198.51.100.10';
const publicUrl = `https://${vendorPublicIp}`;
const hmrcAccept = 'application/vnd.hmrc.1.0+json';

const write = (text: string) => process.stdout.write(`${text}\n`);
const note = (text: string) => process.stderr.write(`${text}\n`);

interface Target {
  kind: 'simulator' | 'hmrc-sandbox';
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

function realSandboxTarget(): Target | undefined {
  const env = process.env;
  if (!env.EVIDENCE_HMRC_BASE_URL) return undefined;
  const clientId = env.EVIDENCE_HMRC_CLIENT_ID;
  const clientSecret = env.EVIDENCE_HMRC_CLIENT_SECRET;
  if (!clientId || !clientSecret) {
    throw new Error('EVIDENCE_HMRC_BASE_URL needs EVIDENCE_HMRC_CLIENT_ID and EVIDENCE_HMRC_CLIENT_SECRET');
  }
  return {
    kind: 'hmrc-sandbox',
    baseUrl: env.EVIDENCE_HMRC_BASE_URL.replace(/\/+$/, ''),
    authUrl: (env.EVIDENCE_HMRC_AUTH_URL ?? 'https://test-www.tax.service.gov.uk').replace(/\/+$/, ''),
    clientId,
    clientSecret,
    redirectUri: env.EVIDENCE_HMRC_REDIRECT_URI ?? `${publicUrl}/hmrc-callback`,
  };
}

/** The simulator on its own, with an application of this run's own (as Developer Hub would register it). */
async function startSimulator(workDir: string, processes: ManagedProcess[]): Promise<Target> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const application = {
    clientId: `vatwise-evidence-${randomBytes(4).toString('hex')}`,
    clientSecret: randomBytes(24).toString('hex'),
    name: 'VAT Wise (HMRC evidence run)',
    redirectUris: [`${publicUrl}/hmrc-callback`],
  };
  const applications = path.join(workDir, 'applications.json');
  fs.writeFileSync(applications, JSON.stringify([application]));
  const managed = startManagedProcess(
    `HMRC simulator (${url})`,
    [
      '--import',
      'tsx',
      'packages/hmrc-sandbox/src/standalone.ts',
      '--memory',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--rate-limit',
      '3',
      '--applications',
      applications,
    ],
    {},
  );
  processes.push(managed);
  await waitFor(
    async () => {
      if (managed.hasExited()) throw new Error(`the simulator exited while starting:\n${managed.output()}`);
      return (await fetch(`${url}/operator/calls`).catch(() => undefined))?.status === 200;
    },
    'the HMRC simulator to listen',
    { timeoutMs: 60_000, intervalMs: 100 },
  );
  return {
    kind: 'simulator',
    baseUrl: url,
    authUrl: url,
    clientId: application.clientId,
    clientSecret: application.clientSecret,
    redirectUri: application.redirectUris[0] ?? '',
  };
}

async function startVatWise(
  target: Target,
  proxy: RecordingProxy,
  workDir: string,
  processes: ManagedProcess[],
): Promise<string> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = path.join(workDir, 'vatwise-data');
  fs.mkdirSync(dataDir);
  const env: Record<string, string> = {
    // Not production: there VAT Wise refuses a VENDOR_PUBLIC_IP in a documentation range, as it
    // should for real HMRC. Nothing VAT Wise sends HMRC depends on NODE_ENV.
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    HMRC_CLIENT_ID: target.clientId,
    HMRC_CLIENT_SECRET: target.clientSecret,
    HMRC_BASE_URL: proxy.url,
    HMRC_AUTH_URL: target.authUrl,
    HMRC_REDIRECT_URI: target.redirectUri,
    // The proxy's address does not start test-: say it is a sandbox (test users, scenarios).
    HMRC_ENVIRONMENT: 'sandbox',
    // HMRC Assist is off against any HMRC but the embedded simulator until April 2027: on here.
    HMRC_ASSIST: 'on',
    // One proxy in front, as in production: its X-Forwarded-For names the browser, its header the port.
    TRUST_PROXY: '1',
    CLIENT_PORT_HEADER: 'x-client-port',
    VENDOR_PUBLIC_IP: vendorPublicIp,
    // The schedules stay off so no round runs at a time of its own; scenario d runs one on purpose.
    AGENTS_ENABLED: 'false',
    // Nothing else leaves the machine: GOV.UK's news feed is a port nothing listens on.
    HMRC_FEED_URL: 'http://127.0.0.1:9/hmrc-feed.atom',
    LOG_LEVEL: 'warn',
  };
  const managed = startManagedProcess(
    `VAT Wise (${url})`,
    [path.join(repoRoot, 'apps/server/dist/server.js')],
    env,
    // The data folder as working folder, so no developer's .env is read.
    { cwd: dataDir },
  );
  processes.push(managed);
  await waitFor(
    async () => {
      if (managed.hasExited()) throw new Error(`VAT Wise exited while starting:\n${managed.output()}`);
      return (await fetch(`${url}/api/ready`).catch(() => undefined))?.status === 200;
    },
    'VAT Wise to answer /api/ready',
    { timeoutMs: 60_000, intervalMs: 100 },
  );
  return url;
}

/** One request of our own to HMRC (not VAT Wise's), kept as an exchange for the report. */
async function ownCall(
  baseUrl: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ exchange: Exchange; json: unknown }> {
  const started = Date.now();
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${baseUrl}${url}`, { method, headers, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    // HMRC's 3 a second is the application's, shared with VAT Wise: wait as HMRC says and ask again.
    if (response.status === 429 && attempt < 4) {
      await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') ?? 1)));
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return {
      json,
      exchange: {
        id: 0,
        scenario: 'feedback',
        startedAt: new Date(started).toISOString(),
        durationMs: Date.now() - started,
        method,
        url,
        requestHeaders: headers,
        requestBody: body ?? '',
        status: response.status,
        responseHeaders: Object.fromEntries(response.headers),
        responseBody: text,
      },
    };
  }
}

/** HMRC's validation feedback per connection method, with an application (client-credentials) token. */
async function readFeedback(target: Target): Promise<FeedbackResult[]> {
  const token = await ownCall(
    target.baseUrl,
    'POST',
    '/oauth/token',
    { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: target.clientId,
      client_secret: target.clientSecret,
    }).toString(),
  );
  const accessToken = (token.json as { access_token?: string } | undefined)?.access_token;
  const results: FeedbackResult[] = [];
  for (const connectionMethod of connectionMethods) {
    if (!accessToken) {
      results.push({
        connectionMethod,
        ok: false,
        status: token.exchange.status,
        problem: `no application token: /oauth/token answered ${token.exchange.status}`,
        exchanges: [token.exchange],
      });
      continue;
    }
    const feedback = await ownCall(
      target.baseUrl,
      'GET',
      `/test/fraud-prevention-headers/vat-mtd/validation-feedback?connectionMethod=${connectionMethod}`,
      { accept: hmrcAccept, authorization: `Bearer ${accessToken}` },
    );
    const body = feedback.json as { requests?: unknown; code?: string; message?: string } | undefined;
    const ok = feedback.exchange.status === 200 && Array.isArray(body?.requests);
    results.push({
      connectionMethod,
      ok,
      status: feedback.exchange.status,
      ...(ok
        ? {}
        : {
            problem: `HTTP ${feedback.exchange.status}${body?.code ? ` ${body.code}` : ''}${body?.message ? `: ${body.message}` : ''}`,
          }),
      body: feedback.json,
      exchanges: [token.exchange, feedback.exchange],
    });
  }
  return results;
}

function checked(exchange: Exchange): CheckedExchange {
  const headers = Object.fromEntries(Object.entries(exchange.requestHeaders).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ...exchange,
    endpoint: endpointOf(exchange.method, exchange.url),
    connectionMethod: connectionMethodOf(exchange),
    ...(needsFraudHeaders(exchange.url) ? { verdict: validateFraudHeaders(headers) } : {}),
  };
}

function buildIfStale() {
  note('--- building VAT Wise if its sources changed (node scripts/build.mjs --if-stale)');
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs'), '--if-stale'], {
    cwd: repoRoot,
    // Its output goes to stderr: stdout is the summary.
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) throw new Error(`the build failed (exit ${result.status ?? result.signal})`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, help: { type: 'boolean', default: false } },
  });
  if (values.help) {
    write(usage);
    return 0;
  }
  const outDir = path.resolve(values.out ?? path.join(repoRoot, 'hmrc-evidence'));
  const started = Date.now();
  const processes: ManagedProcess[] = [];
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vatwise-hmrc-evidence-'));
  let proxy: RecordingProxy | undefined;
  const stopAll = async () => {
    for (const managed of processes.reverse()) await managed.stop(10_000).catch(() => undefined);
    await proxy?.close().catch(() => undefined);
    fs.rmSync(workDir, { recursive: true, force: true });
  };
  // Ctrl-C or a CI time-out: the processes and the temporary folder go too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      note(`--- ${signal}: stopping`);
      void stopAll().finally(() => process.exit(130));
    });
  }
  const logs = () =>
    processes
      .map(
        (managed) =>
          `----- ${managed.name} (last lines) -----\n${managed.output().trimEnd().split('\n').slice(-60).join('\n')}`,
      )
      .join('\n');

  let target: Target;
  let vatWiseUrl: string;
  try {
    buildIfStale();
    note('--- starting the HMRC simulator, the recording proxy and VAT Wise');
    target = realSandboxTarget() ?? (await startSimulator(workDir, processes));
    proxy = await startRecordingProxy(target.baseUrl);
    vatWiseUrl = await startVatWise(target, proxy, workDir, processes);
  } catch (error) {
    note(`The evidence run could not start: ${error instanceof Error ? error.message : String(error)}\n${logs()}`);
    await stopAll();
    return 2;
  }

  try {
    note(`--- journeys: VAT Wise ${vatWiseUrl} -> proxy ${proxy.url} -> ${target.kind} ${target.baseUrl}`);
    const secrets = new Set<string>([target.clientSecret]);
    const { scenarios } = await runJourneys({ vatWiseUrl, publicUrl, proxy, secrets });
    for (const scenario of scenarios) {
      note(`    ${scenario.id}. ${scenario.title}: ${scenario.passed ? 'passed' : `FAILED: ${scenario.error ?? ''}`}`);
    }
    await proxy.idle();
    note("--- HMRC's validation feedback");
    const feedback = await readFeedback(target);

    // Every secret met anywhere is scrubbed everywhere (a token echoed in a message, a password in a body).
    const captured = [...proxy.exchanges];
    for (const exchange of [...captured, ...feedback.flatMap((result) => result.exchanges)]) {
      for (const secret of secretsIn(exchange)) secrets.add(secret);
    }
    const exchanges = captured.map(checked).map((exchange) => redactExchange(exchange, secrets));
    const redactedFeedback = feedback.map((result) => ({
      ...result,
      body: scrubTree(result.body, secrets),
      exchanges: result.exchanges.map((exchange) => redactExchange(exchange, secrets)),
    }));
    // A step's failure quotes VAT Wise's answer: scrubbed as well.
    const shownScenarios = scrubTree(scenarios, secrets) as typeof scenarios;
    const summary = summarise({
      target:
        target.kind === 'simulator' ? `the HMRC simulator (${target.baseUrl})` : `HMRC's sandbox (${target.baseUrl})`,
      exchanges,
      feedback: redactedFeedback,
      scenarios: shownScenarios,
    });
    const report: Report = {
      generatedAt: new Date().toISOString(),
      command: 'npm run hmrc:evidence',
      target: {
        kind: target.kind,
        hmrcBaseUrl: target.baseUrl,
        hmrcAuthUrl: target.authUrl,
        clientId: target.clientId,
      },
      vatWise: { publicUrl, vendorPublicIp, clientPublicIps: Object.values(clientPublicIps) },
      durationMs: Date.now() - started,
      summary,
      scenarios: shownScenarios,
      endpoints: byEndpoint(exchanges),
      feedback: redactedFeedback,
    };
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
    fs.writeFileSync(path.join(outDir, 'report.md'), renderMarkdown(report));
    if (summary.scenarios.failed.length > 0) note(logs());
    write(summaryText(summary));
    write(
      `  report: ${path.join(outDir, 'report.md')} and report.json (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    return summary.exitCode;
  } finally {
    await stopAll();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    note(`hmrc:evidence crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(2);
  },
);
