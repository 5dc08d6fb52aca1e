import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { defaultApplication } from '../oauth/applications';
import { startPageLink } from '../oauth/pages';
import { type HmrcSandboxOptions, hmrcSandbox } from '../plugin';
import { SandboxStore, openMemoryDatabase } from '../store/store';

/**
 * A simulator for one test: in memory, mounted under /hmrc-sandbox as VAT Wise mounts it, with the
 * operator controls on and (unless the test says otherwise) no rate limit. Helpers drive it the
 * way a client and a browser would, over HTTP.
 */
export const basePath = '/hmrc-sandbox';
export const redirectUri = 'http://localhost:3000/hmrc-callback';
export const vatAccept = 'application/vnd.hmrc.1.0+json';

export interface Sandbox {
  app: FastifyInstance;
  close(): Promise<void>;
  /** A client-credentials (application) token. */
  appToken(): Promise<string>;
  createUser(kind: 'individuals' | 'organisations' | 'agents', serviceNames?: string[]): Promise<TestUser>;
  /** Signs in as the user in a simulated browser, gives permission and exchanges the code. */
  authorise(user: TestUser, scope?: string): Promise<Tokens>;
  /** An API call (VAT, agent authorisation) with HMRC's Accept header for version 1.0 and the token. */
  vat(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options?: { token?: string; headers?: Record<string, string>; body?: string },
  ): Promise<LightMyRequestResponse>;
  token(form: Record<string, string>): Promise<LightMyRequestResponse>;
  operator(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<LightMyRequestResponse>;
}

export interface TestUser {
  userId: string;
  password: string;
  vrn?: string;
  [field: string]: unknown;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
  token_type: string;
}

export async function startSandbox(options: Partial<HmrcSandboxOptions> = {}): Promise<Sandbox> {
  const database = openMemoryDatabase();
  // A caller that gave up leaves its socket to the server's keep-alive; do not wait for it on close.
  const app = Fastify({ forceCloseConnections: true });
  await app.register(hmrcSandbox, {
    prefix: basePath,
    store: new SandboxStore(database),
    defaultRedirectUris: [redirectUri],
    rateLimitPerSecond: 0,
    operatorControls: true,
    ...options,
  });
  await app.ready();

  const token = (form: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: `${basePath}/oauth/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  const appToken = async () => {
    const response = await token({
      grant_type: 'client_credentials',
      client_id: defaultApplication.clientId,
      client_secret: defaultApplication.clientSecret,
    });
    return (response.json() as Tokens).access_token;
  };

  const sandbox: Sandbox = {
    app,
    close: async () => {
      await app.close();
      await database.destroy();
    },
    appToken,
    async createUser(kind, serviceNames = kind === 'agents' ? ['agent-services'] : ['mtd-vat']) {
      const response = await app.inject({
        method: 'POST',
        url: `${basePath}/create-test-user/${kind}`,
        headers: { accept: vatAccept, authorization: `Bearer ${await appToken()}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ serviceNames }),
      });
      if (response.statusCode !== 201) throw new Error(`create test user: ${response.statusCode} ${response.body}`);
      return response.json() as TestUser;
    },
    async authorise(user, scope = 'read:vat write:vat') {
      const browser = new SimulatedBrowser(app);
      const state = randomBytes(8).toString('hex');
      const signIn = await browser.openSignIn(authorizeUrl({ scope, state }));
      const granted = await browser.submitSignIn(signIn, user.userId, user.password);
      const redirect = await browser.givePermissionFrom(granted);
      const code = new URL(redirect).searchParams.get('code') ?? '';
      const response = await token({
        grant_type: 'authorization_code',
        client_id: defaultApplication.clientId,
        client_secret: defaultApplication.clientSecret,
        redirect_uri: redirectUri,
        code,
      });
      if (response.statusCode !== 200) throw new Error(`code exchange: ${response.statusCode} ${response.body}`);
      return response.json() as Tokens;
    },
    vat(method, path, { token: bearer, headers = {}, body } = {}) {
      return app.inject({
        method,
        url: `${basePath}${path}`,
        headers: {
          accept: vatAccept,
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { payload: body }),
      });
    },
    token,
    operator(method, path, body) {
      return app.inject({
        method,
        url: `${basePath}/operator${path}`,
        ...(body === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
      });
    },
  };
  return sandbox;
}

export function authorizeUrl(params: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: defaultApplication.clientId,
    scope: 'read:vat write:vat',
    redirect_uri: redirectUri,
    ...params,
  });
  return `${basePath}/oauth/authorize?${query.toString()}`;
}

export const pkcePair = () => {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** A page as the browser got it, after following redirects within the simulator. */
export interface Page {
  url: string;
  status: number;
  html: string;
}

/** Follows redirects and keeps cookies, as a browser on the simulator's pages would. */
export class SimulatedBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  private remember(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as { name: string; value: string }[])
      this.cookies.set(cookie.name, cookie.value);
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  }

  /** Requests `url`; follows redirects inside the simulator and stops at one that leaves it. */
  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<Page> {
    let response = await this.app.inject({
      method,
      url,
      headers: {
        cookie: this.cookieHeader(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    let current = url;
    for (;;) {
      this.remember(response);
      const location = response.headers.location;
      if (response.statusCode < 300 || response.statusCode >= 400 || typeof location !== 'string') break;
      if (!location.startsWith('/')) return { url: location, status: response.statusCode, html: '' };
      current = location;
      response = await this.app.inject({ method: 'GET', url: location, headers: { cookie: this.cookieHeader() } });
    }
    return { url: current, status: response.statusCode, html: response.body };
  }

  get(url: string): Promise<Page> {
    return this.request('GET', url);
  }

  /** Opens `url` (the authorise URL) and walks HMRC's start pages to the sign-in form (2.4). */
  async openSignIn(url: string): Promise<Page> {
    let page = await this.get(url);
    for (let link = startPageLink(page.html); link; link = startPageLink(page.html)) page = await this.get(link);
    return page;
  }

  /** The value of a form field on a page. */
  static field(page: Page, name: string): string {
    const match = new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(page.html);
    return (match?.[1] ?? '').replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  }

  submitSignIn(signIn: Page, userId: string, password: string): Promise<Page> {
    return this.request('POST', signIn.url, {
      userId,
      password,
      continue: SimulatedBrowser.field(signIn, 'continue'),
      csrfToken: SimulatedBrowser.field(signIn, 'csrfToken'),
    });
  }

  /** Clicks "Give permission"; the URL the browser is sent back to. */
  async givePermissionFrom(grant: Page): Promise<string> {
    const answer = await this.request('POST', grant.url, {
      auth_id: SimulatedBrowser.field(grant, 'auth_id'),
      state: SimulatedBrowser.field(grant, 'state'),
      csrfToken: SimulatedBrowser.field(grant, 'csrfToken'),
    });
    if (!answer.url.startsWith('http'))
      throw new Error(`giving permission did not redirect: ${answer.status} ${answer.html}`);
    return answer.url;
  }
}
