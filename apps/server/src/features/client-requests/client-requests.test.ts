import {
  addDays,
  businessListSchema,
  clientRequestListSchema,
  clientRequestSchema,
  getAuthUrlResponseSchema,
  isValidVrn,
  obligationListSchema,
  type ReturnDraft,
  ukToday,
} from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientLink, signInAndGrant } from '../../test/hmrc-browser';
import { authorise, connectBusiness, createSandboxUser } from '../../test/hmrc-journey';
import { registerUser, type SessionClient } from '../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../test/test-app';

/**
 * A tax agent's clients against the simulator's Agent Authorisation API: an agent services account
 * asks a client for authority with the client's VRN and registration date, the client follows
 * HMRC's link and answers, and an accepted client becomes one of the agent's businesses, its VAT
 * read with the agent's own token.
 */

let server: TestApp & { baseUrl: string };
beforeAll(async () => {
  server = await createListeningTestApp();
});
afterAll(async () => {
  await server.close();
});

/** A signed-in user whose agent services account (an Agent test user) has granted authority. */
async function agentPractice(email: string) {
  const agent = await registerUser(server.app, email);
  const agentUser = await createSandboxUser(agent, 'Agent');
  const { response } = await authorise(agent, agentUser);
  if (response.statusCode !== 200) throw new Error(`agent grant: ${response.statusCode} ${response.body}`);
  return { agent, agentUser };
}

/** A business of someone else's: an Organisation test user, made by its own VAT Wise account. */
async function clientBusiness(email: string) {
  const owner = await registerUser(server.app, email);
  return createSandboxUser(owner, 'Organisation');
}

const listOf = async (client: SessionClient, refresh = false) =>
  clientRequestListSchema.parse((await client.get(`/api/client_requests${refresh ? '?refresh=true' : ''}`)).json());

const obligationsOf = (client: SessionClient, vrn: string) =>
  client.get(`/api/vat/obligations?vrn=${vrn}&from=${addDays(ukToday(), -364)}&to=${ukToday()}&status=All`);

