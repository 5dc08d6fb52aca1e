/**
 * Agent authorisation from both sides: the agent's invitation, the client's answer through the
 * link (sign-in, accept or decline), expiry by the simulator's clock, cancelling, checking the
 * relationship, and what the agent may then do with the client's VAT.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  agentCall,
  agentScopes,
  answeredInvitation,
  clientAnswers,
  invite,
  newAgent,
  newVatClient,
  readInvitation,
  relationshipRequest,
  type VatClient,
  vatRequest,
} from '../test/agents';
import { type Sandbox, SimulatedBrowser, startSandbox } from '../test/harness';

let sandbox: Sandbox;
let agent: Agent;

beforeAll(async () => {
  sandbox = await startSandbox();
  agent = await newAgent(sandbox);
});
afterAll(() => sandbox.close());

const dayMs = 86_400_000;

const checkRelationship = (client: VatClient, by: Agent = agent) =>
  agentCall(sandbox, by, 'POST', `/agents/${by.arn}/relationships`, relationshipRequest(client));

/** The agent's VAT call for the client (customer information: any VAT endpoint goes through the same check). */
const vatInformation = (client: VatClient, by: Agent = agent) =>
  sandbox.vat('GET', `/organisations/vat/${client.vrn}/information`, { token: by.token });

/**
 * Runs `run` with the simulator's clock `days` ahead, giving it the agent signed in again then
 * (an access token lasts hours, not days).
 */
async function withClockMoved<T>(days: number, by: Agent, run: (later: Agent) => Promise<T>): Promise<T> {
  const moved = await sandbox.operator('PUT', '/clock', { offsetMs: days * dayMs });
  if (moved.statusCode >= 300) throw new Error(`clock: ${moved.statusCode} ${moved.body}`);
  try {
    const tokens = await sandbox.authorise(by.user, agentScopes);
    return await run({ ...by, token: tokens.access_token });
  } finally {
    await sandbox.operator('PUT', '/clock', { offsetMs: 0 });
  }
}

describe('an invitation the client accepts', () => {
  it('is pending with a link and a 21-day expiry until the client answers', async () => {
    const client = await newVatClient(sandbox);
    const { invitationId } = await invite(sandbox, agent, client);
    const invitation = await readInvitation(sandbox, agent, invitationId);
    expect(invitation.status).toBe('Pending');
    expect(invitation.clientActionUrl).toMatch(
      /^http:\/\/[^/]+\/hmrc-sandbox\/agent-client-relationships\/appoint-someone-to-deal-with-HMRC-for-you\/[A-Z0-9]{8}\/[a-z0-9-]+\/vat$/,
    );
    const expected = new Date(Date.now() + 21 * dayMs).toISOString().slice(0, 10);
    // Near midnight the UK date and the UTC date may differ by one.
    const expiresOn = String(invitation.expiresOn).slice(0, 10);
    expect(Math.abs(new Date(expiresOn).getTime() - new Date(expected).getTime())).toBeLessThanOrEqual(dayMs);
    expect((await checkRelationship(client)).statusCode).toBe(404);
  });

  it('signs the client in on the sign-in page, then makes the relationship the agent can check', async () => {
    const client = await newVatClient(sandbox);
    const { invitationId } = await invite(sandbox, agent, client);
    const { clientActionUrl } = await readInvitation(sandbox, agent, invitationId);
    const { requests, answered } = await clientAnswers(
      sandbox,
      String(clientActionUrl),
      client.user,
      'accept',
      invitationId,
    );
    expect(requests.html).toContain(`name="invitationId" value="${invitationId}"`);
    expect(answered.html).toContain('id="answer-accepted"');
    expect((await readInvitation(sandbox, agent, invitationId)).status).toBe('Accepted');
    expect((await checkRelationship(client)).statusCode).toBe(204);
  });

  it('lets the agent use the client’s VAT endpoints only once the relationship exists', async () => {
    const client = await newVatClient(sandbox);
    const before = await vatInformation(client);
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({
      code: 'CLIENT_OR_AGENT_NOT_AUTHORISED',
      message: 'The client and/or agent is not authorised.',
    });
    await answeredInvitation(sandbox, agent, client, 'accept');
    const after = await vatInformation(client);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().customerDetails.effectiveRegistrationDate).toBe(client.registrationDate);
    const obligations = await sandbox.vat('GET', `/organisations/vat/${client.vrn}/obligations?status=O`, {
      token: agent.token,
    });
    expect(obligations.statusCode, obligations.body).toBe(200);
  });

  it('gives the client one agent per service: accepting another agent ends the first one’s access', async () => {
    const client = await newVatClient(sandbox);
    const other = await newAgent(sandbox);
    const first = await answeredInvitation(sandbox, agent, client, 'accept');
    const second = await answeredInvitation(sandbox, other, client, 'accept');
    expect((await readInvitation(sandbox, agent, first.invitationId)).status).toBe('Deauthorised');
    expect((await readInvitation(sandbox, other, second.invitationId)).status).toBe('Accepted');
    expect((await checkRelationship(client, other)).statusCode).toBe(204);
    expect((await checkRelationship(client)).statusCode).toBe(404);
    expect((await vatInformation(client)).statusCode).toBe(403);
    expect((await vatInformation(client, other)).statusCode).toBe(200);
  });

  it('does not let an agent without the relationship use a client’s VAT, even one another agent acts for', async () => {
    const client = await newVatClient(sandbox);
    const other = await newAgent(sandbox);
    await answeredInvitation(sandbox, other, client, 'accept');
    const response = await vatInformation(client);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CLIENT_OR_AGENT_NOT_AUTHORISED');
  });
});

