import { freePort, type ManagedProcess, startManagedProcess, waitFor } from './processes';

/** One request as the simulator logged it (GET /operator/requests), with its arrival time in ms. */
export interface SimulatorRequest {
  at: string;
  /** `at` in epoch milliseconds. */
  atMs: number;
  method: string;
  /** Below the simulator's root, no query string: `/oauth/token`, `/organisations/vat/{vrn}/obligations`. */
  path: string;
  status?: number;
  /** For `/oauth/token`: `authorization_code`, `refresh_token` or `client_credentials`. */
  grantType?: string;
}

/** The HMRC simulator in its own process (`npm run sandbox`), with its operator controls. */
export interface HmrcSimulator {
  url: string;
  /** Every request it received since it started (or since `since`, epoch ms), oldest first. */
  requests(since?: number): Promise<SimulatorRequest[]>;
  /** Calls per VAT endpoint since the start (`submitReturn`, `obligations`, …). */
  calls(): Promise<Record<string, number>>;
  /** Any operator control: `operator('POST', '/faults', {endpoint, kind})`. */
  operator(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }>;
  log(): string;
  stop(): Promise<void>;
}

export async function startSimulator(options: {
  rateLimit: number;
  redirectUri: string;
  onStart?: (managed: ManagedProcess) => void;
}): Promise<HmrcSimulator> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
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
      String(options.rateLimit),
      '--redirect-uri',
      options.redirectUri,
    ],
    {},
  );
  options.onStart?.(managed);

  const operator = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}/operator${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined };
  };
  await waitFor(
    async () => {
      if (managed.hasExited()) throw new Error(`the simulator exited while starting:\n${managed.output()}`);
      return (await operator('GET', '/calls').catch(() => undefined))?.status === 200;
    },
    'the HMRC simulator to listen',
    { timeoutMs: 30_000, intervalMs: 100 },
  );

  return {
    url,
    async requests(since) {
      const answer = await operator('GET', `/requests${since === undefined ? '' : `?since=${since}`}`);
      const { requests } = answer.json as { requests: Omit<SimulatorRequest, 'atMs'>[] };
      return requests.map((request) => ({ ...request, atMs: Date.parse(request.at) }));
    },
    async calls() {
      return ((await operator('GET', '/calls')).json as { calls: Record<string, number> }).calls;
    },
    operator,
    log: managed.output,
    stop: () => managed.stop(),
  };
}

/** The most requests that arrived within any one second (a sliding window of 1,000 ms). */
export function mostInAnySecond(requests: { atMs: number }[]): number {
  const times = requests.map((request) => request.atMs).sort((a, b) => a - b);
  let most = 0;
  for (let first = 0, last = 0; last < times.length; last += 1) {
    while ((times[last] ?? 0) - (times[first] ?? 0) >= 1000) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}
