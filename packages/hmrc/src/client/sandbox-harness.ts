import {
  defaultApplication,
  hmrcSandbox,
  openMemoryDatabase,
  SandboxStore,
  startPageLink,
} from '@vatwise/hmrc-sandbox';
import Fastify, { type FastifyInstance } from 'fastify';
import { HmrcClient, type HmrcClientOptions } from './client';
import { webAppFraudHeaders } from './fraud-headers';

/**
 * For tests of the client against the HMRC simulator on a real socket: the simulator started,
 * a client of its default application, and a connected test user with a user token.
 */

export const redirectUri = 'http://localhost:3000/hmrc-callback';

export async function startSandbox(options: { rateLimitPerSecond?: number; now?: () => number } = {}) {
  const server: FastifyInstance = Fastify({ forceCloseConnections: true });
  await server.register(hmrcSandbox, {
    store: new SandboxStore(openMemoryDatabase()),
    defaultRedirectUris: [redirectUri],
    rateLimitPerSecond: options.rateLimitPerSecond ?? 0,
    operatorControls: true,
    ...(options.now ? { now: options.now } : {}),
  });
  const baseUrl = await server.listen({ host: '127.0.0.1', port: 0 });
  return { server, baseUrl };
}

export const sandboxClient = (baseUrl: string, options: Partial<HmrcClientOptions> = {}) =>
  new HmrcClient({
    baseUrl,
    authUrl: baseUrl,
    clientId: defaultApplication.clientId,
    clientSecret: defaultApplication.clientSecret,
    redirectUri,
    retry: { attempts: 3, baseDelayMs: 10, maxDelayMs: 50 },
    ...options,
  });

/** A user token the way a browser would get one, driving the simulator's pages. */
export async function userToken(hmrc: HmrcClient, baseUrl: string, userId: string, password: string) {
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
  // HMRC's start pages come first (docs/reference/hmrc-vat-api.md §2.4): follow their buttons to the sign-in form.
  let signInUrl = new URL(response.headers.get('location') ?? '', baseUrl);
  response = await fetch(signInUrl, { headers: { cookie: cookie() } });
  let signIn = await response.text();
  for (let link = startPageLink(signIn); link; link = startPageLink(signIn)) {
    signInUrl = new URL(link, baseUrl);
    response = await fetch(signInUrl, { headers: { cookie: cookie() } });
    signIn = await response.text();
  }
  keep(response);
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

export async function connectedUser(hmrc: HmrcClient, baseUrl: string) {
  const user = await hmrc.createTestUser('organisations', ['mtd-vat']);
  const tokens = await userToken(hmrc, baseUrl, user.userId, user.password);
  return {
    vrn: String(user.vrn),
    context: { accessToken: tokens.access_token, fraudHeaders: webAppFraudHeaders({}) },
    tokens,
  };
}
