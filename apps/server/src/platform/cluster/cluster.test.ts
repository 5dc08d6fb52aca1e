import crypto from 'node:crypto';
import { type AgentInfo, agentSocket } from '@vatwise/domain';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectBusiness } from '../../test/hmrc-journey';
import { createPractice, join } from '../../test/practice-journey';
import { registerUser, SessionClient, strongPassword } from '../../test/session-client';
import { createListeningTestApp, redisForTest, type TestApp } from '../../test/test-app';

/**
 * Two instances on one database sharing Redis, in one process: what one instance does
 * the other knows at once: sessions and their revocation, an Admin's pause of an agent (and a
 * browser connected to the other instance hears it), sign-in limits counted in all, and one HMRC
 * token refresh however many requests ask for one through either instance.
 */

type Instance = TestApp & { baseUrl: string };
const cleanups: (() => Promise<void>)[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two instances with the same secrets on one database and one Redis prefix. */
async function twoInstances(env: Record<string, string> = {}): Promise<[Instance, Instance]> {
  const redis = redisForTest();
  cleanups.push(() => redis.clear());
  const shared = {
    AUTH_SECRET: crypto.randomBytes(32).toString('base64'),
    TOKEN_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
    ...redis.env,
    ...env,
  };
  const first = await createListeningTestApp(shared);
  cleanups.push(() => first.close());
  // The second uses the first's database: its SQLite file, or its PostgreSQL schema.
  const database: Record<string, string> =
    first.app.config.database.kind === 'postgres'
      ? { DATABASE_URL: first.app.config.database.url }
      : { DATA_DIR: first.dataDir };
  // Instances behind one address share PUBLIC_URL (and so HMRC's redirect URI).
  const second = await createListeningTestApp({ ...shared, ...database, PUBLIC_URL: first.baseUrl });
  cleanups.push(() => second.close());
  return [first, second];
}

/** The same browser (its cookies) talking to another instance. */
function sameBrowserOn(instance: Instance, client: SessionClient): SessionClient {
  const moved = new SessionClient(instance.app);
  for (const [name, value] of client.cookies) moved.cookies.set(name, value);
  return moved;
}

const cookieOf = (client: SessionClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

async function socketOn(instance: Instance, client: SessionClient): Promise<Socket> {
  const socket = io(`${instance.baseUrl}${agentSocket.namespace}`, {
    path: agentSocket.path,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie: cookieOf(client) },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

describe('two instances sharing Redis', () => {
  it("carries a session to the other instance, and its sign-out at once, not after the cache's 10 seconds", async () => {
    const [a, b] = await twoInstances();
    const onA = await registerUser(a.app, 'ada@example.com', 'Ada');
    const onB = sameBrowserOn(b, onA);
    const signedInAs = async (client: SessionClient) => (await client.get('/api/me')).json().user?.email ?? null;
    expect(await signedInAs(onB)).toBe('ada@example.com');
    expect((await onA.post('/api/auth/sign-out')).statusCode).toBe(200);
    // Redis delivers the revocation in a moment; without it, B would answer from its cache for 10 s.
    await vi.waitFor(async () => expect(await signedInAs(onB)).toBeNull(), { timeout: 500 });
  });

  it("brings an Admin's pause made on one instance to a browser on the other within a second; there Run now is refused", async () => {
    const [a, b] = await twoInstances();
    const admin = await registerUser(a.app, 'admin@example.com', 'Admin');
    const socket = await socketOn(b, sameBrowserOn(b, admin));
    const heard: AgentInfo[] = [];
    socket.on(agentSocket.events.status, (info: AgentInfo) => heard.push(info));

    const pausedAt = Date.now();
    expect((await admin.put('/api/agents/statuses/token-keeper', { status: 'paused' })).statusCode).toBe(200);
    await vi.waitFor(
      () => {
        if (!heard.some((info) => info.id === 'token-keeper' && info.status === 'paused')) throw new Error('not heard');
      },
      { timeout: 1_000, interval: 10 },
    );
    expect(Date.now() - pausedAt).toBeLessThan(1_000);

    const adminOnB = sameBrowserOn(b, admin);
    await vi.waitFor(async () => {
      const run = await adminOnB.post('/api/agents/token-keeper/run');
      expect(run.statusCode).toBe(409);
      expect(run.json().code).toBe('AGENT_PAUSED');
    });
    const statuses = (await b.app.inject({ method: 'GET', url: '/api/agents/statuses' })).json().agents as AgentInfo[];
    expect(statuses.find((info) => info.id === 'token-keeper')?.status).toBe('paused');
  });

  it("takes a removed member's socket on the other instance out of the practice's room", async () => {
    const [a, b] = await twoInstances();
    const owner = await registerUser(a.app, 'owner@example.com', 'Owner');
    const practiceId = await createPractice(owner, 'Two Rooms');
    const member = await join(a, owner, practiceId, 'member@example.com', 'reviewer', 'Member');
    const memberId = (await member.get('/api/me')).json().user.id as string;
    const ownerSocket = await socketOn(a, owner);
    const memberSocket = await socketOn(b, sameBrowserOn(b, member));
    const lines = (socket: Socket) => {
      const heard: string[] = [];
      socket.on(agentSocket.events.agentLog, (entry: { message: string }) => heard.push(entry.message));
      return heard;
    };
    const [ownerHeard, memberHeard] = [lines(ownerSocket), lines(memberSocket)];
    const say = (owner: string, message: string) => a.app.agents.say(owner, 'token-keeper', 'info', message);
    await say(practiceId, 'before');
    await vi.waitFor(() => expect(memberHeard).toContain('before'));

    const removed = await owner.post('/api/auth/organization/remove-member', {
      memberIdOrEmail: 'member@example.com',
      organizationId: practiceId,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // The other instance hears of it over Redis: within a moment a line to the practice misses the member.
    let probe = 0;
    await vi.waitFor(
      async () => {
        probe += 1;
        await say(practiceId, `probe ${probe}`);
        await vi.waitFor(() => expect(ownerHeard).toContain(`probe ${probe}`));
        await say(memberId, `own ${probe}`);
        await vi.waitFor(() => expect(memberHeard).toContain(`own ${probe}`));
        expect(memberHeard).not.toContain(`probe ${probe}`);
      },
      { timeout: 2_000, interval: 50 },
    );
    const before = memberHeard.length;
    for (let n = 0; n < 5; n += 1) await say(practiceId, `after ${n}`);
    await vi.waitFor(() => expect(ownerHeard).toContain('after 4'));
    await say(memberId, 'own last');
    await vi.waitFor(() => expect(memberHeard).toContain('own last'));
    expect(memberHeard.slice(before)).toEqual(['own last']);
  });

  it('counts wrong passwords across both instances: the limit is for all of them, not each', async () => {
    const [a, b] = await twoInstances({ AUTH_RATE_LIMIT_PER_EMAIL: '4' });
    await registerUser(a.app, 'bea@example.com', 'Bea');
    const statuses: number[] = [];
    for (const instance of [a, b, a, b, a, b]) {
      const attempt = await new SessionClient(instance.app).post('/api/auth/sign-in/email', {
        email: 'bea@example.com',
        password: `${strongPassword}-wrong`,
      });
      statuses.push(attempt.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('counts API requests from one address across both instances, and says when to come back', async () => {
    const [a, b] = await twoInstances({ API_RATE_LIMIT_PER_MINUTE: '6' });
    const statuses: number[] = [];
    for (const instance of [a, b, a, b, a, b, a]) {
      statuses.push((await instance.app.inject({ method: 'GET', url: '/api/agents/statuses' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    const refused = await b.app.inject({ method: 'GET', url: '/api/agents/statuses' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Health checks are the orchestrator's, never limited.
    expect((await a.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('refreshes an HMRC token once when twenty requests ask through both instances, and the authority holds', async () => {
    const [a, b] = await twoInstances();
    const onA = await registerUser(a.app, 'cy@example.com', 'Cy');
    const business = await connectBusiness(onA);
    const onB = sameBrowserOn(b, onA);
    const ownerId = (await onA.get('/api/me')).json().user.id as string;
    const tokenCalls = async () =>
      (
        await a.app.database.db
          .selectFrom('vat_log')
          .select('key')
          .where('owner_id', '=', ownerId)
          .where('endpoint', '=', '/oauth/token')
          .execute()
      ).length;
    // The test user's application token and the grant's exchange; the log is written just after each call.
    await vi.waitFor(async () => expect(await tokenCalls()).toBe(2));

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 === 0 ? onA : onB).post('/api/refresh_token', { userId: business.userId }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    // The authority still works through either instance: its refresh token was not spent twice.
    const read = await onB.get(`/api/vat/obligations?vrn=${business.vrn}&from=2026-01-01&to=2026-12-31`);
    expect(read.statusCode, read.body).toBe(200);
    const connection = await b.app.database.db
      .selectFrom('hmrc_connection')
      .select('refresh_failed_at')
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    expect(connection.refresh_failed_at).toBeNull();
    await vi.waitFor(async () => expect(await tokenCalls()).toBe(3));
  });
});
