/**
 * How the client's pages name the agent: by the agency's registered name, as HMRC does, never by
 * the agent test user's own full name; with no name on record, "your agent" beside the ARN.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answeredInvitation, newAgent, newVatClient } from '../test/agents';
import { type Sandbox, startSandbox } from '../test/harness';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

describe('the agent named to the client', () => {
  it('is "your agent" with the ARN when no agency name is registered, never the test user’s name', async () => {
    const agent = await newAgent(sandbox);
    const { requests, answered } = await answeredInvitation(sandbox, agent, await newVatClient(sandbox), 'accept');
    expect(requests.html).toContain('Authorise your agent to deal with HMRC for you');
    expect(requests.html).toContain(agent.arn);
    expect(requests.html).not.toContain(String(agent.user.userFullName));
    expect(answered.html).toContain('You have authorised your agent');
  });

  it('is the agency name the operator registered, in the link and on the pages', async () => {
    const agent = await newAgent(sandbox);
    const named = await sandbox.operator('PUT', `/agents/${agent.user.userId}/agency-name`, {
      name: 'Jones & Co',
    });
    expect(named.statusCode, named.body).toBe(200);
    const { requests, answered } = await answeredInvitation(sandbox, agent, await newVatClient(sandbox), 'accept');
    expect(requests.url).toContain('/jones-co/vat');
    expect(requests.html).toContain('Authorise jones co to deal with HMRC for you');
    expect(answered.html).toContain('You have authorised jones co');
  });

  it('is set only for an agent test user, with a name', async () => {
    const client = await newVatClient(sandbox);
    const notAgent = await sandbox.operator('PUT', `/agents/${client.user.userId}/agency-name`, { name: 'X' });
    expect(notAgent.statusCode).toBe(404);
    const agent = await newAgent(sandbox);
    const empty = await sandbox.operator('PUT', `/agents/${agent.user.userId}/agency-name`, { name: ' ' });
    expect(empty.statusCode).toBe(400);
  });
});