describe('an invitation that ends without a relationship', () => {
  it('is Rejected when the client declines, and the agent stays unauthorised', async () => {
    const client = await newVatClient(sandbox);
    const { invitationId, answered } = await answeredInvitation(sandbox, agent, client, 'decline');
    expect(answered.html).toContain('id="answer-declined"');
    const invitation = await readInvitation(sandbox, agent, invitationId);
    expect(invitation.status).toBe('Rejected');
    expect(invitation.clientActionUrl).toBeUndefined();
    expect(invitation.updated).toBeDefined();
    expect((await checkRelationship(client)).statusCode).toBe(404);
    expect((await vatInformation(client)).statusCode).toBe(403);
  });

  it('expires 21 days after it was made by the simulator’s clock, and the client can no longer accept it', async () => {
    const client = await newVatClient(sandbox);
    const { invitationId } = await invite(sandbox, agent, client);
    const { clientActionUrl } = await readInvitation(sandbox, agent, invitationId);
    await withClockMoved(20, agent, async (later) => {
      expect((await readInvitation(sandbox, later, invitationId)).status).toBe('Pending');
    });
    await withClockMoved(22, agent, async (later) => {
      expect((await readInvitation(sandbox, later, invitationId)).status).toBe('Expired');
      const { requests } = await clientAnswers(sandbox, String(clientActionUrl), client.user, 'accept', invitationId);
      expect(requests.html).toContain('id="no-requests"');
      const cancel = await agentCall(sandbox, later, 'DELETE', `/agents/${agent.arn}/invitations/${invitationId}`);
      expect(cancel.json().code).toBe('INVALID_INVITATION_STATUS');
      // An expired request is no duplicate: the agent may ask again.
      expect((await invite(sandbox, later, client)).invitationId).not.toBe(invitationId);
    });
    expect((await checkRelationship(client)).statusCode).toBe(404);
  });

  it('is Cancelled when the agent cancels it, and its link no longer offers it', async () => {
    const client = await newVatClient(sandbox);
    const { invitationId } = await invite(sandbox, agent, client);
    const { clientActionUrl } = await readInvitation(sandbox, agent, invitationId);
    const cancel = await agentCall(sandbox, agent, 'DELETE', `/agents/${agent.arn}/invitations/${invitationId}`);
    expect(cancel.statusCode).toBe(204);
    expect((await readInvitation(sandbox, agent, invitationId)).status).toBe('Cancelled');
    const { requests, answered } = await clientAnswers(
      sandbox,
      String(clientActionUrl),
      client.user,
      'accept',
      invitationId,
    );
    expect(requests.html).toContain('id="no-requests"');
    expect(answered.html).not.toContain('id="answer-accepted"');
    expect((await readInvitation(sandbox, agent, invitationId)).status).toBe('Cancelled');
    expect((await checkRelationship(client)).statusCode).toBe(404);
  });

  it('cannot be accepted by a test user it was not sent to', async () => {
    const client = await newVatClient(sandbox);
    const stranger = await newVatClient(sandbox);
    const { invitationId } = await invite(sandbox, agent, client);
    const { clientActionUrl } = await readInvitation(sandbox, agent, invitationId);
    const { requests, answered } = await clientAnswers(
      sandbox,
      String(clientActionUrl),
      stranger.user,
      'accept',
      invitationId,
    );
    expect(requests.html).toContain('id="no-requests"');
    expect(answered.html).not.toContain('id="answer-accepted"');
    expect((await readInvitation(sandbox, agent, invitationId)).status).toBe('Pending');
  });

  it('refuses an answer without the page’s form token', async () => {
    const client = await newVatClient(sandbox);
    const { invitationId } = await invite(sandbox, agent, client);
    const { clientActionUrl } = await readInvitation(sandbox, agent, invitationId);
    const browser = new SimulatedBrowser(sandbox.app);
    const signIn = await browser.get(new URL(String(clientActionUrl)).pathname);
    const requests = await browser.submitSignIn(signIn, client.user.userId, client.user.password);
    const forged = await browser.request('POST', requests.url, { invitationId, answer: 'accept', csrfToken: 'forged' });
    expect(forged.status).toBe(403);
    expect((await readInvitation(sandbox, agent, invitationId)).status).toBe('Pending');
  });

  it('answers 404 for a link naming no service', async () => {
    const page = await new SimulatedBrowser(sandbox.app).get(
      '/hmrc-sandbox/agent-client-relationships/appoint-someone-to-deal-with-HMRC-for-you/ABCDEFGH/agent/capital-gains',
    );
    expect(page.status).toBe(404);
  });

  it('sends a browser that is not signed in to the sign-in page', async () => {
    const client = await newVatClient(sandbox);
    const { invitationId } = await invite(sandbox, agent, client);
    const { clientActionUrl } = await readInvitation(sandbox, agent, invitationId);
    const page = await new SimulatedBrowser(sandbox.app).get(new URL(String(clientActionUrl)).pathname);
    expect(page.url).toMatch(/^\/hmrc-sandbox\/api-test-login\/sign-in\?continue=/);
    expect(page.html).toContain('id="userId"');
  });
});

