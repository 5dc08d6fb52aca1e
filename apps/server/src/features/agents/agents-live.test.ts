import {
  type AgentInfo,
  type AgentLogEntry,
  addDays,
  agentSocket,
  type BusinessesChange,
  obligationListSchema,
  type ReturnChange,
  type ReturnDraft,
  ukToday,
  type VatLogEntry,
} from '@vatwise/domain';
import { io, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { connectBusiness } from '../../test/hmrc-journey';
import { join } from '../../test/practice-journey';
import { agentsTestServer } from './agents-test-server';

/**
 * The agents' live channel over a real socket: who may open it, and who hears what (the VAT
 * dialogue, agent lines, an Admin's pause, a workspace's businesses and returns).
 */

const live = agentsTestServer();
const { sockets, cookieOf, connect, connected, record, until, uniqueNumber, newUser, drained, practiceWithSockets } =
  live;

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
    const socket = io(`${live.server.baseUrl}${agentSocket.namespace}`, {
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

    await live.server.app.agents.say(aliceId, 'deadline-watcher', 'info', 'For Alice only');
    await until(() => aliceAgent.some((entry) => entry.message === 'For Alice only'), "Alice's agent line");

    await live.admin.put('/api/agents/statuses/deadline-watcher', { status: 'paused' });
    await until(() => aliceStatus.some((info) => info.status === 'paused'), 'the pause at Alice');
    await until(() => bobStatus.some((info) => info.status === 'paused'), 'the pause at Bob');
    await live.admin.put('/api/agents/statuses/deadline-watcher', { status: 'idle' });

    await drained(bobSocket, bobId);
    expect(bobVat).toEqual([]);
    expect(bobAgent.map((line) => line.message)).toEqual([expect.stringMatching(/^drain /)]);
    // No token, code or password ever travels in the VAT dialogue.
    const logged = JSON.stringify((await alice.get('/api/log')).json());
    expect(logged).not.toMatch(/access_token|refresh_token|Bearer|password|code=/i);
    expect((await bob.get('/api/log')).json().entries).toEqual([]);
  }, 60_000);
});

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
    const reviewerEmail = `reviewer-${uniqueNumber()}@example.com`;
    const reviewer = await join(live.server, owner, practice, reviewerEmail, 'reviewer', 'Rita Reviewer');
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
