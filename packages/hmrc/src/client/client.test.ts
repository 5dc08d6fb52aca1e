import { hmrcSandbox, openMemoryDatabase, SandboxStore, defaultApplication } from '@vatwise/hmrc-sandbox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HmrcError } from '../errors';
import { HmrcClient } from './client';
import { connectedUser as connectedUserOf } from './sandbox-harness';

/**
 * The client against the HMRC simulator on a real socket: what it sends (Accept, token, scenario),
 * what it makes of HMRC's answers, its time-outs and which calls it retries.
 */

const redirectUri = 'http://localhost:3000/hmrc-callback';
let server: FastifyInstance;
let baseUrl: string;

async function start(rateLimitPerSecond = 0, now?: () => number) {
  server = Fastify({ forceCloseConnections: true });
  await server.register(hmrcSandbox, {
    store: new SandboxStore(openMemoryDatabase()),
    defaultRedirectUris: [redirectUri],
    rateLimitPerSecond,
    operatorControls: true,
    ...(now ? { now } : {}),
  });
  baseUrl = await server.listen({ host: '127.0.0.1', port: 0 });
}

const client = (options: Partial<ConstructorParameters<typeof HmrcClient>[0]> = {}) =>
  new HmrcClient({
    baseUrl,
    authUrl: baseUrl,
    clientId: defaultApplication.clientId,
    clientSecret: defaultApplication.clientSecret,
    redirectUri,
    retry: { attempts: 3, baseDelayMs: 10, maxDelayMs: 50 },
    ...options,
  });

/**
 * A client whose every attempt and every wait between attempts is recorded; a wait takes no real
 * time, but moves `onWait`'s clock when the test keeps one.
 */
function recordingClient(
  options: Partial<ConstructorParameters<typeof HmrcClient>[0]> = {},
  onWait: (ms: number) => void = () => undefined,
) {
  const attempts: string[] = [];
  const waits: number[] = [];
  const hmrc = client({
    ...options,
    fetch: (url, init) => {
      attempts.push(`${init.method ?? 'GET'} ${new URL(url).pathname}`);
      return fetch(url, init);
    },
    sleep: async (ms) => {
      waits.push(ms);
      onWait(ms);
    },
  });
  const attemptsAt = (path: string) => attempts.filter((line) => line.endsWith(path)).length;
  return { hmrc, waits, attemptsAt };
}

/** A return of £100 VAT on £500 of sales, as HMRC's submit endpoint takes it. */
const hundredPoundReturn = (periodKey: string | undefined) =>
  JSON.stringify({
    periodKey,
    vatDueSales: 100,
    vatDueAcquisitions: 0,
    totalVatDue: 100,
    vatReclaimedCurrPeriod: 0,
    netVatDue: 100,
    totalValueSalesExVAT: 500,
    totalValuePurchasesExVAT: 0,
    totalValueGoodsSuppliedExVAT: 0,
    totalAcquisitionsExVAT: 0,
    finalised: true,
  });

