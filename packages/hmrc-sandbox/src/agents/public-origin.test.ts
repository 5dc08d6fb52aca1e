/**
 * The client's link is built from the simulator's public address when it is given one (VAT Wise
 * passes its PUBLIC_URL), not from whatever host the agent's call came in by.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, invite, newAgent, newVatClient, readInvitation } from '../test/agents';
import { type Sandbox, startSandbox } from '../test/harness';

let behindProxy: Sandbox;
let agent: Agent;
beforeAll(async () => {
  behindProxy = await startSandbox({ publicOrigin: 'https://vatwise.example/some/path' });
  agent = await newAgent(behindProxy);
});
afterAll(() => behindProxy.close());

describe('the client’s link', () => {
  it('uses the public origin given, whatever the request’s host', async () => {
    const client = await newVatClient(behindProxy);
    const { invitationId } = await invite(behindProxy, agent, client);
    const { clientActionUrl } = await readInvitation(behindProxy, agent, invitationId);
    expect(String(clientActionUrl)).toMatch(
      /^https:\/\/vatwise\.example\/hmrc-sandbox\/agent-client-relationships\/appoint-someone-to-deal-with-HMRC-for-you\//,
    );
  });
});
