import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionClient, strongPassword } from '../../test/session-client';
import { type TestApp, createTestApp } from '../../test/test-app';
import { registerUser } from '../../test/session-client';
import { sessionVerdict } from './session-limits';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const limits = { idleMs: 30 * minute, maxMs: 12 * hour, rememberMs: 30 * day };

describe('when a session ends', () => {
  const signedIn = new Date('2026-11-24T09:00:00Z');
  const at = (ms: number) => signedIn.getTime() + ms;

  it('without "Remember me": after 30 minutes idle, or 12 hours after sign-in however active', () => {
    const session = { createdAt: signedIn, rememberMe: false, lastSeenAt: signedIn };
    expect(sessionVerdict(session, at(30 * minute), limits)).toBe('seen');
    expect(sessionVerdict(session, at(30 * minute + 1), limits)).toBe('ended');
    const busy = { ...session, lastSeenAt: new Date(at(12 * hour - minute)) };
    expect(sessionVerdict(busy, at(12 * hour), limits)).toBe('seen');
    expect(sessionVerdict(busy, at(12 * hour + 1), limits)).toBe('ended');
  });

  it('writes when a session was last seen at most once a minute', () => {
    const session = { createdAt: signedIn, rememberMe: false, lastSeenAt: signedIn };
    expect(sessionVerdict(session, at(59_999), limits)).toBe('active');
    expect(sessionVerdict(session, at(minute), limits)).toBe('seen');
  });

  it('with "Remember me": never for being idle, but 30 days after sign-in', () => {
    const session = { createdAt: signedIn, rememberMe: true, lastSeenAt: signedIn };
    expect(sessionVerdict(session, at(29 * day), limits)).toBe('active');
    expect(sessionVerdict(session, at(30 * day + 1), limits)).toBe('ended');
  });
});

describe('session limits on the server', () => {
  let server: TestApp | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** Moves a session's sign-in and last request into the past, as a clock would. */
  async function age(app: TestApp['app'], email: string, by: { createdMs?: number; seenMs?: number }) {
    const db = app.database.db;
    const rows = await sql<{ id: string; createdAt: unknown; lastSeenAt: unknown; rememberMe: unknown }>`
      select s.id, s."createdAt", s."lastSeenAt", s."rememberMe" from session s
      join "user" u on u.id = s."userId" where u.email = ${email}`.execute(db);
    // Written back as the driver gave it: a Date on PostgreSQL, text or a number on SQLite.
    const shift = (value: unknown, ms: number) =>
      value instanceof Date
        ? new Date(value.getTime() - ms)
        : typeof value === 'number'
          ? value - ms
          : new Date(Date.parse(String(value)) - ms).toISOString();
    for (const row of rows.rows) {
      await sql`update session set "createdAt" = ${shift(row.createdAt, by.createdMs ?? 0)},
        "lastSeenAt" = ${shift(row.lastSeenAt, by.seenMs ?? 0)} where id = ${row.id}`.execute(db);
    }
    // This instance's short cache of session reads would otherwise answer for a few more seconds.
    app.sessionCache.forgetAll();
    return rows.rows;
  }

  async function signInAs(app: TestApp['app'], email: string, rememberMe: boolean) {
    const client = new SessionClient(app);
    const response = await client.post('/api/auth/sign-in/email', { email, password: strongPassword, rememberMe });
    expect(response.statusCode).toBe(200);
    return client;
  }

  it('ends a session without "Remember me" after 30 minutes without a request, for good', async () => {
    server = await createTestApp();
    await registerUser(server.app, 'owner@example.com');
    await server.app.database.db.deleteFrom('session').execute();
    const client = await signInAs(server.app, 'owner@example.com', false);
    expect((await client.get('/api/me')).json().user).toMatchObject({ email: 'owner@example.com' });
    const [row] = await age(server.app, 'owner@example.com', { seenMs: 29 * minute });
    // better-auth's one-day term for "Remember me" unticked is what marks the session (session-limits.ts).
    expect([false, 0]).toContain(row?.rememberMe);
    // 29 minutes idle: still signed in, and the request counts as activity.
    expect((await client.get('/api/me')).json().user).not.toBeNull();
    await age(server.app, 'owner@example.com', { seenMs: 31 * minute });
    expect((await client.get('/api/me')).json().user).toBeNull();
    expect((await client.get('/api/businesses')).statusCode).toBe(401);
    const left = await server.app.database.db.selectFrom('session').select('id').execute();
    expect(left).toEqual([]);
  });

  it('ends a busy session without "Remember me" 12 hours after sign-in', async () => {
    server = await createTestApp();
    await registerUser(server.app, 'owner@example.com');
    await server.app.database.db.deleteFrom('session').execute();
    const client = await signInAs(server.app, 'owner@example.com', false);
    await age(server.app, 'owner@example.com', { createdMs: 12 * hour + minute });
    expect((await client.get('/api/me')).json().user).toBeNull();
  });

  it('keeps a remembered session through idle hours, and ends it 30 days after sign-in', async () => {
    server = await createTestApp();
    await registerUser(server.app, 'owner@example.com');
    await server.app.database.db.deleteFrom('session').execute();
    const client = await signInAs(server.app, 'owner@example.com', true);
    await age(server.app, 'owner@example.com', { createdMs: 5 * hour, seenMs: 5 * hour });
    expect((await client.get('/api/me')).json().user).toMatchObject({ email: 'owner@example.com' });
    await age(server.app, 'owner@example.com', { createdMs: 30 * day });
    expect((await client.get('/api/me')).json().user).toBeNull();
  });
});
