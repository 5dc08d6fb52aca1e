import { agentSocket } from '@vatwise/domain';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPractice, join } from '../../test/practice-journey';
import { registerUser, type SessionClient } from '../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../test/test-app';

/**
 * A socket opened while its person was a member leaves the practice's room the moment the
 * membership ends (removed, or leaving): it hears nothing of the practice afterwards, while the
 * person's own room goes on. Across two instances: platform/cluster/cluster.test.ts.
 */

let server: TestApp & { baseUrl: string };
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await createListeningTestApp();
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server.close();
});

const cookieOf = (client: SessionClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

async function socketOf(client: SessionClient): Promise<Socket> {
  const socket = io(`${server.baseUrl}${agentSocket.namespace}`, {
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

/** Every event a socket hears from now on, by name and message. */
function everything(socket: Socket) {
  const heard: { event: string; message: string }[] = [];
  socket.onAny((event: string, payload: { message?: string }) =>
    heard.push({ event, message: String(payload?.message ?? '') }),
  );
  return heard;
}

const idOf = async (client: SessionClient) => (await client.get('/api/me')).json().user.id as string;

async function practiceWithMember(n: number) {
  const owner = await registerUser(server.app, `owner-live-${n}@example.com`, 'Olive');
  const practiceId = await createPractice(owner, `Live ${n}`);
  const email = `member-live-${n}@example.com`;
  const member = await join(server, owner, practiceId, email, 'preparer', 'Milo');
  return { owner, practiceId, member, email, ownerSocket: await socketOf(owner), memberSocket: await socketOf(member) };
}

/** Says a line to a workspace's room and waits until `listener` heard it. */
async function sayAndWait(workspaceId: string, heard: { message: string }[], message: string) {
  await server.app.agents.say(workspaceId, 'token-keeper', 'info', message);
  await vi.waitFor(() => expect(heard.map((one) => one.message)).toContain(message), { timeout: 5_000 });
}

describe('a practice member’s open socket', () => {
  it('hears nothing of the practice once removed, and still hears its own', async () => {
    const { owner, practiceId, member, email, ownerSocket, memberSocket } = await practiceWithMember(1);
    const [ownerHeard, memberHeard] = [everything(ownerSocket), everything(memberSocket)];
    await sayAndWait(practiceId, memberHeard, 'before the removal');

    const removed = await owner.post('/api/auth/organization/remove-member', {
      memberIdOrEmail: email,
      organizationId: practiceId,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const before = memberHeard.length;
    for (let n = 0; n < 5; n += 1) await server.app.agents.say(practiceId, 'deadline-watcher', 'warning', `after ${n}`);
    // The owner hears them all; a line to the member's own room comes after them on the same connection.
    await sayAndWait(practiceId, ownerHeard, 'after 4');
    await sayAndWait(await idOf(member), memberHeard, 'the member’s own');
    expect(memberHeard.slice(before).map((one) => one.message)).toEqual(['the member’s own']);
    expect(memberSocket.connected).toBe(true);
  });

  it('hears nothing of the practice once its person leaves it', async () => {
    const { practiceId, member, memberSocket, ownerSocket } = await practiceWithMember(2);
    const [ownerHeard, memberHeard] = [everything(ownerSocket), everything(memberSocket)];
    const left = await member.post('/api/auth/organization/leave', { organizationId: practiceId });
    expect(left.statusCode, left.body).toBe(200);
    const before = memberHeard.length;
    await server.app.agents.say(practiceId, 'deadline-watcher', 'warning', 'after leaving');
    await sayAndWait(practiceId, ownerHeard, 'after leaving');
    await sayAndWait(await idOf(member), memberHeard, 'own line');
    expect(memberHeard.slice(before).map((one) => one.message)).toEqual(['own line']);
  });
});
