import { agentSocket, MAX_STORED_LOG_ENTRIES } from '@vatwise/domain';
import { describe, expect, it, vi } from 'vitest';
import { createSandboxUser } from '../../test/hmrc-journey';
import { agentsTestServer } from './agents-test-server';
import { LogRepo } from './logs/log-repo';

/** The two log stores (agent lines and the VAT dialogue): their cap per user, and clearing them. */

const live = agentsTestServer();
const { connect, connected, record, until, newUser } = live;

describe('the log stores', () => {
  it('keeps at most 1000 entries per store per user: the 1001st drops the oldest', async () => {
    const logs = new LogRepo(live.server.app.database.db);
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
      await live.server.app.agents.say(id, 'token-keeper', 'info', 'before clearing');
      await vi.waitFor(async () => expect((await client.get('/api/log')).json().entries).not.toEqual([]));
    }
    const aliceSocket = connect(alice);
    await connected(aliceSocket);
    const cleared = record<string>(aliceSocket, agentSocket.events.logsCleared);
    const before = await alice.get('/api/logs/user');
    expect(before.json().vat.length).toBeGreaterThan(0);
    expect(before.json().agent.at(-1).message).toBe('before clearing'); // newest last

    const bobBefore = await bob.get('/api/logs/user');
    await live.server.app.agents.say(aliceId, 'token-keeper', 'info', 'again');
    expect((await alice.request({ method: 'DELETE', url: '/api/logs/vat/clear' })).statusCode).toBe(200);
    expect((await alice.get('/api/log')).json().entries).toEqual([]);
    expect((await alice.get('/api/agents/logs')).json().entries.length).toBeGreaterThan(0);
    expect((await alice.request({ method: 'DELETE', url: '/api/logs/clear' })).statusCode).toBe(200);
    expect((await alice.get('/api/agents/logs')).json().entries).toEqual([]);
    await until(() => cleared.length === 2, 'the cleared notices');
    expect(cleared).toEqual(['vat', 'agent']);
    expect((await bob.get('/api/logs/user')).json()).toEqual(bobBefore.json());

    const guest = await live.server.app.inject({ method: 'GET', url: '/api/log' });
    expect(guest.statusCode).toBe(401);
  });
});
