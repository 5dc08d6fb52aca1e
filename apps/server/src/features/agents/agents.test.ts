import fs from 'node:fs';
import path from 'node:path';
import {
  type AgentInfo,
  type AgentLogEntry,
  addDays,
  agentSocket,
  type BusinessesChange,
  type DeadlineAlertEvent,
  MAX_STORED_LOG_ENTRIES,
  obligationListSchema,
  type ReturnChange,
  type ReturnDraft,
  Role,
  ukToday,
  type VatLogEntry,
} from '@vatwise/domain';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectBusiness, createSandboxUser } from '../../test/hmrc-journey';
import { createPractice, invitationLinkOf, join } from '../../test/practice-journey';
import { registerUser, type SessionClient } from '../../test/session-client';
import { createListeningTestApp, createTestApp, type TestApp } from '../../test/test-app';
import { LogRepo } from './logs/log-repo';

/**
 * The agents over real HTTP and a real socket: statuses and who may change them, the live channel
 * and who hears what, the two log stores, and the agents' work against the embedded simulator.
 */

let server: TestApp & { baseUrl: string };
let admin: SessionClient;
const sockets: Socket[] = [];

const cookieOf = (client: SessionClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** A socket on /agents as a browser of `client` would open it (or a guest's, without a client). */
function connect(client?: SessionClient): Socket {
  const socket = io(`${server.baseUrl}${agentSocket.namespace}`, {
    path: agentSocket.path,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: client ? { cookie: cookieOf(client) } : {},
  });
  sockets.push(socket);
  return socket;
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** Everything `socket` hears of `event` from now on. */
function record<T>(socket: Socket, event: string): T[] {
  const heard: T[] = [];
  socket.on(event, (payload: T) => heard.push(payload));
  return heard;
}

/** Polls until `check` holds; fails naming `what` when it never does. */
async function until(check: () => boolean, what: string, timeout = 5_000) {
  await vi.waitFor(
    () => {
      if (!check()) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout, interval: 20 },
  );
}

let users = 0;
/** A user of the calling test's own, so that no test leans on what another left behind. */
async function newUser(name: string): Promise<{ client: SessionClient; id: string }> {
  users += 1;
  const client = await registerUser(server.app, `${name.toLowerCase()}-${users}@example.com`, name);
  return { client, id: (await client.get('/api/me')).json().user.id as string };
}

/**
 * Resolves once `socket` hears a line said to `userId` after everything sent before it: socket.io
 * keeps one connection's messages in order, so anything misrouted earlier has arrived by then.
 */
async function drained(socket: Socket, userId: string): Promise<void> {
  const lines = record<AgentLogEntry>(socket, agentSocket.events.agentLog);
  const marker = `drain ${Math.random()}`;
  await server.app.agents.say(userId, 'token-keeper', 'info', marker);
  await until(() => lines.some((line) => line.message === marker), 'the drain marker');
}

beforeAll(async () => {
  server = await createListeningTestApp({ AGENTS_ENABLED: 'true' });
  // The first account is the Admin; every other user is a test's own (newUser).
  admin = await registerUser(server.app, 'ada@example.com', 'Ada Admin');
}, 30_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

describe('agent statuses', () => {
  it('lists the five agents to anyone, guests included', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/agents/statuses' });
    expect(response.statusCode).toBe(200);
    const agents = response.json().agents as AgentInfo[];
    expect(agents.map((agent) => agent.id)).toEqual([
      'token-keeper',
      'deadline-watcher',
      'sandbox-authoriser',
      'submission-checker',
      'authority-checker',
    ]);
    expect(agents.every((agent) => agent.status === 'idle')).toBe(true);
  });

  it('lets only an Admin pause, resume or disable, and names the allowed values when the status is wrong', async () => {
    const { client: alice } = await newUser('Alice');
    expect((await admin.get('/api/me')).json().user.role).toBe(Role.Admin);
    const guest = await server.app.inject({
      method: 'PUT',
      url: '/api/agents/statuses/token-keeper',
      payload: { status: 'paused' },
      headers: { origin: server.baseUrl },
    });
    expect(guest.statusCode).toBe(401);
    expect((await alice.put('/api/agents/statuses/token-keeper', { status: 'paused' })).statusCode).toBe(403);

    const wrong = await admin.put('/api/agents/statuses/token-keeper', { status: 'sleeping' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('idle, paused, disabled');
    const running = await admin.put('/api/agents/statuses/token-keeper', { status: 'running' });
    expect(running.statusCode).toBe(400);
    const unknown = await admin.put('/api/agents/statuses/tea-maker', { status: 'paused' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain(
      'token-keeper, deadline-watcher, sandbox-authoriser, submission-checker, authority-checker',
    );

    const paused = await admin.put('/api/agents/statuses/token-keeper', { status: 'paused' });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ id: 'token-keeper', status: 'paused', changedBy: 'ada@example.com' });
    const seen = (await alice.get('/api/agents/statuses')).json().agents as AgentInfo[];
    expect(seen.find((agent) => agent.id === 'token-keeper')?.status).toBe('paused');

    // A paused agent does no work on demand either.
    const run = await admin.post('/api/agents/token-keeper/run');
    expect(run.statusCode).toBe(409);
    expect(run.json().code).toBe('AGENT_PAUSED');

    expect((await admin.put('/api/agents/statuses/token-keeper', { status: 'disabled' })).json().status).toBe(
      'disabled',
    );
    expect((await admin.put('/api/agents/statuses/token-keeper', { status: 'idle' })).json().status).toBe('idle');
    // Kept in the database: what an Admin set survives a restart.
    const row = await server.app.database.db
      .selectFrom('agent_state')
      .selectAll()
      .where('agent_id', '=', 'token-keeper')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('idle');
  });
});

describe('the live socket', () => {
  it('refuses a connection without a session', async () => {
    const error = await connected(connect()).then(
      () => new Error('connected without a session'),
      (refused: Error) => refused,
    );
    expect(error.message).toBe('User is not authenticated. Please log in.');
  });

  it('refuses a page of another site, even with the cookie', async () => {
    const { client: alice } = await newUser('Alice');
    const socket = io(`${server.baseUrl}${agentSocket.namespace}`, {
      path: agentSocket.path,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: cookieOf(alice), origin: 'https://evil.example' },
    });
    sockets.push(socket);
    await expect(connected(socket)).rejects.toThrow();
  });

  it("delivers a user's events to that user only, and an Admin's pause to everyone", async () => {
    const { client: alice, id: aliceId } = await newUser('Alice');
    const { client: bob, id: bobId } = await newUser('Bob');
    const aliceSocket = connect(alice);
    const bobSocket = connect(bob);
    await Promise.all([connected(aliceSocket), connected(bobSocket)]);
    const aliceVat = record<VatLogEntry>(aliceSocket, agentSocket.events.vatLog);
    const bobVat = record<VatLogEntry>(bobSocket, agentSocket.events.vatLog);
    const aliceAgent = record<AgentLogEntry>(aliceSocket, agentSocket.events.agentLog);
    const bobAgent = record<AgentLogEntry>(bobSocket, agentSocket.events.agentLog);
    const aliceStatus = record<AgentInfo>(aliceSocket, agentSocket.events.status);
    const bobStatus = record<AgentInfo>(bobSocket, agentSocket.events.status);

    // Alice's HMRC calls (creating a test user, granting) reach Alice's VAT dialogue, live.
    const business = await connectBusiness(alice);
    await until(() => aliceVat.some((entry) => entry.endpoint.startsWith('/oauth/token')), "Alice's token call");
    expect(aliceVat.map((entry) => entry.endpoint)).toEqual(
      expect.arrayContaining(['/create-test-user/organisations', '/oauth/token']),
    );
    const token = aliceVat.find((entry) => entry.endpoint === '/oauth/token');
    expect(token).toMatchObject({ method: 'POST', status: 200 });
    expect(token?.durationMs).toBeGreaterThanOrEqual(0);

    const range = `from=${addDays(ukToday(), -365)}&to=${ukToday()}`;
    const obligations = await alice.get(`/api/vat/obligations?vrn=${business.vrn}&${range}`);
    expect(obligations.statusCode, obligations.body).toBe(200);
    await until(() => aliceVat.some((entry) => entry.endpoint.includes('/obligations')), "Alice's obligations call");
    const call = aliceVat.find((entry) => entry.endpoint.includes('/obligations'));
    expect(call).toMatchObject({ method: 'GET', status: 200, vrn: business.vrn });
    expect(call?.correlationId).toMatch(/\S+/);

    await server.app.agents.say(aliceId, 'deadline-watcher', 'info', 'For Alice only');
    await until(() => aliceAgent.some((entry) => entry.message === 'For Alice only'), "Alice's agent line");

    await admin.put('/api/agents/statuses/deadline-watcher', { status: 'paused' });
    await until(() => aliceStatus.some((info) => info.status === 'paused'), 'the pause at Alice');
    await until(() => bobStatus.some((info) => info.status === 'paused'), 'the pause at Bob');
    await admin.put('/api/agents/statuses/deadline-watcher', { status: 'idle' });

    await drained(bobSocket, bobId);
    expect(bobVat).toEqual([]);
    expect(bobAgent.map((line) => line.message)).toEqual([expect.stringMatching(/^drain /)]);
    // No token, code or password ever travels in the VAT dialogue.
    const logged = JSON.stringify((await alice.get('/api/log')).json());
    expect(logged).not.toMatch(/access_token|refresh_token|Bearer|password|code=/i);
    expect((await bob.get('/api/log')).json().entries).toEqual([]);
  }, 60_000);
});

/** A practice of its own: its owner, a member who joined it, and the socket of each. */
async function practiceWithSockets(memberRole: string) {
  const { client: owner, id: ownerId } = await newUser('Olga');
  const practice = await createPractice(owner, `Live & Co ${users}`);
  users += 1;
  const member = await join(server, owner, practice, `member-${users}@example.com`, memberRole, 'Milo Member');
  const memberId = (await member.get('/api/me')).json().user.id as string;
  // Opened after joining, as the web app does (it starts again in the new workspace).
  const ownerSocket = connect(owner);
  const memberSocket = connect(member);
  await Promise.all([connected(ownerSocket), connected(memberSocket)]);
  return { practice, owner, ownerId, ownerSocket, member, memberId, memberSocket };
}

describe('workspace changes on the live socket', () => {
  it("tells every member's browser when the practice's businesses change, and no one else's", async () => {
    const { owner, ownerId, ownerSocket, memberId, memberSocket } = await practiceWithSockets('preparer');
    const { client: outsider, id: outsiderId } = await newUser('Oscar');
    const outsiderSocket = connect(outsider);
    await connected(outsiderSocket);
    const heard = (socket: Socket) => record<BusinessesChange>(socket, agentSocket.events.businessesChanged);
    const [ownerHeard, memberHeard, outsiderHeard] = [heard(ownerSocket), heard(memberSocket), heard(outsiderSocket)];

    // Connected by a grant: stored before anyone hears of it.
    const business = await connectBusiness(owner);
    await until(() => memberHeard.length === 1, 'the connection at the member');
    expect(memberHeard).toEqual([{ vrn: business.vrn }]);
    expect(ownerHeard).toEqual([{ vrn: business.vrn }]);
    // Added by hand (as a client's acceptance adds one), then removed.
    const added = await owner.post('/api/businesses', { vrn: business.vrn, userId: business.userId, name: 'Acme' });
    expect(added.statusCode, added.body).toBe(201);
    const removed = await owner.request({ method: 'DELETE', url: `/api/businesses/${business.vrn}` });
    expect(removed.statusCode, removed.body).toBe(200);
    await until(() => memberHeard.length === 3 && ownerHeard.length === 3, 'the addition and removal at both');
    // Only ids travel: the browsers read the rest through the API, as their user.
    expect(memberHeard).toEqual([{ vrn: business.vrn }, { vrn: business.vrn }, { vrn: business.vrn }]);

    // Deleting the sandbox user takes the businesses reached through it: that is told too.
    const again = await connectBusiness(owner);
    await until(() => memberHeard.length === 4, 'the second connection at the member');
    const deleted = await owner.request({ method: 'DELETE', url: `/api/sandbox_users/${again.userId}` });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    await until(() => memberHeard.length === 5, 'the deleted test user’s business at the member');
    expect(memberHeard.at(-1)).toEqual({ vrn: again.vrn });

    await drained(outsiderSocket, outsiderId);
    expect(outsiderHeard).toEqual([]);
    // Someone working alone is a workspace of one: their own browsers hear their own changes.
    const own = await connectBusiness(outsider);
    await until(() => outsiderHeard.length === 1, "the outsider's own business");
    expect(outsiderHeard).toEqual([{ vrn: own.vrn }]);
    await Promise.all([drained(ownerSocket, ownerId), drained(memberSocket, memberId)]);
    expect(ownerHeard).toHaveLength(5);
    expect(memberHeard).toHaveLength(5);
  }, 60_000);

  it("tells the preparer's browser when a reviewer approves their return, and no one outside the practice", async () => {
    const practiceOf = await practiceWithSockets('preparer');
    const { practice, owner, ownerSocket, member: preparer, memberSocket: preparerSocket } = practiceOf;
    users += 1;
    const reviewer = await join(server, owner, practice, `reviewer-${users}@example.com`, 'reviewer', 'Rita Reviewer');
    const { client: outsider, id: outsiderId } = await newUser('Oscar');
    const outsiderSocket = connect(outsider);
    await connected(outsiderSocket);
    const heard = (socket: Socket) => record<ReturnChange>(socket, agentSocket.events.returnChanged);
    const [ownerHeard, preparerHeard, outsiderHeard] = [
      heard(ownerSocket),
      heard(preparerSocket),
      heard(outsiderSocket),
    ];

    // A return of an overdue open period (the simulated history always has one).
    const { vrn } = await connectBusiness(preparer);
    const open = await preparer.get(
      `/api/vat/obligations?vrn=${vrn}&from=${addDays(ukToday(), -364)}&to=${ukToday()}&status=Open`,
    );
    const period = obligationListSchema.parse(open.json()).obligations.find((one) => one.due < ukToday());
    const started = await preparer.post('/api/initiate_vat_return', {
      user_vrn: vrn,
      period_key: period?.periodKey,
      flat_rate_scheme: false,
      flat_rate_percentage: null,
    });
    expect(started.statusCode, started.body).toBe(201);
    const draft = started.json() as ReturnDraft;
    expect((await preparer.post(`/api/vat_returns/${draft.id}/ready`)).statusCode).toBe(200);
    const approved = await reviewer.post(`/api/vat_returns/${draft.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    await until(() => preparerHeard.length === 2, 'the review steps at the preparer');
    expect(preparerHeard).toEqual([
      { id: draft.id, vrn },
      { id: draft.id, vrn },
    ]);
    await until(() => ownerHeard.length === 2, 'the review steps at the owner');
    // Sent back, and a note: the same word.
    expect((await reviewer.post(`/api/vat_returns/${draft.id}/reopen`)).statusCode).toBe(200);
    expect((await reviewer.post(`/api/vat_returns/${draft.id}/notes`, { text: 'Box 4?' })).statusCode).toBe(201);
    await until(() => preparerHeard.length === 4, 'the return sent back and its note');

    await drained(outsiderSocket, outsiderId);
    expect(outsiderHeard).toEqual([]);
  }, 60_000);
});

describe('the log stores', () => {
  it('keeps at most 1000 entries per store per user: the 1001st drops the oldest', async () => {
    const logs = new LogRepo(server.app.database.db);
    const owner = 'cap-test-user';
    const start = Date.now();
    for (let index = 0; index <= MAX_STORED_LOG_ENTRIES; index += 1) {
      await logs.appendAgentLog(
        owner,
        { agentId: 'token-keeper', level: 'info', message: `line ${index}` },
        new Date(start + index),
      );
    }
    const kept = await logs.agentLog([owner]);
    expect(kept).toHaveLength(MAX_STORED_LOG_ENTRIES);
    expect(kept[0]?.message).toBe(`line ${MAX_STORED_LOG_ENTRIES}`);
    expect(kept.at(-1)?.message).toBe('line 1');
    expect(kept.some((entry) => entry.message === 'line 0')).toBe(false);
    // Another user's store is untouched by the trimming.
    await logs.appendAgentLog('someone-else', { agentId: 'token-keeper', level: 'info', message: 'mine' });
    expect(await logs.agentLog(['someone-else'])).toHaveLength(1);
    expect(await logs.agentLog([owner])).toHaveLength(MAX_STORED_LOG_ENTRIES);
  }, 60_000);

  it("clears one store of one user's, and tells their browsers", async () => {
    const { client: alice, id: aliceId } = await newUser('Alice');
    const { client: bob, id: bobId } = await newUser('Bob');
    // Each has a line in both stores: creating a test user is an HMRC call, logged as it ends.
    for (const [client, id] of [
      [alice, aliceId],
      [bob, bobId],
    ] as const) {
      await createSandboxUser(client);
      await server.app.agents.say(id, 'token-keeper', 'info', 'before clearing');
      await vi.waitFor(async () => expect((await client.get('/api/log')).json().entries).not.toEqual([]));
    }
    const aliceSocket = connect(alice);
    await connected(aliceSocket);
    const cleared = record<string>(aliceSocket, agentSocket.events.logsCleared);
    const before = await alice.get('/api/logs/user');
    expect(before.json().vat.length).toBeGreaterThan(0);
    expect(before.json().agent.at(-1).message).toBe('before clearing'); // newest last

    const bobBefore = await bob.get('/api/logs/user');
    await server.app.agents.say(aliceId, 'token-keeper', 'info', 'again');
    expect((await alice.request({ method: 'DELETE', url: '/api/logs/vat/clear' })).statusCode).toBe(200);
    expect((await alice.get('/api/log')).json().entries).toEqual([]);
    expect((await alice.get('/api/agents/logs')).json().entries.length).toBeGreaterThan(0);
    expect((await alice.request({ method: 'DELETE', url: '/api/logs/clear' })).statusCode).toBe(200);
    expect((await alice.get('/api/agents/logs')).json().entries).toEqual([]);
    await until(() => cleared.length === 2, 'the cleared notices');
    expect(cleared).toEqual(['vat', 'agent']);
    expect((await bob.get('/api/logs/user')).json()).toEqual(bobBefore.json());

    const guest = await server.app.inject({ method: 'GET', url: '/api/log' });
    expect(guest.statusCode).toBe(401);
  });
});

describe('the agents at work', () => {
  it('token keeper: refreshes a token about to end and tells its user', async () => {
    const { client: alice, id: aliceId } = await newUser('Alice');
    await connectBusiness(alice);
    // Alice's connection is made to end in a minute.
    const soon = new Date(Date.now() + 60_000).toISOString();
    await server.app.database.db
      .updateTable('hmrc_connection')
      .set({ access_expires_at: soon })
      .where('owner_id', '=', aliceId)
      .execute();
    const run = await admin.post('/api/agents/token-keeper/run');
    expect(run.statusCode).toBe(200);
    expect(run.json().lastRunAt).not.toBeNull();
    const lines = (await alice.get('/api/agents/logs')).json().entries as AgentLogEntry[];
    expect(
      lines.some(
        (line) =>
          line.agentId === 'token-keeper' &&
          line.level === 'success' &&
          line.message.startsWith('Refreshed the HMRC token'),
      ),
    ).toBe(true);
    const row = await server.app.database.db
      .selectFrom('hmrc_connection')
      .select('access_expires_at')
      .where('owner_id', '=', aliceId)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.access_expires_at)).toBeGreaterThan(Date.now() + 3 * 3_600_000);
  });

  it('deadline watcher: checks every business and raises each warning once', async () => {
    const { client: alice, id: aliceId } = await newUser('Alice');
    // Connected while the watcher is paused, so no check on connecting races the round below.
    await admin.put('/api/agents/statuses/deadline-watcher', { status: 'paused' });
    try {
      await connectBusiness(alice);
    } finally {
      await admin.put('/api/agents/statuses/deadline-watcher', { status: 'idle' });
    }
    const aliceSocket = connect(alice);
    await connected(aliceSocket);
    const alerts = record<DeadlineAlertEvent>(aliceSocket, agentSocket.events.deadline);
    const raised = () =>
      server.app.database.db.selectFrom('deadline_alert').selectAll().where('owner_id', '=', aliceId).execute();
    expect(await raised()).toEqual([]);
    expect((await admin.post('/api/agents/deadline-watcher/run')).statusCode).toBe(200);
    const lines = (await alice.get('/api/agents/logs')).json().entries as AgentLogEntry[];
    expect(lines.filter((line) => line.agentId === 'deadline-watcher').length).toBeGreaterThan(0);
    // The simulator's account always has one overdue period open, so a warning is due.
    const warnings = (await raised()).filter((row) => !row.alert_key.includes(':payment:'));
    expect(warnings.length).toBeGreaterThan(0);
    await until(() => alerts.length === warnings.length, 'the deadline toasts');
    for (const alert of alerts) expect(['due14', 'due7', 'due1', 'overdue']).toContain(alert.level);

    // A second round raises nothing new.
    const heard = alerts.length;
    expect((await admin.post('/api/agents/deadline-watcher/run')).statusCode).toBe(200);
    await drained(aliceSocket, aliceId);
    expect(alerts).toHaveLength(heard);
    expect((await raised()).filter((row) => !row.alert_key.includes(':payment:'))).toHaveLength(warnings.length);
  });

  it('deadline watcher: warns once about VAT left unpaid after its due date', async () => {
    const { client: alice, id: aliceId } = await newUser('Alice');
    await admin.put('/api/agents/statuses/deadline-watcher', { status: 'paused' });
    const vrn = await connectBusiness(alice)
      .then((business) => business.vrn)
      .finally(() => admin.put('/api/agents/statuses/deadline-watcher', { status: 'idle' }));
    // Filing the overdue period late leaves its VAT owed, and its due date has passed.
    const today = ukToday();
    const overdue = obligationListSchema
      .parse(
        (
          await alice.get(`/api/vat/obligations?vrn=${vrn}&from=${addDays(today, -364)}&to=${today}&status=Open`)
        ).json(),
      )
      .obligations.find((obligation) => obligation.due < today);
    if (!overdue) throw new Error('no overdue period in the simulated history');
    const draft = (
      await alice.post('/api/initiate_vat_return', {
        user_vrn: vrn,
        period_key: overdue.periodKey,
        flat_rate_scheme: false,
        flat_rate_percentage: null,
      })
    ).json() as { id: string; idempotencyKey: string };
    await alice.post('/api/vat_records', {
      vrn,
      kind: 'sale',
      date: overdue.start,
      description: 'Late sale',
      netPence: 50_000,
      vatPence: 10_000,
      rate: 'standard',
      treatment: 'normal',
    });
    const filed = await alice.post(`/api/vat_returns/${draft.id}/submit`, {
      idempotencyKey: draft.idempotencyKey,
      declarationAccepted: true,
    });
    expect(filed.statusCode, filed.body).toBe(200);

    const paymentWarnings = async () =>
      (
        await server.app.database.db.selectFrom('deadline_alert').selectAll().where('owner_id', '=', aliceId).execute()
      ).filter((row) => row.alert_key.includes(':payment:'));
    expect((await admin.post('/api/agents/deadline-watcher/run')).statusCode).toBe(200);
    expect(await paymentWarnings()).toHaveLength(1);
    const unpaidLines = async () =>
      ((await alice.get('/api/agents/logs')).json().entries as AgentLogEntry[]).filter((line) =>
        line.message.startsWith('Unpaid: £100.00 of VAT'),
      );
    expect(await unpaidLines()).toHaveLength(1);

    expect((await admin.post('/api/agents/deadline-watcher/run')).statusCode).toBe(200);
    expect(await paymentWarnings()).toHaveLength(1);
    expect(await unpaidLines()).toHaveLength(1);
  });

  it('deadline watcher: mails a subscriber each new warning once, in one daily digest', async () => {
    const { client: carol, id: carolId } = await newUser('Carol');
    const email = ((await carol.get('/api/me')).json() as { user: { email: string } }).user.email;
    const outbox = path.join(server.dataDir, 'outbox');
    const digestsTo = () =>
      (fs.existsSync(outbox) ? fs.readdirSync(outbox) : [])
        .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
        .filter((mail) => mail.startsWith(`To: ${email}\n`) && mail.includes('new VAT warning'));

    expect((await carol.get('/api/reminders')).json()).toEqual({ dailyDigest: false, delivery: 'outbox' });
    const subscribed = await carol.put('/api/reminders', { dailyDigest: true });
    expect(subscribed.json()).toEqual({ dailyDigest: true, delivery: 'outbox' });

    await admin.put('/api/agents/statuses/deadline-watcher', { status: 'paused' });
    const business = await connectBusiness(carol).finally(() =>
      admin.put('/api/agents/statuses/deadline-watcher', { status: 'idle' }),
    );
    expect((await admin.post('/api/agents/deadline-watcher/run')).statusCode).toBe(200);
    const warnings = await server.app.database.db
      .selectFrom('deadline_alert')
      .selectAll()
      .where('owner_id', '=', carolId)
      .execute();
    expect(warnings.length).toBeGreaterThan(0);
    const [digest, ...more] = digestsTo();
    expect(more).toEqual([]);
    for (const warning of warnings) expect(digest).toContain(warning.message ?? 'a warning with no words');
    expect(digest).toContain(`VRN ${business.vrn}`);

    // The next round raises nothing new, so nothing more is mailed; an unsubscribed user gets nothing.
    expect((await admin.post('/api/agents/deadline-watcher/run')).statusCode).toBe(200);
    expect(digestsTo()).toHaveLength(1);
    expect((await carol.put('/api/reminders', { dailyDigest: false })).json().dailyDigest).toBe(false);
    await server.app.database.db.deleteFrom('digest_delivery').where('user_id', '=', carolId).execute();
    expect((await admin.post('/api/agents/deadline-watcher/run')).statusCode).toBe(200);
    expect(digestsTo()).toHaveLength(1);
  });
});

describe('deadline watcher in a practice', () => {
  it("mails each subscribed member the practice's new warnings once, beside their own", async () => {
    const { client: owner } = await newUser('Paula');
    const { client: member, id: memberId } = await newUser('Quentin');
    const memberEmail = ((await member.get('/api/me')).json() as { user: { email: string } }).user.email;
    const created = await owner.post('/api/auth/organization/create', {
      name: 'Digest & Co',
      slug: `digest-${memberId}`,
    });
    const practiceId = (created.json() as { id: string }).id;
    await owner.post('/api/auth/organization/set-active', { organizationId: practiceId });
    const invited = await owner.post('/api/auth/organization/invite-member', {
      email: memberEmail,
      role: 'preparer',
      organizationId: practiceId,
    });
    // Without mail the member's address is not verified: they accept through the owner's link.
    const invitationId = (invited.json() as { id: string }).id;
    const { token } = await invitationLinkOf(owner, invitationId);
    await member.request({
      method: 'POST',
      url: '/api/auth/organization/accept-invitation',
      body: { invitationId },
      headers: { 'x-invitation-token': token },
    });
    await member.put('/api/reminders', { dailyDigest: true });
    await owner.put('/api/reminders', { dailyDigest: true });

    await admin.put('/api/agents/statuses/deadline-watcher', { status: 'paused' });
    const business = await connectBusiness(owner).finally(() =>
      admin.put('/api/agents/statuses/deadline-watcher', { status: 'idle' }),
    );
    expect((await admin.post('/api/agents/deadline-watcher/run')).statusCode).toBe(200);
    const outbox = path.join(server.dataDir, 'outbox');
    const digestsMentioning = () =>
      (fs.existsSync(outbox) ? fs.readdirSync(outbox) : [])
        .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
        .filter((mail) => mail.includes('new VAT warning') && mail.includes(`VRN ${business.vrn}`))
        .map((mail) => mail.split('\n')[0]);
    const ownerEmail = ((await owner.get('/api/me')).json() as { user: { email: string } }).user.email;
    expect(digestsMentioning().sort()).toEqual([`To: ${memberEmail}`, `To: ${ownerEmail}`].sort());
    // The warnings are in every member's agent dialogue too.
    const { entries } = (await member.get('/api/agents/logs')).json() as { entries: AgentLogEntry[] };
    expect(entries.some((entry) => entry.message.includes(`VRN ${business.vrn}`))).toBe(true);

    expect((await admin.post('/api/agents/deadline-watcher/run')).statusCode).toBe(200);
    expect(digestsMentioning()).toHaveLength(2);
  });
});

// Drives Debian's Chromium (CHROMIUM_PATH, /usr/bin/chromium), which .ci/run installs.
describe('sandbox authoriser (Debian Chromium)', () => {
  it('checks the form: a browser must be chosen, and only Chromium can be', async () => {
    const { client: bob } = await newUser('Bob');
    const user = await createSandboxUser(bob);
    const empty = await bob.post('/api/authorize_user', { userId: user.userId, browser: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Please select a browser.');
    const firefox = await bob.post('/api/authorize_user', { userId: user.userId, browser: 'firefox' });
    expect(firefox.statusCode).toBe(400);
    expect(firefox.json().code).toBe('BROWSER_UNAVAILABLE');
    const stranger = await bob.post('/api/authorize_user', { userId: '999999999999', browser: 'chromium' });
    expect(stranger.statusCode).toBe(404);
    const browsers = (await bob.get('/api/authorize_user/browsers')).json();
    expect(browsers.available).toBe(true);
    expect(browsers.browsers.find((choice: { id: string }) => choice.id === 'chromium').available).toBe(true);
  });

  it("signs in and grants as the test user, reporting each step live, and connects the user's business", async () => {
    const { client: bob } = await newUser('Bob');
    const user = await createSandboxUser(bob);
    const bobSocket = connect(bob);
    await connected(bobSocket);
    const heard = record<AgentLogEntry>(bobSocket, agentSocket.events.agentLog);
    const statuses = record<AgentInfo>(bobSocket, agentSocket.events.status);
    const response = await bob.post('/api/authorize_user', { userId: user.userId, browser: 'chromium' });
    expect(response.statusCode, JSON.stringify((await bob.get('/api/agents/logs')).json())).toBe(200);
    expect(response.json()).toMatchObject({ userId: user.userId, vrn: user.vrn });
    // The deadline watcher checks the new business too; the authoriser's own lines are these. The
    // last line travels over the socket, so it may arrive just after the HTTP answer.
    const authoriserLines = () => heard.filter((line) => line.agentId === 'sandbox-authoriser');
    await vi.waitFor(() => expect(authoriserLines().at(-1)?.level).toBe('success'));
    const steps = authoriserLines();
    const messages = steps.map((step) => step.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Opening Chromium…',
        "Opening HMRC's sign-in page",
        "Passing HMRC's start page",
        `Signing in as ${user.userId}`,
        'Giving VAT Wise permission',
        'HMRC returned an authorisation code',
        'Exchanging the code for tokens',
      ]),
    );
    expect(JSON.stringify(steps)).not.toContain(user.password);
    // The status going back to idle is a socket event of its own, which may come after the last line.
    await vi.waitFor(() =>
      expect(statuses.filter((status) => status.id === 'sandbox-authoriser').map((status) => status.status)).toEqual([
        'running',
        'idle',
      ]),
    );
    const businesses = (await bob.get('/api/businesses')).json();
    expect(businesses.businesses.map((business: { vrn: string }) => business.vrn)).toContain(user.vrn);
  }, 90_000);

  it("stops when asked: 'Authorization was aborted.'", async () => {
    const { client: bob } = await newUser('Bob');
    const user = await createSandboxUser(bob);
    const bobSocket = connect(bob);
    await connected(bobSocket);
    const steps = record<AgentLogEntry>(bobSocket, agentSocket.events.agentLog);
    const running = bob.post('/api/authorize_user', { userId: user.userId, browser: 'chromium' });
    await until(() => steps.some((step) => step.message === 'Opening Chromium…'), 'the first step');
    const busy = await bob.post('/api/authorize_user', { userId: user.userId, browser: 'chromium' });
    expect(busy.json().code).toBe('AGENT_BUSY');
    expect((await bob.request({ method: 'DELETE', url: '/api/authorize_user' })).statusCode).toBe(200);
    const stopped = await running;
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json().message).toBe('Authorization was aborted.');
    expect((await bob.request({ method: 'DELETE', url: '/api/authorize_user' })).statusCode).toBe(404);
  }, 90_000);
});

describe('sandbox authoriser against HMRC production', () => {
  it('is never offered: the form says it is unavailable and a run is refused', async () => {
    const production = await createTestApp({
      HMRC_CLIENT_ID: 'production-client',
      HMRC_CLIENT_SECRET: 'production-secret',
      HMRC_BASE_URL: 'https://api.service.hmrc.gov.uk',
      HMRC_AUTH_URL: 'https://www.tax.service.gov.uk',
    });
    try {
      const user = await registerUser(production.app, 'prod@example.com');
      expect((await user.get('/api/authorize_user/browsers')).json().available).toBe(false);
      const run = await user.post('/api/authorize_user', { userId: '123456789012', browser: 'chromium' });
      expect(run.statusCode).toBe(409);
      expect(run.json().code).toBe('SANDBOX_ONLY');
    } finally {
      await production.close();
    }
  });
});
