import fs from 'node:fs';
import path from 'node:path';
import { Role } from '@vatwise/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, SessionClient, signIn, strongPassword } from '../../test/session-client';
import { type TestApp, createTestApp } from '../../test/test-app';
import { totpCode } from '../../test/totp';
import { formatMultiFactor, multiFactorHeader } from './multi-factor';

describe('accounts', () => {
  let server: TestApp | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('makes the first account Admin, later ones Editor, and ADMIN_EMAILS addresses Admin', async () => {
    server = await createTestApp({ ADMIN_EMAILS: 'boss@example.com' });
    const first = await registerUser(server.app, 'first@example.com', 'First Person');
    const second = await registerUser(server.app, 'second@example.com');
    const boss = await registerUser(server.app, 'Boss@Example.com');
    const me = (await first.get('/api/me')).json().user;
    expect(me).toMatchObject({
      email: 'first@example.com',
      name: 'First Person',
      role: Role.Admin,
      provider: 'email',
      isGuest: false,
      img: null,
    });
    expect(me.lastLoginAt).toEqual(expect.any(String));
    expect((await second.get('/api/me')).json().user.role).toBe(Role.Editor);
    expect((await boss.get('/api/me')).json().user.role).toBe(Role.Admin);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    server = await createTestApp();
    const client = new SessionClient(server.app);
    const response = await client.post('/api/auth/sign-up/email', {
      name: 'A',
      email: 'a@example.com',
      password: strongPassword,
    });
    const cookie = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((line) => line.startsWith('vatwise.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('refuses short and common passwords with a message saying why', async () => {
    server = await createTestApp();
    const client = new SessionClient(server.app);
    const common = await client.post('/api/auth/sign-up/email', {
      name: 'A',
      email: 'a@example.com',
      password: 'Password123',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
    const short = await client.post('/api/auth/sign-up/email', {
      name: 'A',
      email: 'a@example.com',
      password: 'Ab3$x',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('PASSWORD_TOO_SHORT');
  });

  it('answers a wrong password and an unknown email identically', async () => {
    server = await createTestApp();
    await registerUser(server.app, 'known@example.com');
    const wrongPassword = await signIn(server.app, 'known@example.com', 'Not-The-Password-1');
    const unknownEmail = await signIn(server.app, 'nobody@example.com', 'Not-The-Password-1');
    expect(wrongPassword.response.statusCode).toBe(401);
    expect(unknownEmail.response.statusCode).toBe(wrongPassword.response.statusCode);
    expect(unknownEmail.response.json()).toEqual(wrongPassword.response.json());
  });

  it('answers a password-reset request the same whether or not the email has an account', async () => {
    server = await createTestApp();
    await registerUser(server.app, 'known@example.com');
    const client = new SessionClient(server.app);
    const known = await client.post('/api/auth/request-password-reset', {
      email: 'known@example.com',
      redirectTo: '/user/reset-password',
    });
    const unknown = await client.post('/api/auth/request-password-reset', {
      email: 'ghost@example.com',
      redirectTo: '/user/reset-password',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
  });

  it('rate limits sign-in per email and per IP with 429 and Retry-After', async () => {
    server = await createTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '5' });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await signIn(server.app, 'target@example.com', `Wrong-Guess-${attempt}`)).response.statusCode).toBe(401);
    }
    const limited = (await signIn(server.app, 'target@example.com', 'Wrong-Guess-4')).response;
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // Another email is still allowed from this address, until the per-IP budget runs out.
    expect((await signIn(server.app, 'other@example.com', 'Wrong-Guess-1')).response.statusCode).toBe(401);
    expect((await signIn(server.app, 'third@example.com', 'Wrong-Guess-1')).response.statusCode).toBe(429);
  });

  it('resets a password from the emailed link, within the hour, and ends every other session', async () => {
    server = await createTestApp();
    const laptop = await registerUser(server.app, 'owner@example.com');
    const phone = (await signIn(server.app, 'owner@example.com')).client;
    expect((await phone.get('/api/me')).json().user).not.toBeNull();

    const visitor = new SessionClient(server.app);
    await visitor.post('/api/auth/request-password-reset', {
      email: 'owner@example.com',
      redirectTo: '/user/reset-password',
    });
    // Without SMTP_URL, the mail is written to DATA_DIR/outbox, never to the log.
    const outbox = path.join(server.dataDir, 'outbox');
    const mail = fs.readdirSync(outbox).map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))[0] ?? '';
    const link = /(http:\/\/\S+?\/api\/auth\/reset-password\/\S+)/.exec(mail)?.[1];
    expect(link).toBeTruthy();
    expect(server.logText()).not.toContain(link);
    const opened = await visitor.get(new URL(link ?? '').pathname + new URL(link ?? '').search);
    expect(opened.statusCode).toBe(302);
    const landing = new URL(String(opened.headers.location), 'http://localhost');
    expect(landing.pathname).toBe('/user/reset-password');
    const token = landing.searchParams.get('token');

    const reset = await visitor.post('/api/auth/reset-password', { token, newPassword: 'A-Brand-New-Secret-77' });
    expect(reset.statusCode).toBe(200);
    expect((await laptop.get('/api/me')).json().user).toBeNull();
    expect((await phone.get('/api/me')).json().user).toBeNull();
    expect((await signIn(server.app, 'owner@example.com')).response.statusCode).toBe(401);
    expect((await signIn(server.app, 'owner@example.com', 'A-Brand-New-Secret-77')).response.statusCode).toBe(200);
    // The link works once.
    expect(
      (await visitor.post('/api/auth/reset-password', { token, newPassword: 'Yet-Another-Secret-88' })).statusCode,
    ).toBe(400);
  });

  it('ends every other session when the password is changed, and keeps this one signed in', async () => {
    server = await createTestApp();
    const laptop = await registerUser(server.app, 'owner@example.com');
    const phone = (await signIn(server.app, 'owner@example.com')).client;
    expect((await phone.get('/api/me')).json().user).not.toBeNull();
    // Not asking for the other sessions to end does not keep them.
    const changed = await laptop.post('/api/auth/change-password', {
      currentPassword: strongPassword,
      newPassword: 'A-Brand-New-Secret-77',
      revokeOtherSessions: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await phone.get('/api/me')).json().user).toBeNull();
    expect((await laptop.get('/api/me')).json().user).toMatchObject({ email: 'owner@example.com' });
  });

  it('signs in with a second factor: password first, then the authenticator code', async () => {
    server = await createTestApp();
    const client = await registerUser(server.app, 'careful@example.com');
    const enabled = await client.post('/api/auth/two-factor/enable', { password: strongPassword });
    expect(enabled.statusCode).toBe(200);
    const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    expect((await client.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode).toBe(200);
    expect((await client.get('/api/me')).json().user.twoFactorEnabled).toBe(true);

    const { client: second, response } = await signIn(server.app, 'careful@example.com');
    expect(response.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await second.get('/api/me')).json().user).toBeNull();
    expect((await second.post('/api/auth/two-factor/verify-totp', { code: '000000' })).statusCode).toBe(401);
    const verified = await second.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) });
    expect(verified.statusCode).toBe(200);
    const me = (await second.get('/api/me')).json().user;
    expect(me.email).toBe('careful@example.com');

    // HMRC's Gov-Client-Multi-Factor header can now be built from it.
    const header = await multiFactorHeader(server.app.database.db, me.id, 'salt');
    expect(header).toMatch(/^type=TOTP&timestamp=\d{4}-\d\d-\d\dT\d\d%3A\d\dZ&unique-reference=[0-9a-f]{64}$/);
  });
});

