import type { LightMyRequestResponse } from 'fastify';
import { type Page, type Sandbox, SimulatedBrowser, type TestUser } from './harness';

/** Helpers for agent authorisation tests: agents, clients, the agent's calls and the client's answer. */

/** Every scope an agent's software asks for: the five of agent authorisation and VAT's two. */
export const agentScopes =
  'write:sent-invitations read:sent-invitations write:cancel-invitations read:check-relationship write:relationships read:vat write:vat';

export interface Agent {
  user: TestUser;
  arn: string;
  token: string;
}

export async function newAgent(sandbox: Sandbox, scope = agentScopes): Promise<Agent> {
  const user = await sandbox.createUser('agents');
  const tokens = await sandbox.authorise(user, scope);
  return { user, arn: String(user.agentServicesAccountNumber), token: tokens.access_token };
}

export interface VatClient {
  user: TestUser;
  vrn: string;
  registrationDate: string;
}

export async function newVatClient(sandbox: Sandbox): Promise<VatClient> {
  const user = await sandbox.createUser('organisations');
  return { user, vrn: String(user.vrn), registrationDate: String(user.vatRegistrationDate) };
}

/** A create-invitation body for a VAT client, with the right known fact unless told otherwise. */
export const vatRequest = (client: VatClient, changes: Record<string, unknown> = {}) => ({
  service: 'MTD-VAT',
  clientType: 'business',
  clientIdType: 'vrn',
  clientId: client.vrn,
  knownFact: client.registrationDate,
  ...changes,
});

/** The check-relationship body: the create body without clientType. */
export function relationshipRequest(client: VatClient, changes: Record<string, unknown> = {}) {
  const { clientType: _clientType, ...rest } = vatRequest(client, changes);
  return rest;
}

export function agentCall(
  sandbox: Sandbox,
  agent: Pick<Agent, 'token'>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return sandbox.vat(method, path, {
    token: agent.token,
    headers,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

/** Creates an invitation that must succeed; its id and where HMRC says it is. */
export async function invite(sandbox: Sandbox, agent: Agent, client: VatClient) {
  const response = await agentCall(sandbox, agent, 'POST', `/agents/${agent.arn}/invitations`, vatRequest(client));
  if (response.statusCode !== 204) throw new Error(`create invitation: ${response.statusCode} ${response.body}`);
  const location = String(response.headers.location);
  return { location, invitationId: location.split('/').pop() ?? '' };
}

/** The invitation as the agent reads it. */
export async function readInvitation(sandbox: Sandbox, agent: Agent, invitationId: string) {
  const response = await agentCall(sandbox, agent, 'GET', `/agents/${agent.arn}/invitations/${invitationId}`);
  return response.json() as { status: string; clientActionUrl?: string; expiresOn?: string; updated?: string };
}

/**
 * The client follows the agent's link in a browser: signs in on the sign-in page, then answers the
 * request. Returns the page after signing in and the page after answering.
 */
export async function clientAnswers(
  sandbox: Sandbox,
  clientActionUrl: string,
  client: TestUser,
  answer: 'accept' | 'decline',
  invitationId: string,
): Promise<{ requests: Page; answered: Page }> {
  const browser = new SimulatedBrowser(sandbox.app);
  const signIn = await browser.get(new URL(clientActionUrl).pathname);
  const requests = await browser.submitSignIn(signIn, client.userId, client.password);
  const answered = await browser.request('POST', requests.url, {
    invitationId,
    answer,
    csrfToken: SimulatedBrowser.field(requests, 'csrfToken'),
  });
  return { requests, answered };
}

/** The agent's invitation, answered by the client through the link. */
export async function answeredInvitation(
  sandbox: Sandbox,
  agent: Agent,
  client: VatClient,
  answer: 'accept' | 'decline',
) {
  const { invitationId } = await invite(sandbox, agent, client);
  const { clientActionUrl } = await readInvitation(sandbox, agent, invitationId);
  const pages = await clientAnswers(sandbox, String(clientActionUrl), client.user, answer, invitationId);
  if (pages.answered.status !== 200) throw new Error(`client answer: ${pages.answered.status} ${pages.answered.html}`);
  return { invitationId, ...pages };
}