const fault = (body: Record<string, unknown>) =>
  fetch(`${baseUrl}/operator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const connectedUser = (hmrc: HmrcClient) => connectedUserOf(hmrc, baseUrl);

beforeEach(() => start());
afterEach(() => server.close());

describe('OAuth and test users', () => {
  it('builds HMRC’s authorisation URL with the state and PKCE challenge', () => {
    const url = new URL(client().authorizationUrl({ state: 's1', codeChallenge: 'abc' }));
    expect(url.pathname).toBe('/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: defaultApplication.clientId,
      scope: 'read:vat write:vat',
      redirect_uri: redirectUri,
      state: 's1',
      code_challenge: 'abc',
      code_challenge_method: 'S256',
    });
  });

  it('creates a test user, exchanges a code and rotates the refresh token', async () => {
    const hmrc = client();
    const { tokens } = await connectedUser(hmrc);
    const refreshed = await hmrc.refreshToken(tokens.refresh_token ?? '');
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    await expect(hmrc.refreshToken(tokens.refresh_token ?? '')).rejects.toMatchObject({
      status: 400,
      kind: 'oauth',
      codes: ['invalid_grant'],
    });
  });
});

describe('VAT calls', () => {
  it('reads obligations, penalties and a return with the token, and HMRC’s Accept header', async () => {
    const hmrc = client();
    const { vrn, context } = await connectedUser(hmrc);
    const { body, correlationId } = await hmrc.obligations(vrn, { status: 'O' }, context);
    expect(body.obligations.length).toBeGreaterThan(0);
    expect(correlationId).toMatch(/^[0-9a-f-]{36}$/);
    await hmrc.penalties(vrn, context);
    await expect(hmrc.viewReturn(vrn, '17A1', context)).rejects.toMatchObject({ status: 404, kind: 'empty' });
  });

  it('sends a Gov-Test-Scenario and turns HMRC’s refusal into a typed error', async () => {
    const hmrc = client();
    const { vrn, context } = await connectedUser(hmrc);
    const refusal = await hmrc
      .obligations(vrn, { status: 'O' }, { ...context, testScenario: 'INSOLVENT_TRADER' })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HmrcError);
    expect(refusal).toMatchObject({ status: 403, kind: 'flat', codes: ['RULE_INSOLVENT_TRADER'] });
    const legacy = await hmrc.obligations(vrn, { status: 'F' }, context).catch((error: unknown) => error);
    expect(legacy).toMatchObject({ status: 400, kind: 'legacy', codes: ['MISSING_DATE_RANGE'] });
  });

  it('retries a GET after a 503 with growing back-off, and gives up after its attempts', async () => {
    const { hmrc, waits, attemptsAt } = recordingClient();
    const { vrn, context } = await connectedUser(hmrc);
    await fault({ endpoint: 'penalties', kind: 'error503', count: 2 });
    await expect(hmrc.penalties(vrn, context)).resolves.toBeDefined();
    expect(attemptsAt('/penalties')).toBe(3);
    // Back-off 10 ms then 20 ms, each with up to half again of jitter.
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(10);
    expect(waits[0]).toBeLessThanOrEqual(15);
    expect(waits[1]).toBeGreaterThanOrEqual(20);
    expect(waits[1]).toBeLessThanOrEqual(30);

    await fault({ endpoint: 'penalties', kind: 'error503', count: 3 });
    await expect(hmrc.penalties(vrn, context)).rejects.toMatchObject({ status: 503, codes: ['SERVICE_UNAVAILABLE'] });
    expect(attemptsAt('/penalties')).toBe(6);
    expect(waits).toHaveLength(4);
  });

  it('retries a GET after a dropped connection', async () => {
    const { hmrc, waits, attemptsAt } = recordingClient();
    const { vrn, context } = await connectedUser(hmrc);
    await fault({ endpoint: 'penalties', kind: 'drop', count: 1 });
    await expect(hmrc.penalties(vrn, context)).resolves.toBeDefined();
    expect(attemptsAt('/penalties')).toBe(2);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(10);
    expect(waits[0]).toBeLessThanOrEqual(15);
  });

  it('waits out a 429 as long as Retry-After says, then succeeds', async () => {
    // The simulator's rate limit and the client's waits share one clock, the test's.
    let now = Date.parse('2025-06-15T12:00:00.000Z');
    await server.close();
    await start(3, () => now);
    const { hmrc, waits, attemptsAt } = recordingClient(
      { retry: { attempts: 3, baseDelayMs: 10, maxDelayMs: 2_000 } },
      (ms) => (now += ms),
    );
    const { vrn, context } = await connectedUser(hmrc);
    now += 1_000; // connecting used calls of its own: a fresh second
    for (let call = 0; call < 3; call += 1) await hmrc.penalties(vrn, context);
    expect(waits).toEqual([]);
    // The 4th call in the second is throttled with Retry-After: 1, waits one second and gets through.
    await expect(hmrc.penalties(vrn, context)).resolves.toBeDefined();
    expect(waits).toEqual([1_000]);
    expect(attemptsAt('/penalties')).toBe(5);
  });

  it('never waits longer than maxDelayMs, whatever Retry-After asks', async () => {
    let now = Date.parse('2025-06-15T12:00:00.000Z');
    await server.close();
    await start(3, () => now);
    const { hmrc, waits, attemptsAt } = recordingClient(
      { retry: { attempts: 4, baseDelayMs: 10, maxDelayMs: 400 } },
      (ms) => (now += ms),
    );
    const { vrn, context } = await connectedUser(hmrc);
    now += 1_000;
    for (let call = 0; call < 3; call += 1) await hmrc.penalties(vrn, context);
    // Throttled at 0, 400 and 800 ms into the second; through at 1,200 ms.
    await expect(hmrc.penalties(vrn, context)).resolves.toBeDefined();
    expect(waits).toEqual([400, 400, 400]);
    expect(attemptsAt('/penalties')).toBe(7);
  });

  it('gives up on a call that takes longer than its time-out, as a timeout error', async () => {
    const hmrc = client();
    const { vrn, context } = await connectedUser(hmrc);
    await fault({ endpoint: 'penalties', kind: 'timeout', count: 1 });
    await expect(hmrc.penalties(vrn, { ...context, timeoutMs: 300 })).rejects.toMatchObject({
      status: 0,
      kind: 'timeout',
    });
  });

  it('never sends a return submission again after a 503: one failure is reported as it came', async () => {
    const { hmrc, waits, attemptsAt } = recordingClient();
    const { vrn, context } = await connectedUser(hmrc);
    const open = (await hmrc.obligations(vrn, { status: 'O' }, context)).body.obligations[0];
    const body = hundredPoundReturn(open?.periodKey);
    await fault({ endpoint: 'submitReturn', kind: 'error503', count: 2 });
    await expect(hmrc.submitReturn(vrn, body, context)).rejects.toMatchObject({ status: 503 });
    expect(attemptsAt('/returns')).toBe(1);
    expect(waits).toEqual([]);
    // One of the two faults is left: the client sent the return once.
    const faults = (await (await fetch(`${baseUrl}/operator/faults`)).json()) as { faults: { remaining: number }[] };
    expect(faults.faults).toEqual([expect.objectContaining({ remaining: 1 })]);
  });

  it('sends a throttled submission again after Retry-After, as HMRC refused it unread, and then files it once', async () => {
    const { hmrc, waits, attemptsAt } = recordingClient({
      submitRetry: { attempts: 4, baseDelayMs: 10, maxDelayMs: 400 },
    });
    const { vrn, context } = await connectedUser(hmrc);
    const today = new Date().toISOString().slice(0, 10);
    const ended = (await hmrc.obligations(vrn, { status: 'O' }, context)).body.obligations.find(
      (obligation) => obligation.end < today,
    );
    const body = hundredPoundReturn(ended?.periodKey);
    await fault({ endpoint: 'submitReturn', kind: 'error429', count: 2 });
    const { body: answer } = await hmrc.submitReturn(vrn, body, context);
    expect(answer.formBundleNumber).toMatch(/^\d{12}$/);
    // Two waits, each Retry-After (1 s) capped by the policy at 400 ms; the third attempt files it.
    expect(waits).toEqual([400, 400]);
    expect(attemptsAt('/returns')).toBe(3);

    // Throttled on every try: four attempts, three waits, then the 429 stands.
    waits.length = 0;
    await fault({ endpoint: 'submitReturn', kind: 'error429', count: 10 });
    await expect(hmrc.submitReturn(vrn, body, context)).rejects.toMatchObject({ status: 429 });
    expect(waits).toEqual([400, 400, 400]);
    expect(attemptsAt('/returns')).toBe(7);
  });
});
