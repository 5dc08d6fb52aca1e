import { hmrcSandbox, openMemoryDatabase, SandboxStore, defaultApplication } from '@vatwise/hmrc-sandbox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HmrcError } from '../errors';
import { HmrcClient } from './client';

/**
 * The client against the HMRC simulator on a real socket: what it sends (Accept, token, scenario),
 * what it makes of HMRC's answers, its time-outs and which calls it retries.
 */

const redirectUri = 'http://localhost:3000/hmrc-callback';
let server: FastifyInstance;
let baseUrl: string;

async function start(rateLimitPerSecond = 0) {
  server = Fastify({ forceCloseConnections: true });
  await server.register(hmrcSandbox, {
    store: new SandboxStore(openMemoryDatabase()),
    defaultRedirectUris: [redirectUri],
    rateLimitPerSecond,
    operatorControls: true,
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

const fault = (body: Record<string, unknown>) =>
  fetch(`${baseUrl}/operator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A user token the way a browser would get one, driving the simulator's pages. */
async function userToken(hmrc: HmrcClient, userId: string, password: string) {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
  };
  const field = (html: string, name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? '';
  let response = await fetch(hmrc.authorizationUrl({ state: 'client-test' }), { redirect: 'manual' });
  const signInUrl = new URL(response.headers.get('location') ?? '', baseUrl);
  response = await fetch(signInUrl, { headers: { cookie: cookie() } });
  keep(response);
  const signIn = await response.text();
  response = await fetch(signInUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie() },
    body: new URLSearchParams({
      userId,
      password,
      continue: field(signIn, 'continue'),
      csrfToken: field(signIn, 'csrfToken'),
    }),
  });
  keep(response);
  const grantUrl = new URL(response.headers.get('location') ?? '', baseUrl);
  response = await fetch(grantUrl, { headers: { cookie: cookie() } });
  keep(response);
  const grant = await response.text();
  response = await fetch(grantUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie() },
    body: new URLSearchParams({
      auth_id: field(grant, 'auth_id'),
      state: field(grant, 'state'),
      csrfToken: field(grant, 'csrfToken'),
    }),
  });
  const code = new URL(response.headers.get('location') ?? '').searchParams.get('code') ?? '';
  return hmrc.exchangeCode(code);
}

async function connectedUser(hmrc: HmrcClient) {
  const user = await hmrc.createTestUser('organisations', ['mtd-vat']);
  const tokens = await userToken(hmrc, user.userId, user.password);
  return { vrn: String(user.vrn), context: { accessToken: tokens.access_token, fraudHeaders: {} }, tokens };
}

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

  it('retries a GET after a 503, and gives up after its attempts', async () => {
    const hmrc = client();
    const { vrn, context } = await connectedUser(hmrc);
    await fault({ endpoint: 'penalties', kind: 'error503', count: 2 });
    await expect(hmrc.penalties(vrn, context)).resolves.toBeDefined();
    await fault({ endpoint: 'penalties', kind: 'error503', count: 3 });
    await expect(hmrc.penalties(vrn, context)).rejects.toMatchObject({ status: 503, codes: ['SERVICE_UNAVAILABLE'] });
  });

  it('retries a GET after a dropped connection', async () => {
    const hmrc = client();
    const { vrn, context } = await connectedUser(hmrc);
    await fault({ endpoint: 'penalties', kind: 'drop', count: 1 });
    await expect(hmrc.penalties(vrn, context)).resolves.toBeDefined();
  });

  it('waits out a 429 as Retry-After says, then succeeds', async () => {
    await server.close();
    await start(3);
    const hmrc = client({ retry: { attempts: 3, baseDelayMs: 10, maxDelayMs: 2_000 } });
    const { vrn, context } = await connectedUser(hmrc);
    const answers = await Promise.all(Array.from({ length: 5 }, () => hmrc.penalties(vrn, context)));
    expect(answers).toHaveLength(5);
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

  it('never retries a return submission: one failure is reported as it came', async () => {
    const hmrc = client();
    const { vrn, context } = await connectedUser(hmrc);
    const open = (await hmrc.obligations(vrn, { status: 'O' }, context)).body.obligations[0];
    const body = JSON.stringify({
      periodKey: open?.periodKey,
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
    await fault({ endpoint: 'submitReturn', kind: 'error503', count: 2 });
    await expect(hmrc.submitReturn(vrn, body, context)).rejects.toMatchObject({ status: 503 });
    // One of the two faults is left: the client sent the return once.
    const faults = (await (await fetch(`${baseUrl}/operator/faults`)).json()) as { faults: { remaining: number }[] };
    expect(faults.faults).toEqual([expect.objectContaining({ remaining: 1 })]);
  });

  it('sends a throttled submission again after Retry-After, as HMRC refused it unread, and then files it once', async () => {
    const hmrc = client({ submitRetry: { attempts: 4, baseDelayMs: 10, maxDelayMs: 400 } });
    const { vrn, context } = await connectedUser(hmrc);
    const today = new Date().toISOString().slice(0, 10);
    const ended = (await hmrc.obligations(vrn, { status: 'O' }, context)).body.obligations.find(
      (obligation) => obligation.end < today,
    );
    const body = JSON.stringify({
      periodKey: ended?.periodKey,
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
    await fault({ endpoint: 'submitReturn', kind: 'error429', count: 2 });
    const started = performance.now();
    const { body: answer } = await hmrc.submitReturn(vrn, body, context);
    // Two waits, each Retry-After (1 s) capped by the policy at 400 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(800);
    expect(answer.formBundleNumber).toMatch(/^\d{12}$/);
    const calls = (await (await fetch(`${baseUrl}/operator/calls`)).json()) as { calls: Record<string, number> };
    expect(calls.calls.submitReturn).toBe(3);

    // Throttled on every try: four attempts, then the 429 stands.
    await fault({ endpoint: 'submitReturn', kind: 'error429', count: 10 });
    await expect(hmrc.submitReturn(vrn, body, context)).rejects.toMatchObject({ status: 429 });
    const faults = (await (await fetch(`${baseUrl}/operator/faults`)).json()) as { faults: { remaining: number }[] };
    expect(faults.faults).toEqual([expect.objectContaining({ remaining: 6 })]);
  });
});