describe('bad input to the account endpoints', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp();
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses a profile whose name or photo is not text with a 400 naming the field, and keeps the profile', async () => {
    const client = await registerUser(server.app, 'profile@example.com', 'Pat');
    for (const [body, field] of [
      [{ name: 42 }, 'name'],
      [{ name: { first: 'Pat' } }, 'name'],
      [{ name: 'P'.repeat(101) }, 'name'],
      [{ image: ['a.png'] }, 'image'],
    ] as const) {
      const response = await client.post('/api/auth/update-user', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: field }] });
    }
    expect((await client.post('/api/auth/update-user', { name: 'Patricia' })).statusCode).toBe(200);
    expect((await client.get('/api/me')).json().user.name).toBe('Patricia');
  });

  it('refuses a redirect address that is neither a path nor an http(s) address', async () => {
    for (const [url, body] of [
      ['/api/auth/verify-email?token=abc&callbackURL=not-a-url', undefined],
      ['/api/auth/sign-in/email', { email: 'a@example.com', password: strongPassword, callbackURL: '/app/İstanbul' }],
      ['/api/auth/request-password-reset', { email: 'a@example.com', redirectTo: '//evil.example/' }],
    ] as const) {
      const client = new SessionClient(server.app);
      const response = await client.request({ method: body ? 'POST' : 'GET', url, body });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(response.json().message).toContain('A redirect address is a path on this site');
    }
  });

  it('refuses a JSON body nested deeper than any request needs, before parsing it', async () => {
    const client = new SessionClient(server.app);
    const response = await client.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      body: `{"email":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The JSON body is nested more than 32 levels deep; send the fields the endpoint takes.',
    });
  });
});

describe('Gov-Client-Multi-Factor', () => {
  it('is type, UTC minute percent-encoded, and a salted hash that is stable per user', () => {
    const at = new Date('2026-11-21T13:20:45Z');
    const header = formatMultiFactor('TOTP', at, 'user-1', 'salt');
    expect(header).toMatch(/^type=TOTP&timestamp=2026-11-21T13%3A20Z&unique-reference=[0-9a-f]{64}$/);
    expect(formatMultiFactor('TOTP', new Date(), 'user-1', 'salt').split('unique-reference=')[1]).toBe(
      header.split('unique-reference=')[1],
    );
    expect(formatMultiFactor('TOTP', at, 'user-2', 'salt')).not.toBe(header);
    expect(header).not.toContain('user-1');
  });
});