describe('an MTD Income Tax request', () => {
  it('names the client by NINO and postcode, reads as a supporting agent’s, and is answered at its own link', async () => {
    const client = await sandbox.createUser('individuals', ['national-insurance', 'mtd-income-tax']);
    const postcode = (client.individualDetails as { address: { postcode: string } }).address.postcode;
    const body = {
      service: 'MTD-IT',
      clientType: 'personal',
      clientIdType: 'ni',
      clientId: client.nino,
      knownFact: postcode.replace(' ', ''),
      agentType: 'supporting',
    };
    const created = await agentCall(sandbox, agent, 'POST', `/agents/${agent.arn}/invitations`, body);
    expect(created.statusCode, created.body).toBe(204);
    const invitationId = String(created.headers.location).split('/').pop() ?? '';
    const invitation = await readInvitation(sandbox, agent, invitationId);
    expect(invitation).toMatchObject({ status: 'Pending', service: ['MTD-IT'], agentType: 'supporting' });
    expect(invitation.clientActionUrl).toMatch(/\/income-tax$/);
    await clientAnswers(sandbox, String(invitation.clientActionUrl), client, 'accept', invitationId);
    expect((await readInvitation(sandbox, agent, invitationId)).status).toBe('Accepted');
    const { clientType: _clientType, ...check } = body;
    const checked = await agentCall(sandbox, agent, 'POST', `/agents/${agent.arn}/relationships`, check);
    expect(checked.statusCode, checked.body).toBe(204);
  });
});

