import { type AgentInfo, agentSocket } from '@vatwise/domain';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { adminEmail, useCluster, waitFor } from './harness';

/**
 * The agents across instances: an Admin's pause made on one instance reaches a browser
 * on the other within a second and holds there; a scheduled round runs on one instance only.
 * The agents' schedules are on (AGENTS_ENABLED), as in production.
 */
const cluster = useCluster({ agents: true });

describe('the agents across instances', () => {
  it("brings an Admin's pause on A to a browser connected to B within 1 s, and B refuses Run now", async () => {
    const { instances, signUp, connectSocket } = cluster();
    const [a, b] = instances;
    if (!a || !b) throw new Error('two instances expected');
    const admin = await signUp({ email: adminEmail, via: a.url });
    const socket = await connectSocket(admin, b.url);
    const heard: { info: AgentInfo; at: number }[] = [];
    socket.on(agentSocket.events.status, (info: AgentInfo) => heard.push({ info, at: Date.now() }));

    const pausedAt = Date.now();
    const pause = await admin.on(a.url).put('/api/agents/statuses/deadline-watcher', { status: 'paused' });
    expect(pause.status, pause.text).toBe(200);
    await waitFor(
      () => heard.some(({ info }) => info.id === 'deadline-watcher' && info.status === 'paused'),
      'the pause to reach B',
      { timeoutMs: 1_000, intervalMs: 10 },
    );
    const arrival = heard.find(({ info }) => info.status === 'paused')?.at ?? Infinity;
    expect(arrival - pausedAt).toBeLessThan(1_000);

    const run = await admin.on(b.url).post('/api/agents/deadline-watcher/run');
    expect(run.status, run.text).toBe(409);
    expect(run.json).toMatchObject({ code: 'AGENT_PAUSED' });
    const statuses = (await admin.on(b.url).get('/api/agents/statuses')).json as { agents: AgentInfo[] };
    expect(statuses.agents.find((agent) => agent.id === 'deadline-watcher')?.status).toBe('paused');
    socket.disconnect();

    // Resumed on B, it runs again on A.
    expect((await admin.on(b.url).put('/api/agents/statuses/deadline-watcher', { status: 'idle' })).status).toBe(200);
    await waitFor(
      async () => (await admin.on(a.url).post('/api/agents/deadline-watcher/run')).status === 200,
      'A to accept Run now once resumed on B',
      { timeoutMs: 2_000, intervalMs: 50 },
    );
  });

  it('runs a scheduled round on one instance only', async () => {
    const { signIn, signUp, connectSocket, url, redis } = cluster();
    const admin = await signIn(adminEmail).catch(() => signUp({ email: adminEmail }));
    const socket = await connectSocket(admin, url);
    const running: number[] = [];
    socket.on(agentSocket.events.status, (info: AgentInfo) => {
      if (info.id === 'token-keeper' && info.status === 'running') running.push(Date.now());
    });

    // The round falls due now: its job is moved from "later" to "now", as the clock would. The
    // first round (10 s after the start) finishes first, so only the promoted one is counted.
    const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const rounds = new Queue('agent-rounds', { connection, prefix: `${redis.keyPrefix}jobs` });
    const finished = async () => (await rounds.getCompleted()).filter((job) => job.name === 'token-keeper').length;
    try {
      await waitFor(async () => (await finished()) > 0, 'the first round', { timeoutMs: 30_000, intervalMs: 100 });
      const before = await finished();
      running.length = 0;
      const due = (await rounds.getDelayed()).filter((job) => job.name === 'token-keeper');
      expect(due).toHaveLength(1);
      await due[0]?.promote();
      await waitFor(async () => (await finished()) > before, 'the promoted round', { timeoutMs: 10_000 });
      // Both instances' workers were free to take it; a doubled round would say "running" twice.
      expect(running).toHaveLength(1);
    } finally {
      socket.disconnect();
      await rounds.close();
      connection.disconnect();
    }
  });
});
