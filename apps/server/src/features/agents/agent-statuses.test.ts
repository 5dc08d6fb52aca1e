import { type AgentInfo, Role } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import { agentsTestServer } from './agents-test-server';

/** The agents' statuses over real HTTP: who may see them, and who may pause, resume or disable an agent. */

const live = agentsTestServer();
const { newUser } = live;

describe('agent statuses', () => {
  it('lists the five agents to anyone, guests included', async () => {
    const response = await live.server.app.inject({ method: 'GET', url: '/api/agents/statuses' });
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
    expect((await live.admin.get('/api/me')).json().user.role).toBe(Role.Admin);
    const guest = await live.server.app.inject({
      method: 'PUT',
      url: '/api/agents/statuses/token-keeper',
      payload: { status: 'paused' },
      headers: { origin: live.server.baseUrl },
    });
    expect(guest.statusCode).toBe(401);
    expect((await alice.put('/api/agents/statuses/token-keeper', { status: 'paused' })).statusCode).toBe(403);

    const wrong = await live.admin.put('/api/agents/statuses/token-keeper', { status: 'sleeping' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('idle, paused, disabled');
    const running = await live.admin.put('/api/agents/statuses/token-keeper', { status: 'running' });
    expect(running.statusCode).toBe(400);
    const unknown = await live.admin.put('/api/agents/statuses/tea-maker', { status: 'paused' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain(
      'token-keeper, deadline-watcher, sandbox-authoriser, submission-checker, authority-checker',
    );

    const paused = await live.admin.put('/api/agents/statuses/token-keeper', { status: 'paused' });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ id: 'token-keeper', status: 'paused', changedBy: 'ada@example.com' });
    const seen = (await alice.get('/api/agents/statuses')).json().agents as AgentInfo[];
    expect(seen.find((agent) => agent.id === 'token-keeper')?.status).toBe('paused');

    // A paused agent does no work on demand either.
    const run = await live.admin.post('/api/agents/token-keeper/run');
    expect(run.statusCode).toBe(409);
    expect(run.json().code).toBe('AGENT_PAUSED');

    expect((await live.admin.put('/api/agents/statuses/token-keeper', { status: 'disabled' })).json().status).toBe(
      'disabled',
    );
    expect((await live.admin.put('/api/agents/statuses/token-keeper', { status: 'idle' })).json().status).toBe('idle');
    // Kept in the database: what an Admin set survives a restart.
    const row = await live.server.app.database.db
      .selectFrom('agent_state')
      .selectAll()
      .where('agent_id', '=', 'token-keeper')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('idle');
  });
});