describe('an agent asking clients for authority', () => {
  it('asks with the VRN and registration date, and an accepted client becomes a business reached with the agent’s token', async () => {
    const { agent, agentUser } = await agentPractice('agent@example.com');
    const client = await clientBusiness('client@example.com');
    expect(client.vatRegistrationDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const listed = await listOf(agent);
    expect(listed.agents).toEqual([
      expect.objectContaining({ userId: agentUser.userId, arn: agentUser.agentServicesAccountNumber }),
    ]);
    expect(listed.requests).toEqual([]);

    // Before any request the client's VAT is not the agent's to read.
    expect((await obligationsOf(agent, client.vrn ?? '')).statusCode).toBe(403);

    const sent = await agent.post('/api/client_requests', {
      userId: agentUser.userId,
      vrn: client.vrn,
      registrationDate: client.vatRegistrationDate,
      name: 'Client Ltd',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const request = clientRequestSchema.parse(sent.json());
    expect(request).toMatchObject({ status: 'pending', vrn: client.vrn, clientName: 'Client Ltd' });
    expect(request.expiresOn).toBe(addDays(ukToday(), 21));
    expect(request.link).toMatch(/\/agent-client-relationships\/appoint-someone-to-deal-with-HMRC-for-you\//);

    // Asking again while the first waits is refused, in words the agent can act on.
    const again = await agent.post('/api/client_requests', {
      userId: agentUser.userId,
      vrn: client.vrn,
      registrationDate: client.vatRegistrationDate,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CLIENT_REQUEST_PENDING');

    // The client follows the link, signs in and accepts.
    const answered = await answerClientLink(request.link ?? '', client, 'accept');
    expect(answered.html).toContain('answer-accepted');

    const after = await listOf(agent, true);
    expect(after.requests).toEqual([
      expect.objectContaining({ id: request.id, status: 'accepted', businessConnected: true, link: null }),
    ]);
    const businesses = businessListSchema.parse((await agent.get('/api/businesses')).json()).businesses;
    expect(businesses).toEqual([
      expect.objectContaining({
        vrn: client.vrn,
        name: 'Client Ltd',
        userId: agentUser.userId,
        agentArn: agentUser.agentServicesAccountNumber,
      }),
    ]);
    const obligations = await obligationsOf(agent, client.vrn ?? '');
    expect(obligations.statusCode, obligations.body).toBe(200);
    expect(obligationListSchema.parse(obligations.json()).obligations.length).toBeGreaterThan(0);
  });

  it('refuses a wrong registration date, an unregistered VRN and an authority that is not an agent’s', async () => {
    const { agent, agentUser } = await agentPractice('agent-two@example.com');
    const client = await clientBusiness('client-two@example.com');
    const ask = (body: Record<string, unknown>) =>
      agent.post('/api/client_requests', { userId: agentUser.userId, ...body });

    const wrongDate = await ask({ vrn: client.vrn, registrationDate: '1999-12-31' });
    expect(wrongDate.statusCode).toBe(422);
    expect(wrongDate.json().code).toBe('CLIENT_DATE_MISMATCH');

    let unregistered = 999_000_000;
    while (!isValidVrn(String(unregistered))) unregistered += 1;
    const unknown = await ask({ vrn: String(unregistered), registrationDate: '2020-01-01' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('CLIENT_NOT_REGISTERED');

    const typo = await ask({ vrn: '123456789', registrationDate: '2020-01-01' });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().code).toBe('VALIDATION_FAILED');

    // A business's own authority cannot ask anyone for theirs.
    const business = await connectBusiness(agent);
    const notAgent = await agent.post('/api/client_requests', {
      userId: business.userId,
      vrn: client.vrn,
      registrationDate: client.vatRegistrationDate,
    });
    expect(notAgent.statusCode).toBe(409);
    expect(notAgent.json().code).toBe('NOT_AN_AGENT_AUTHORITY');
    expect((await listOf(agent)).requests).toEqual([]);
  });

  it('cancels a waiting request once, keeps a declined one declined, and shows nobody else’s requests', async () => {
    const { agent, agentUser } = await agentPractice('agent-three@example.com');
    const first = await clientBusiness('client-three@example.com');
    const second = await clientBusiness('client-four@example.com');
    const ask = async (client: typeof first) =>
      clientRequestSchema.parse(
        (
          await agent.post('/api/client_requests', {
            userId: agentUser.userId,
            vrn: client.vrn,
            registrationDate: client.vatRegistrationDate,
          })
        ).json(),
      );
    const toCancel = await ask(first);
    const toDecline = await ask(second);

    // Another VAT Wise user neither sees nor cancels them.
    const stranger = await registerUser(server.app, 'stranger@example.com');
    expect((await listOf(stranger)).requests).toEqual([]);
    const theirs = await stranger.post(`/api/client_requests/${toCancel.id}/cancel`);
    expect(theirs.statusCode).toBe(404);

    const cancelled = await agent.post(`/api/client_requests/${toCancel.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(clientRequestListSchema.parse(cancelled.json()).requests.find((one) => one.id === toCancel.id)?.status).toBe(
      'cancelled',
    );
    const twice = await agent.post(`/api/client_requests/${toCancel.id}/cancel`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('CLIENT_REQUEST_ANSWERED');
    // The cancelled link no longer offers anything to the client.
    expect((await answerClientLink(toCancel.link ?? '', first, 'accept')).html).toContain('no-requests');

    await answerClientLink(toDecline.link ?? '', second, 'decline');
    const after = await listOf(agent, true);
    expect(after.requests.find((one) => one.id === toDecline.id)).toMatchObject({
      status: 'declined',
      businessConnected: false,
    });
    expect(businessListSchema.parse((await agent.get('/api/businesses')).json()).businesses).toEqual([]);
    // Cancelling an answered request is refused, and it stays declined.
    const late = await agent.post(`/api/client_requests/${toDecline.id}/cancel`);
    expect(late.json().code).toBe('CLIENT_REQUEST_ANSWERED');
  });

  it('files a client’s return as the agent, and the receipt names the agent', async () => {
    const { agent, agentUser } = await agentPractice('agent-four@example.com');
    const client = await clientBusiness('client-five@example.com');
    const request = clientRequestSchema.parse(
      (
        await agent.post('/api/client_requests', {
          userId: agentUser.userId,
          vrn: client.vrn,
          registrationDate: client.vatRegistrationDate,
        })
      ).json(),
    );
    await answerClientLink(request.link ?? '', client, 'accept');
    await listOf(agent, true);

    const vrn = client.vrn ?? '';
    const today = ukToday();
    const overdue = obligationListSchema
      .parse((await obligationsOf(agent, vrn)).json())
      .obligations.find((obligation) => obligation.status === 'O' && obligation.due < today);
    if (!overdue) throw new Error('no overdue period in the simulated history');
    const draft = (
      await agent.post('/api/initiate_vat_return', {
        user_vrn: vrn,
        period_key: overdue.periodKey,
        flat_rate_scheme: false,
        flat_rate_percentage: null,
      })
    ).json() as ReturnDraft;
    await agent.post('/api/vat_records', {
      vrn,
      kind: 'sale',
      date: overdue.start,
      description: 'Consulting',
      netPence: 100_000,
      vatPence: 20_000,
      rate: 'standard',
      treatment: 'normal',
    });
    const submitted = await agent.post(`/api/vat_returns/${draft.id}/submit`, {
      idempotencyKey: draft.idempotencyKey,
      declarationAccepted: true,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((submitted.json() as ReturnDraft).receipt).toMatchObject({
      submittedBy: { email: 'agent-four@example.com', agentArn: agentUser.agentServicesAccountNumber },
    });
    const pdf = await agent.get(`/api/vat_returns/${draft.id}/receipt.pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('takes the ARN of an agent granting by hand (real HMRC names no test user) and asks for the agent scopes', async () => {
    const agent = await registerUser(server.app, 'agent-by-hand@example.com');
    // The agent services account's sign-in, made here only for its credentials and ARN.
    const account = await createSandboxUser(agent, 'Agent');
    const arn = account.agentServicesAccountNumber ?? '';

    const refused = await agent.get('/api/get_auth_url?agentArn=not-an-arn');
    expect(refused.statusCode).toBe(400);
    const { url } = getAuthUrlResponseSchema.parse(
      (await agent.get(`/api/get_auth_url?agentArn=${arn.toLowerCase()}`)).json(),
    );
    expect(new URL(url).searchParams.get('scope')).toContain('write:sent-invitations');
    const callback = await signInAndGrant(url, account);
    const exchanged = await agent.post('/api/exchange_code', {
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);

    const agents = (await listOf(agent)).agents;
    const byHand = agents.find((one) => one.userId.startsWith('hmrc-'));
    expect(byHand?.arn).toBe(arn);
    // Its authority asks HMRC for a client's authority like any agent's.
    const client = await clientBusiness('client-six@example.com');
    const sent = await agent.post('/api/client_requests', {
      userId: byHand?.userId,
      vrn: client.vrn,
      registrationDate: client.vatRegistrationDate,
    });
    expect(sent.statusCode, sent.body).toBe(201);
  });
});

describe('a client’s authority, checked with HMRC', () => {
  /** An agent with one accepted client, reached as a business. */
  async function acceptedClient(tag: string) {
    const { agent, agentUser } = await agentPractice(`agent-${tag}@example.com`);
    const client = await clientBusiness(`client-${tag}@example.com`);
    const sent = await agent.post('/api/client_requests', {
      userId: agentUser.userId,
      vrn: client.vrn,
      registrationDate: client.vatRegistrationDate,
      name: `Client ${tag}`,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const request = clientRequestSchema.parse(sent.json());
    await answerClientLink(request.link ?? '', client, 'accept');
    expect((await listOf(agent, true)).requests[0]?.status).toBe('accepted');
    return { agent, agentUser, client, request, vrn: client.vrn ?? '' };
  }

  /** The client removes the agent in their HMRC account (the simulator's operator control). */
  async function clientRemovesAgent(vrn: string) {
    const removed = await fetch(`${server.baseUrl}/hmrc-sandbox/operator/clients/${vrn}/agents`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
  }

  const businessOf = async (agent: SessionClient, vrn: string) =>
    businessListSchema.parse((await agent.get('/api/businesses')).json()).businesses.find((one) => one.vrn === vrn);
  const activityOf = async (agent: SessionClient, vrn: string) =>
    ((await agent.get(`/api/businesses/${vrn}/activity`)).json() as { activity: { kind: string; actorName: string }[] })
      .activity;

  it('a client’s withdrawn authority shows as ended after the next check and after the next refused call', async () => {
    // After the next check: the scheduled round asks HMRC's relationship check.
    const first = await acceptedClient('withdrawn-check');
    expect((await activityOf(first.agent, first.vrn)).map((line) => line.kind)).toContain('client_accepted');
    await clientRemovesAgent(first.vrn);
    expect((await listOf(first.agent)).requests[0]?.status).toBe('accepted');
    await server.app.agents.runNow('authority-checker');
    const checked = await listOf(first.agent);
    expect(checked.requests).toEqual([expect.objectContaining({ id: first.request.id, status: 'ended' })]);
    expect((await businessOf(first.agent, first.vrn))?.authorityEndedAt).toEqual(expect.any(String));
    const dashboard = (await first.agent.get('/api/dashboard')).json() as {
      rows: { vrn: string; authorityEndedAt: string | null }[];
    };
    expect(dashboard.rows.find((row) => row.vrn === first.vrn)?.authorityEndedAt).toEqual(expect.any(String));
    expect(await activityOf(first.agent, first.vrn)).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'authority_ended', actorName: 'HMRC' })]),
    );

    // After the next refused call: a VAT read HMRC refuses marks it ended at once, no check needed.
    const second = await acceptedClient('withdrawn-call');
    await clientRemovesAgent(second.vrn);
    const refused = await obligationsOf(second.agent, second.vrn);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().hmrc.codes).toContain('CLIENT_OR_AGENT_NOT_AUTHORISED');
    expect((await businessOf(second.agent, second.vrn))?.authorityEndedAt).toEqual(expect.any(String));
    expect((await listOf(second.agent)).requests[0]?.status).toBe('ended');
    const lines = (await activityOf(second.agent, second.vrn)).filter((line) => line.kind === 'authority_ended');
    // Marked once, however many calls HMRC refuses.
    await obligationsOf(second.agent, second.vrn);
    expect((await activityOf(second.agent, second.vrn)).filter((line) => line.kind === 'authority_ended')).toHaveLength(
      lines.length,
    );
    expect(lines).toHaveLength(1);

    // Asking again sends a new request with the stored VRN and date; the client appears once, the
    // ended request folded under the new one, and accepting it restores the authority.
    const asked = await second.agent.post(`/api/client_requests/${second.request.id}/ask_again`, {});
    expect(asked.statusCode, asked.body).toBe(201);
    const renewed = clientRequestSchema.parse(asked.json());
    expect(renewed).toMatchObject({
      status: 'pending',
      vrn: second.vrn,
      registrationDate: second.client.vatRegistrationDate,
    });
    const listed = await listOf(second.agent);
    expect(listed.requests).toEqual([
      expect.objectContaining({
        id: renewed.id,
        status: 'pending',
        earlier: [expect.objectContaining({ id: second.request.id })],
      }),
    ]);
    await answerClientLink(renewed.link ?? '', second.client, 'accept');
    expect((await listOf(second.agent, true)).requests[0]).toMatchObject({ id: renewed.id, status: 'accepted' });
    expect((await businessOf(second.agent, second.vrn))?.authorityEndedAt).toBeNull();
    expect((await obligationsOf(second.agent, second.vrn)).statusCode).toBe(200);
  });

  it('re-checks every authority at once on demand, and lets the agent end one through HMRC', async () => {
    const { agent, request, vrn } = await acceptedClient('end');
    // Still authorised: the re-check keeps it accepted.
    const rechecked = clientRequestListSchema.parse((await agent.post('/api/client_requests/recheck', {})).json());
    expect(rechecked.requests[0]?.status).toBe('accepted');

    const ended = await agent.post(`/api/client_requests/${request.id}/end_authority`, {});
    expect(ended.statusCode, ended.body).toBe(200);
    expect(clientRequestListSchema.parse(ended.json()).requests[0]?.status).toBe('ended');
    expect((await obligationsOf(agent, vrn)).statusCode).toBe(403);
    // An authority already ended cannot be ended twice.
    expect((await agent.post(`/api/client_requests/${request.id}/end_authority`, {})).json().code).toBe(
      'CLIENT_REQUEST_ANSWERED',
    );
    // The re-check finds it ended too, and asking again is offered.
    const after = clientRequestListSchema.parse((await agent.post('/api/client_requests/recheck', {})).json());
    expect(after.requests[0]?.status).toBe('ended');
  });
});
