import { oauthErrorSchema, oauthTokenResponseSchema } from '@vatwise/hmrc';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultApplication } from './applications';
import { startPageLink } from './pages';
import {
  authorizeUrl,
  basePath,
  pkcePair,
  redirectUri,
  type Sandbox,
  SimulatedBrowser,
  startSandbox,
  type TestUser,
} from '../test/harness';

let sandbox: Sandbox;
let user: TestUser;
beforeEach(async () => {
  sandbox = await startSandbox();
  user = await sandbox.createUser('organisations');
});
afterEach(() => sandbox.close());

const client = { client_id: defaultApplication.clientId, client_secret: defaultApplication.clientSecret };

describe('the browser journey (docs/reference/hmrc-vat-api.md §1.2, 1.3, 2.4)', () => {
  it('shows HMRC’s start pages before the sign-in form: Continue, then Sign in to the HMRC online service', async () => {
    const browser = new SimulatedBrowser(sandbox.app);
    const start = await browser.get(authorizeUrl({ state: 'state-123' }));
    expect(start.url).toMatch(new RegExp(`^${basePath}/oauth/start\\?auth_id=`));
    expect(start.html).toMatch(/<a id="start-continue"[^>]*>Continue<\/a>/);
    const need = await browser.get(startPageLink(start.html) ?? '');
    expect(need.url).toMatch(new RegExp(`^${basePath}/oauth/whatYouWillNeed\\?auth_id=`));
    expect(need.html).toMatch(/<a id="start-sign-in"[^>]*>Sign in to the HMRC online service<\/a>/);
    const signIn = await browser.get(startPageLink(need.html) ?? '');
    expect(signIn.url).toMatch(new RegExp(`^${basePath}/api-test-login/sign-in\\?continue=`));
    expect(startPageLink(signIn.html)).toBeUndefined();
    // A start page for an unknown or used-up request says so, as the sign-in would.
    expect((await browser.get(`${basePath}/oauth/start?auth_id=nope`)).status).toBe(400);
  });

  it('signs in with HMRC’s field names, lists the scopes and returns a code with the state', async () => {
    const browser = new SimulatedBrowser(sandbox.app);
    const signIn = await browser.openSignIn(authorizeUrl({ state: 'state-123' }));
    expect(signIn.url).toMatch(new RegExp(`^${basePath}/api-test-login/sign-in\\?continue=`));
    expect(signIn.html).toContain('Local HMRC sandbox simulator');
    for (const fragment of ['id="userId"', 'id="password"', 'id="continue"', 'name="csrfToken"', 'id="submit"']) {
      expect(signIn.html).toContain(fragment);
    }

    const grant = await browser.submitSignIn(signIn, user.userId, user.password);
    expect(grant.url).toMatch(new RegExp(`^${basePath}/oauth/grantscope\\?auth_id=`));
    expect(grant.html).toContain('Give permission');
    expect(grant.html).toContain('View your VAT information');
    expect(grant.html).toContain('Change your VAT information');

    const back = new URL(await browser.givePermissionFrom(grant));
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('state-123');
    expect(back.searchParams.get('code')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers a wrong password 401 with HMRC’s message, and lets the user try again', async () => {
    const browser = new SimulatedBrowser(sandbox.app);
    const signIn = await browser.openSignIn(authorizeUrl());
    const failed = await browser.submitSignIn(signIn, user.userId, 'wrong-password');
    expect(failed.status).toBe(401);
    expect(failed.html).toMatch(/id="login-issued-error"[^>]*>Invalid user ID or password\. Try again\.</);
    const retry = await browser.submitSignIn(failed, user.userId, user.password);
    expect(retry.url).toContain('/oauth/grantscope');
  });

  it('sends a refusal back with error=access_denied and the state', async () => {
    const browser = new SimulatedBrowser(sandbox.app);
    const signIn = await browser.openSignIn(authorizeUrl({ state: 'refused' }));
    const grant = await browser.submitSignIn(signIn, user.userId, user.password);
    const denyUrl = /id="deny" href="([^"]+)"/.exec(grant.html)?.[1] ?? '';
    const back = new URL((await browser.get(denyUrl)).url);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_code')).toBe('USER_DENIED_AUTHORIZATION');
    expect(back.searchParams.get('state')).toBe('refused');
    expect(back.searchParams.has('code')).toBe(false);
  });

  it('refuses a sign-in form without its CSRF token, and a continue URL that is not the grant page', async () => {
    const browser = new SimulatedBrowser(sandbox.app);
    const signIn = await browser.openSignIn(authorizeUrl());
    const forged = await browser.request('POST', signIn.url, {
      userId: user.userId,
      password: user.password,
      continue: SimulatedBrowser.field(signIn, 'continue'),
      csrfToken: 'forged',
    });
    expect(forged.status).toBe(403);
    const elsewhere = await browser.request('POST', signIn.url, {
      userId: user.userId,
      password: user.password,
      continue: 'https://evil.example/steal',
      csrfToken: SimulatedBrowser.field(signIn, 'csrfToken'),
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.html).toContain('Invalid Parameters');
  });

  it('does not let another browser use the grant page of someone’s sign-in', async () => {
    const browser = new SimulatedBrowser(sandbox.app);
    const grant = await browser.submitSignIn(await browser.openSignIn(authorizeUrl()), user.userId, user.password);
    const stranger = new SimulatedBrowser(sandbox.app);
    const page = await stranger.get(grant.url);
    expect(page.url).toContain('/api-test-login/sign-in');
  });

  it.each([
    [{ client_id: 'unknown' }, 'invalid_request'],
    [{ redirect_uri: 'https://elsewhere.example/callback' }, 'invalid_request'],
    [{ response_type: 'token' }, 'unsupported_response_type'],
    [{ scope: 'read:vat delete:everything' }, 'invalid_scope'],
    [{ client_secret: 'never-here' }, 'invalid_request'],
    [{ code_challenge: 'abc', code_challenge_method: 'plain' }, 'invalid_request'],
  ])('shows an authorise error %o in the browser as %s', async (params, error) => {
    const response = await sandbox.app.inject({ method: 'GET', url: authorizeUrl(params) });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(`<code id="error-code">${error}</code>`);
  });
});

