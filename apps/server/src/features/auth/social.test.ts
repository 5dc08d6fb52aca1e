import { Role } from '@vatwise/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOAuthServer } from '../../test/oauth-server';
import { registerUser, SessionClient } from '../../test/session-client';
import { type TestApp, createTestApp } from '../../test/test-app';

type OAuthServer = Awaited<ReturnType<typeof startOAuthServer>>;

/** Runs the browser's part of the redirect dance: our server -> the provider -> our callback. */
async function signInWithGoogle(client: SessionClient) {
  const start = await client.post('/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL: '/app',
    errorCallbackURL: '/user/login?provider=google',
  });
  expect(start.statusCode).toBe(200);
  const authorizeUrl = (start.json() as { url: string }).url;
  // The provider signs the user in and sends the browser back with a code.
  const atProvider = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const callback = new URL(atProvider.headers.get('location') ?? '');
  expect(callback.pathname).toBe('/api/auth/callback/google');
  const back = await client.get(callback.pathname + callback.search);
  return new URL(String(back.headers.location), 'http://local');
}

describe('Google sign-in against a local OpenID Connect server', () => {
  let provider: OAuthServer;
  let server: TestApp | undefined;
  beforeAll(async () => {
    provider = await startOAuthServer();
  });
  afterAll(async () => {
    await provider.stop();
  });
  afterEach(async () => {
    await server?.close();
  });

  const googleEnv = () => ({
    GOOGLE_CLIENT_ID: 'vatwise-test-client',
    GOOGLE_CLIENT_SECRET: 'vatwise-test-secret',
    GOOGLE_ISSUER_URL: provider.issuerUrl,
  });

  it('creates an Editor account on first Google sign-in and lands in the main area', async () => {
    server = await createTestApp(googleEnv());
    await registerUser(server.app, 'admin@example.com');
    provider.signInAs({
      sub: 'g-42',
      email: 'new.person@example.com',
      name: 'New Person',
      picture: 'https://img.example/p.png',
    });
    const client = new SessionClient(server.app);
    const landing = await signInWithGoogle(client);
    expect(landing.pathname).toBe('/app');
    const me = (await client.get('/api/me')).json().user;
    expect(me).toMatchObject({
      email: 'new.person@example.com',
      name: 'New Person',
      provider: 'google',
      role: Role.Editor,
      img: 'https://img.example/p.png',
    });

    // Signing in again finds the same account and keeps its role.
    const again = new SessionClient(server.app);
    expect((await signInWithGoogle(again)).pathname).toBe('/app');
    expect((await again.get('/api/me')).json().user.id).toBe(me.id);
  });

  it('refuses Google for an email that already signs in with a password, and says so', async () => {
    server = await createTestApp(googleEnv());
    await registerUser(server.app, 'taken@example.com');
    provider.signInAs({ sub: 'g-7', email: 'taken@example.com', name: 'Taken' });
    const client = new SessionClient(server.app);
    const landing = await signInWithGoogle(client);
    expect(landing.pathname).toBe('/user/login');
    expect(landing.searchParams.get('provider')).toBe('google');
    expect(landing.searchParams.get('error')).toBe('account_not_linked');
    expect((await client.get('/api/me')).json().user).toBeNull();
  });

  it('refuses a provider the operator has not configured', async () => {
    server = await createTestApp(googleEnv());
    const start = await new SessionClient(server.app).post('/api/auth/sign-in/social', {
      provider: 'github',
      callbackURL: '/app',
    });
    expect(start.statusCode).toBeGreaterThanOrEqual(400);
  });
});
