import { type AgentLogEntry, agentSocket } from '@vatwise/domain';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, vi } from 'vitest';
import { connectBusiness } from '../../test/hmrc-journey';
import { createPractice, join } from '../../test/practice-journey';
import { registerUser, type SessionClient } from '../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../test/test-app';

/**
 * The agents over real HTTP and a real socket: one listening server with the agents on for a test
 * file (started before its tests, closed after them), its Admin, and what the tests use to open
 * sockets and hear them.
 */
export function agentsTestServer() {
  let server: TestApp & { baseUrl: string };
  let admin: SessionClient;
  const sockets: Socket[] = [];
  let users = 0;

  beforeAll(async () => {
    server = await createListeningTestApp({ AGENTS_ENABLED: 'true' });
    // The first account is the Admin; every other user is a test's own (newUser).
    admin = await registerUser(server.app, 'ada@example.com', 'Ada Admin');
  }, 30_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await server?.close();
  });

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

  /** A number no other user of this server has, for a test's own e-mail addresses. */
  function uniqueNumber(): number {
    users += 1;
    return users;
  }

  /** A user of the calling test's own, so that no test leans on what another left behind. */
  async function newUser(name: string): Promise<{ client: SessionClient; id: string }> {
    const client = await registerUser(server.app, `${name.toLowerCase()}-${uniqueNumber()}@example.com`, name);
    return { client, id: (await client.get('/api/me')).json().user.id as string };
  }

  /**
   * Connects a business while the deadline watcher is paused, so the check it starts on a new
   * connection (in the background, with the user's token) races nothing the test does next.
   */
  async function connectUnwatched(client: SessionClient) {
    await admin.put('/api/agents/statuses/deadline-watcher', { status: 'paused' });
    try {
      return await connectBusiness(client);
    } finally {
      await admin.put('/api/agents/statuses/deadline-watcher', { status: 'idle' });
    }
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

  /** A practice of its own: its owner, a member who joined it, and the socket of each. */
  async function practiceWithSockets(memberRole: string) {
    const { client: owner, id: ownerId } = await newUser('Olga');
    const practice = await createPractice(owner, `Live & Co ${users}`);
    const memberEmail = `member-${uniqueNumber()}@example.com`;
    const member = await join(server, owner, practice, memberEmail, memberRole, 'Milo Member');
    const memberId = (await member.get('/api/me')).json().user.id as string;
    // Opened after joining, as the web app does (it starts again in the new workspace).
    const ownerSocket = connect(owner);
    const memberSocket = connect(member);
    await Promise.all([connected(ownerSocket), connected(memberSocket)]);
    return { practice, owner, ownerId, ownerSocket, member, memberId, memberSocket };
  }

  return {
    /** The server, once beforeAll has started it. */
    get server() {
      return server;
    },
    /** The Admin (the server's first account). */
    get admin() {
      return admin;
    },
    sockets,
    cookieOf,
    connect,
    connected,
    record,
    until,
    uniqueNumber,
    newUser,
    connectUnwatched,
    drained,
    practiceWithSockets,
  };
}
