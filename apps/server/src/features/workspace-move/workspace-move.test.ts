import {
  businessListSchema,
  clientRequestListSchema,
  clientRequestSchema,
  type OwnWork,
  ownWorkSchema,
} from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientLink } from '../../test/hmrc-browser';
import { authorise, connectBusiness, createSandboxUser } from '../../test/hmrc-journey';
import { createPractice, join, switchTo } from '../../test/practice-journey';
import { registerUser, type SessionClient } from '../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../test/test-app';

/**
 * Bringing what an agent made alone into the practice they then start: the agent services
 * account, its test users, the clients' businesses and their records and returns move, once,
 * and nothing stays behind in the person's own workspace.
 */

let server: TestApp & { baseUrl: string };
beforeAll(async () => {
  server = await createListeningTestApp();
});
afterAll(async () => {
  await server.close();
});

const ownWorkOf = async (client: SessionClient): Promise<OwnWork> => {
  const response = await client.get('/api/practice/own-work');
  expect(response.statusCode, response.body).toBe(200);
  return ownWorkSchema.parse(response.json());
};
const businessesOf = async (client: SessionClient) =>
  businessListSchema.parse((await client.get('/api/businesses')).json()).businesses;
const sandboxUsersOf = async (client: SessionClient) =>
  ((await client.get('/api/sandbox_users')).json() as { sandboxUsers: { userId: string }[] }).sandboxUsers;
const requestsOf = async (client: SessionClient) =>
  clientRequestListSchema.parse((await client.get('/api/client_requests')).json());
const recordsOf = async (client: SessionClient, vrn: string) =>
  ((await client.get(`/api/vat_records?vrn=${vrn}&from=2000-01-01&to=2099-12-31`)).json() as { records: unknown[] })
    .records;

