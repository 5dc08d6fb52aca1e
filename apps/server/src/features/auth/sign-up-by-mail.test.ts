import { afterEach, describe, expect, it } from 'vitest';
import { SessionClient, strongPassword } from '../../test/session-client';
import { startSmtpServer } from '../../test/smtp-server';
import { type TestApp, createTestApp } from '../../test/test-app';

/**
 * With a mail server (SMTP_URL), sign-up proves the address before the account can be used, and
 * never tells a visitor whether an address already has an account: its owner is told by mail.
 */
describe('sign-up where mail is delivered', () => {
  let server: TestApp | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  afterEach(async () => {
    await server?.close();
    await smtp?.stop();
    server = undefined;
  });

  async function start() {
    smtp = await startSmtpServer();
    server = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://localhost:3000' });
    return { app: server.app, mails: smtp.mails };
  }
  const signUp = (client: SessionClient, email: string, password = strongPassword) =>
    client.post('/api/auth/sign-up/email', { name: 'Owner', email, password, callbackURL: '/app' });
  const linkIn = (text: string) => /(http:\/\/\S+\/api\/auth\/verify-email\?\S+)/.exec(text)?.[1] ?? '';

  it('answers alike for a new address and one with an account, and mails each what fits', async () => {
    const { app, mails } = await start();
    const first = new SessionClient(app);
    const created = await signUp(first, 'owner@example.com');
    const again = await signUp(new SessionClient(app), 'owner@example.com', 'Another-Secret-Phrase-5');
    const fresh = await signUp(new SessionClient(app), 'newcomer@example.com');

    for (const response of [again, fresh]) {
      expect(response.statusCode).toBe(created.statusCode);
      expect(Object.keys(response.json() as object).sort()).toEqual(Object.keys(created.json() as object).sort());
      expect(response.json().token).toBeNull();
      expect(response.headers['set-cookie'] ?? []).toEqual(created.headers['set-cookie'] ?? []);
    }
    expect(created.statusCode).toBe(200);
    // Nobody is signed in until the address is proved.
    expect((await first.get('/api/me')).json().user).toBeNull();

    await expect.poll(() => mails.length).toBe(3);
    const toOwner = mails.filter((mail) => mail.to === 'owner@example.com');
    expect(toOwner.map((mail) => mail.subject).sort()).toEqual([
      'Finish creating your VAT Wise account',
      'Your VAT Wise account',
    ]);
    expect(toOwner.find((mail) => mail.subject === 'Your VAT Wise account')?.text).toContain(
      'Someone tried to create a VAT Wise account with this address, which already has one.',
    );
  });

  it('signs the owner in from the emailed link, and refuses the password until then', async () => {
    const { app, mails } = await start();
    const visitor = new SessionClient(app);
    await signUp(visitor, 'owner@example.com');
    const early = await new SessionClient(app).post('/api/auth/sign-in/email', {
      email: 'owner@example.com',
      password: strongPassword,
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('EMAIL_NOT_VERIFIED');

    await expect.poll(() => mails.length).toBeGreaterThan(0);
    const link = new URL(linkIn(mails[0]?.text ?? ''));
    const opened = await visitor.get(link.pathname + link.search);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/app');
    expect((await visitor.get('/api/me')).json().user).toMatchObject({ email: 'owner@example.com' });
    const later = await new SessionClient(app).post('/api/auth/sign-in/email', {
      email: 'owner@example.com',
      password: strongPassword,
    });
    expect(later.statusCode).toBe(200);
  });
});