describe('two identical requests at once', () => {
  it('make one invitation: the other is refused as being processed or as a duplicate', async () => {
    const fresh = await newAgent(sandbox);
    const client = await newVatClient(sandbox);
    const create = () => agentCall(sandbox, fresh, 'POST', `/agents/${fresh.arn}/invitations`, vatRequest(client));
    const answers = await Promise.all([create(), create()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 403]);
    const refused = answers.find((answer) => answer.statusCode === 403);
    expect(['ALREADY_BEING_PROCESSED', 'DUPLICATE_AUTHORISATION_REQUEST']).toContain(refused?.json().code);
    const listed = await agentCall(sandbox, fresh, 'GET', `/agents/${fresh.arn}/invitations`);
    expect(listed.json()).toHaveLength(1);
  });
});

describe('the agent’s list of invitations', () => {
  it('lists the invitations of the last 30 days by the simulator’s clock, and answers 204 when there are none', async () => {
    const fresh = await newAgent(sandbox);
    const list = () => agentCall(sandbox, fresh, 'GET', `/agents/${fresh.arn}/invitations`);
    expect((await list()).statusCode).toBe(204);
    const client = await newVatClient(sandbox);
    const { invitationId } = await invite(sandbox, fresh, client);
    const listed = await list();
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((item: { _links: { self: { href: string } } }) => item._links.self.href)).toEqual([
      `/agents/${fresh.arn}/invitations/${invitationId}`,
    ]);
    await withClockMoved(31, fresh, async (later) => {
      expect((await agentCall(sandbox, later, 'GET', `/agents/${fresh.arn}/invitations`)).statusCode).toBe(204);
    });
  });
});

describe('a relationship that ends', () => {
  const deauthorise = (client: VatClient, accept = 'application/vnd.hmrc.2.0+json') => {
    const { knownFact: _knownFact, ...body } = vatRequest(client);
    return agentCall(sandbox, agent, 'PUT', `/agents/${agent.arn}/deauthorise-client`, body, { accept });
  };

  it('ends when the agent de-authorises (2.0): the check says not authorised and VAT calls are refused', async () => {
    const client = await newVatClient(sandbox);
    const { invitationId } = await answeredInvitation(sandbox, agent, client, 'accept');
    const ended = await deauthorise(client);
    expect(ended.statusCode, ended.body).toBe(204);
    expect((await checkRelationship(client)).statusCode).toBe(404);
    expect((await vatInformation(client)).json().code).toBe('CLIENT_OR_AGENT_NOT_AUTHORISED');
    expect((await readInvitation(sandbox, agent, invitationId)).status).toBe('Deauthorised');
    expect((await deauthorise(client)).json().code).toBe('NO_RELATIONSHIP');
  });

  it('is not served under version 1.0, where HMRC has no de-authorise', async () => {
    const client = await newVatClient(sandbox);
    await answeredInvitation(sandbox, agent, client, 'accept');
    const refused = await deauthorise(client, 'application/vnd.hmrc.1.0+json');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('MATCHING_RESOURCE_NOT_FOUND');
    expect((await checkRelationship(client)).statusCode).toBe(204);
  });

  it('ends when the client removes the agent (an operator control standing in for the client’s HMRC account)', async () => {
    const client = await newVatClient(sandbox);
    await answeredInvitation(sandbox, agent, client, 'accept');
    expect((await vatInformation(client)).statusCode).toBe(200);
    const removed = await sandbox.operator('DELETE', `/clients/${client.vrn}/agents`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ vrn: client.vrn, ended: 1 });
    expect((await checkRelationship(client)).json().code).toBe('RELATIONSHIP_NOT_FOUND');
    const refused = await vatInformation(client);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('CLIENT_OR_AGENT_NOT_AUTHORISED');
    // The client can authorise the agent again: a new request is accepted as before.
    await answeredInvitation(sandbox, agent, client, 'accept');
    expect((await vatInformation(client)).statusCode).toBe(200);
  });
});