describe('the token endpoint (1.4)', () => {
  async function codeFor(params: Record<string, string> = {}) {
    const browser = new SimulatedBrowser(sandbox.app);
    const grant = await browser.submitSignIn(
      await browser.openSignIn(authorizeUrl(params)),
      user.userId,
      user.password,
    );
    return new URL(await browser.givePermissionFrom(grant)).searchParams.get('code') ?? '';
  }
  const exchange = (code: string, extra: Record<string, string> = {}) =>
    sandbox.token({ grant_type: 'authorization_code', ...client, redirect_uri: redirectUri, code, ...extra });

  it('exchanges a code once for a 4-hour access token and a refresh token; a second use is refused', async () => {
    const code = await codeFor();
    const first = await exchange(code);
    expect(first.statusCode).toBe(200);
    const tokens = oauthTokenResponseSchema.parse(first.json());
    expect(tokens).toMatchObject({ expires_in: 14_400, token_type: 'bearer', scope: 'read:vat write:vat' });
    expect(tokens.refresh_token).toBeDefined();
    expect(first.headers['cache-control']).toBe('no-store');

    const again = await exchange(code);
    expect(again.statusCode).toBe(400);
    expect(oauthErrorSchema.parse(again.json()).error).toBe('invalid_request');
  });

  it('refuses a code after its 10 minutes', async () => {
    const code = await codeFor();
    await sandbox.operator('PUT', '/clock', { offsetMs: 10 * 60_000 + 1000 });
    expect((await exchange(code)).json()).toMatchObject({ error: 'invalid_request' });
  });

  it('checks the client, the redirect URI and the grant type', async () => {
    const code = await codeFor();
    const wrongSecret = await sandbox.token({
      grant_type: 'authorization_code',
      client_id: client.client_id,
      client_secret: 'wrong',
      redirect_uri: redirectUri,
      code,
    });
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
    const noSecret = await sandbox.token({ grant_type: 'authorization_code', client_id: client.client_id, code });
    expect(noSecret.json()).toMatchObject({ error: 'invalid_request' });
    const otherRedirect = await exchange(code, { redirect_uri: 'http://localhost:3000/elsewhere' });
    expect(otherRedirect.json()).toMatchObject({ error: 'invalid_request' });
    const noGrantType = await sandbox.token({ ...client, code });
    expect(noGrantType.json()).toMatchObject({ error: 'invalid_request' });
    const password = await sandbox.token({ grant_type: 'password', ...client });
    expect(password.json()).toMatchObject({ error: 'unsupported_grant_type' });
    // None of those used the code up.
    expect((await exchange(code)).statusCode).toBe(200);
  });

  it('checks a PKCE verifier against the challenge', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await codeFor({ code_challenge: challenge, code_challenge_method: 'S256' });
    expect((await exchange(code)).json()).toMatchObject({ error: 'invalid_request' });
    expect((await exchange(code, { code_verifier: pkcePair().verifier })).json()).toMatchObject({
      error: 'invalid_grant',
    });
    expect((await exchange(code, { code_verifier: verifier })).statusCode).toBe(200);
  });

  it('rotates refresh tokens: the new pair works, the old refresh token and access token do not', async () => {
    const first = await sandbox.authorise(user);
    const refreshed = await sandbox.token({
      grant_type: 'refresh_token',
      ...client,
      refresh_token: first.refresh_token,
    });
    expect(refreshed.statusCode).toBe(200);
    const second = oauthTokenResponseSchema.parse(refreshed.json());
    expect(second.refresh_token).not.toBe(first.refresh_token);

    const reused = await sandbox.token({ grant_type: 'refresh_token', ...client, refresh_token: first.refresh_token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: 'invalid_grant', error_description: 'refresh_token is invalid' });

    const path = `/organisations/vat/${user.vrn}/obligations?status=O`;
    expect((await sandbox.vat('GET', path, { token: first.access_token })).json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect((await sandbox.vat('GET', path, { token: second.access_token })).statusCode).toBe(200);
  });

  it('refuses an expired access token with 401 INVALID_CREDENTIALS, and a refresh still works', async () => {
    const tokens = await sandbox.authorise(user);
    const path = `/organisations/vat/${user.vrn}/obligations?status=O`;
    await sandbox.operator('PUT', '/clock', { offsetMs: 4 * 3_600_000 + 1000 });
    const expired = await sandbox.vat('GET', path, { token: tokens.access_token });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const refreshed = await sandbox.token({
      grant_type: 'refresh_token',
      ...client,
      refresh_token: tokens.refresh_token,
    });
    const fresh = oauthTokenResponseSchema.parse(refreshed.json());
    expect((await sandbox.vat('GET', path, { token: fresh.access_token })).statusCode).toBe(200);
  });

  it('stops refreshing 18 months after the grant', async () => {
    const tokens = await sandbox.authorise(user);
    await sandbox.operator('PUT', '/clock', { advanceDays: 18 * 31 });
    const refused = await sandbox.token({
      grant_type: 'refresh_token',
      ...client,
      refresh_token: tokens.refresh_token,
    });
    expect(refused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('gives application tokens by client credentials, refused on user-restricted endpoints', async () => {
    const response = await sandbox.token({ grant_type: 'client_credentials', ...client });
    const tokens = oauthTokenResponseSchema.parse(response.json());
    expect(tokens.refresh_token).toBeUndefined();
    const call = await sandbox.vat('GET', `/organisations/vat/${user.vrn}/obligations?status=O`, {
      token: tokens.access_token,
    });
    expect(call.statusCode).toBe(401);
    expect(call.json()).toMatchObject({ code: 'INCORRECT_ACCESS_TOKEN_TYPE' });
    const badScope = await sandbox.token({ grant_type: 'client_credentials', ...client, scope: 'write:everything' });
    expect(badScope.json()).toMatchObject({ error: 'invalid_scope' });
  });

  it('refuses a submission with a read-only grant: 403 INVALID_SCOPE', async () => {
    const tokens = await sandbox.authorise(user, 'read:vat');
    const response = await sandbox.vat('POST', `/organisations/vat/${user.vrn}/returns`, {
      token: tokens.access_token,
      body: '{}',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'INVALID_SCOPE' });
  });
});