/** An agent working alone: their agent services account authorised and one client accepted, with a record. */
async function agentAlone(email: string) {
  const agent = await registerUser(server.app, email, 'Noah Agent');
  const agentUser = await createSandboxUser(agent, 'Agent');
  const granted = await authorise(agent, agentUser);
  expect(granted.response.statusCode, granted.response.body).toBe(200);
  const clientOwner = await registerUser(server.app, `client-of-${email}`);
  const client = await createSandboxUser(clientOwner, 'Organisation');
  const sent = await agent.post('/api/client_requests', {
    userId: agentUser.userId,
    vrn: client.vrn,
    registrationDate: client.vatRegistrationDate,
    name: 'Client Ltd',
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const request = clientRequestSchema.parse(sent.json());
  await answerClientLink(request.link ?? '', client, 'accept');
  await agent.get('/api/client_requests?refresh=true');
  const vrn = client.vrn ?? '';
  const record = await agent.post('/api/vat_records', {
    vrn,
    kind: 'sale',
    date: '2025-01-15',
    description: 'Consulting',
    netPence: 100_000,
    vatPence: 20_000,
    rate: 'standard',
    treatment: 'normal',
  });
  expect(record.statusCode, record.body).toBe(201);
  return { agent, agentUser, vrn };
}

describe('bringing one’s own work into a practice', () => {
  it('moves the agent services account, its test users, clients, records and trail, leaving nothing behind', async () => {
    const { agent, agentUser, vrn } = await agentAlone('moving-agent@example.com');
    await createPractice(agent, 'Jones & Co');

    // In the new practice, nothing yet: the dialog lists what would move.
    expect(await businessesOf(agent)).toEqual([]);
    const offered = await ownWorkOf(agent);
    expect(offered).toMatchObject({
      agentAccounts: [{ userId: agentUser.userId, arn: agentUser.agentServicesAccountNumber }],
      authorities: 1,
      sandboxUsers: 1,
      businesses: [{ vrn, name: 'Client Ltd', conflict: null }],
      records: 1,
      clientRequests: 1,
    });

    const moved = await agent.post('/api/practice/own-work/move', {});
    expect(moved.statusCode, moved.body).toBe(200);
    expect(ownWorkSchema.parse(moved.json()).businesses.map((b) => b.vrn)).toEqual([vrn]);

    // The practice now holds the agent authority, its test user, the client and its record.
    expect(await businessesOf(agent)).toEqual([
      expect.objectContaining({ vrn, userId: agentUser.userId, agentArn: agentUser.agentServicesAccountNumber }),
    ]);
    expect((await sandboxUsersOf(agent)).map((u) => u.userId)).toEqual([agentUser.userId]);
    const requests = await requestsOf(agent);
    expect(requests.agents).toEqual([expect.objectContaining({ userId: agentUser.userId })]);
    expect(requests.requests).toEqual([expect.objectContaining({ vrn, status: 'accepted' })]);
    expect(await recordsOf(agent, vrn)).toHaveLength(1);
    const obligations = await agent.get(`/api/vat/obligations?vrn=${vrn}&from=2025-01-01&to=2025-12-31`);
    expect(obligations.statusCode, obligations.body).toBe(200);
    const activity = (await agent.get(`/api/businesses/${vrn}/activity`)).json() as {
      activity: { kind: string; detail: string }[];
    };
    expect(activity.activity[0]).toMatchObject({ kind: 'connected', detail: expect.stringContaining('own work') });

    // The moved agent services account now asks clients to appoint the practice by its name.
    const next = await createSandboxUser(await registerUser(server.app, 'next-client@example.com'), 'Organisation');
    const asked = await agent.post('/api/client_requests', {
      userId: agentUser.userId,
      vrn: next.vrn,
      registrationDate: next.vatRegistrationDate,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(clientRequestSchema.parse(asked.json()).link).toMatch(/\/jones-co\/vat$/);

    // A second offer has nothing left to move, and nothing was left behind or doubled.
    const after = await ownWorkOf(agent);
    expect(after).toMatchObject({ authorities: 0, sandboxUsers: 0, businesses: [], records: 0, clientRequests: 0 });
    const again = await agent.post('/api/practice/own-work/move', {});
    expect(again.statusCode).toBe(200);
    expect(await businessesOf(agent)).toHaveLength(1);
    await switchTo(agent, null);
    expect(await businessesOf(agent)).toEqual([]);
    expect(await sandboxUsersOf(agent)).toEqual([]);
    expect((await agent.get(`/api/vat_records?vrn=${vrn}&from=2000-01-01&to=2099-12-31`)).statusCode).not.toBe(200);
  });

  it('is refused to a member who does not run the practice, and moves no one else’s work', async () => {
    const owner = await registerUser(server.app, 'move-owner@example.com', 'Olive');
    const practice = await createPractice(owner, 'Olive & Co');
    const preparer = await join(server, owner, practice, 'move-preparer@example.com', 'preparer', 'Pat');
    await switchTo(preparer, null);
    const own = await connectBusiness(preparer);
    await switchTo(preparer, practice);

    const refused = await preparer.post('/api/practice/own-work/move', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PRACTICE_ROLE_REQUIRED');
    // The owner's move takes their own (empty) work, never the preparer's.
    const ownerMove = await owner.post('/api/practice/own-work/move', {});
    expect(ownerMove.statusCode, ownerMove.body).toBe(200);
    expect(await businessesOf(owner)).toEqual([]);
    await switchTo(preparer, null);
    expect((await businessesOf(preparer)).map((b) => b.vrn)).toEqual([own.vrn]);

    // Working alone there is no practice to move into.
    const alone = await preparer.post('/api/practice/own-work/move', {});
    expect(alone.json().code).toBe('NOT_IN_A_PRACTICE');
  });

  it('is refused, naming the authority, when the practice already reaches the same business', async () => {
    const owner = await registerUser(server.app, 'move-clash@example.com', 'Clara');
    const own = await connectBusiness(owner);
    await createPractice(owner, 'Clara & Co');
    // The practice's own agent services account is given authority for the same business.
    const practiceAgent = await createSandboxUser(owner, 'Agent');
    expect((await authorise(owner, practiceAgent)).response.statusCode).toBe(200);
    const sent = await owner.post('/api/client_requests', {
      userId: practiceAgent.userId,
      vrn: own.vrn,
      registrationDate: own.vatRegistrationDate,
      name: 'Same business',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await answerClientLink(clientRequestSchema.parse(sent.json()).link ?? '', own, 'accept');
    await owner.get('/api/client_requests?refresh=true');
    expect((await businessesOf(owner)).map((b) => b.vrn)).toEqual([own.vrn]);

    const offered = await ownWorkOf(owner);
    expect(offered.businesses).toEqual([expect.objectContaining({ vrn: own.vrn, conflict: expect.any(Object) })]);
    const refused = await owner.post('/api/practice/own-work/move', {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'WORKSPACE_MOVE_CONFLICT',
      message: expect.stringContaining(own.vrn),
    });
    expect(refused.json().message).toContain(practiceAgent.agentServicesAccountNumber ?? 'an ARN');
    // Nothing moved: the person's own work is intact.
    await switchTo(owner, null);
    expect((await businessesOf(owner)).map((b) => b.vrn)).toEqual([own.vrn]);
    expect(await sandboxUsersOf(owner)).toHaveLength(1);
  });
});
