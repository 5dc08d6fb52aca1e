import { type AgentLogEntry, type SandboxUser } from '@vatwise/domain';
import { HmrcClient } from '@vatwise/hmrc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../plugins/access';
import { AppError } from '../../../plugins/errors';
import { createSandboxUser } from '../../../test/hmrc-journey';
import { signInAndGrant } from '../../../test/hmrc-browser';
import { registerUser, type SessionClient } from '../../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../../test/test-app';
import { hmrcConnection } from '../../hmrc-connection';
import { AuthoriserError, answerClientRequestInBrowser, authoriserSteps } from './drive-browser';
import { SandboxAuthoriser, type SandboxAuthoriserDeps } from './sandbox-authoriser';

/**
 * The client's side of an agent's request, driven in Debian's Chromium against the embedded
 * simulator: an agent test user asks (Agent Authorisation API) to act for an organisation test
 * user's VRN, and the authoriser follows the link HMRC gives as that client, signs in and answers.
 */

/** What an agent's software asks for: agent authorisation's four scopes and VAT's two. */
const agentScopes =
  'read:vat write:vat write:sent-invitations read:sent-invitations write:cancel-invitations read:check-relationship';
const hmrcAccept = 'application/vnd.hmrc.1.0+json';

let server: TestApp & { baseUrl: string };
let owner: SessionClient;
let ownerUser: SessionUser;
let agent: { arn: string; token: string };

const simulatorUrl = () => `${server.baseUrl}/hmrc-sandbox`;
/** A client link's address on the simulator, for runs whose driver is swapped and never follows it. */
const linkOnSimulator = () =>
  `${simulatorUrl()}/agent-client-relationships/appoint-someone-to-deal-with-HMRC-for-you/ABCD1234/agent/vat`;

/** A token for `user` with `scope`: signs in and grants on the simulator's pages, as a browser would. */
async function tokenFor(user: { userId: string; password: string }, scope: string): Promise<string> {
  const { hmrc } = server.app.config;
  const client = new HmrcClient({
    baseUrl: simulatorUrl(),
    authUrl: simulatorUrl(),
    clientId: hmrc.clientId,
    clientSecret: hmrc.clientSecret,
    redirectUri: hmrc.redirectUri,
  });
  const callback = await signInAndGrant(client.authorizationUrl({ state: 'client-request-test', scope }), user);
  return (await client.exchangeCode(callback.searchParams.get('code') ?? '')).access_token;
}

/** A call to the simulator's API with HMRC's Accept header and a bearer token. */
async function simulator(method: 'GET' | 'POST', path: string, token: string, body?: unknown) {
  return fetch(`${simulatorUrl()}${path}`, {
    method,
    headers: {
      accept: hmrcAccept,
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** One of the owner's Organisation test users, with its VAT registration date (the agent's known fact). */
async function newClient(): Promise<SandboxUser & { vrn: string; registrationDate: string }> {
  const user = await createSandboxUser(owner, 'Organisation');
  const vrn = user.vrn ?? '';
  const information = await simulator('GET', `/organisations/vat/${vrn}/information`, await tokenFor(user, 'read:vat'));
  if (information.status !== 200) throw new Error(`VAT information: ${information.status} ${await information.text()}`);
  const body = (await information.json()) as { customerDetails: { effectiveRegistrationDate: string } };
  return { ...user, vrn, registrationDate: body.customerDetails.effectiveRegistrationDate };
}

/** The agent asks to act for `client`'s VAT; the invitation's id and the link HMRC gives for the client. */
async function invite(client: { vrn: string; registrationDate: string }) {
  const created = await simulator('POST', `/agents/${agent.arn}/invitations`, agent.token, {
    service: 'MTD-VAT',
    clientType: 'business',
    clientIdType: 'vrn',
    clientId: client.vrn,
    knownFact: client.registrationDate,
  });
  if (created.status !== 204) throw new Error(`create invitation: ${created.status} ${await created.text()}`);
  const invitationId = String(created.headers.get('location')).split('/').pop() ?? '';
  const invitation = await invitationAtHmrc(invitationId);
  expect(invitation.status).toBe('Pending');
  return { invitationId, linkUrl: String(invitation.clientActionUrl) };
}

/** The invitation as the agent reads it at the simulator. */
async function invitationAtHmrc(invitationId: string) {
  const response = await simulator('GET', `/agents/${agent.arn}/invitations/${invitationId}`, agent.token);
  return (await response.json()) as { status: string; clientActionUrl?: string };
}

/** Runs the browser script as `client`, keeping the steps it reports. */
async function answerInBrowser(
  client: { userId: string; password: string },
  request: { invitationId: string; linkUrl: string },
  accept: boolean,
) {
  const steps: string[] = [];
  const run = answerClientRequestInBrowser({
    ...request,
    userId: client.userId,
    password: client.password,
    accept,
    chromiumPath: server.app.config.agents.chromiumPath,
    report: (step) => steps.push(step),
  });
  return { steps, run };
}

/** The authoriser with the server's own services, its driver (or config) swapped when a test says so. */
function authoriserWith(changes: Partial<SandboxAuthoriserDeps> = {}) {
  const { config, database, log } = server.app;
  const hmrc = hmrcConnection(config, database, 'client-request-test', log);
  return new SandboxAuthoriser({
    config,
    connections: hmrc.service,
    sandboxUsers: hmrc.sandboxUsers,
    agents: server.app.agents,
    ...changes,
  });
}

/** What the sandbox authoriser said to the owner, oldest first. */
async function authoriserLines(): Promise<AgentLogEntry[]> {
  const { entries } = (await owner.get('/api/agents/logs')).json() as { entries: AgentLogEntry[] };
  return entries.filter((entry) => entry.agentId === 'sandbox-authoriser');
}

/** The error `work` rejects with. */
async function failureOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

beforeAll(async () => {
  server = await createListeningTestApp();
  owner = await registerUser(server.app, 'olive@example.com', 'Olive Owner');
  const me = (await owner.get('/api/me')).json().user as Omit<SessionUser, 'workspaceId'>;
  // Working alone: the owner's own businesses and test users.
  ownerUser = { ...me, workspaceId: me.id, practice: null };
  const agentUser = await createSandboxUser(owner, 'Agent');
  agent = { arn: agentUser.agentServicesAccountNumber ?? '', token: await tokenFor(agentUser, agentScopes) };
}, 30_000);

afterAll(async () => {
  await server?.close();
});

// Drives Debian's Chromium (CHROMIUM_PATH, /usr/bin/chromium), which .ci/run installs.
describe("answering an agent's request in the browser, as the client (Debian Chromium)", () => {
  it('accepts: signs in through the link, presses accept, and HMRC then reads the invitation Accepted', async () => {
    const client = await newClient();
    const request = await invite(client);
    const { steps, run } = await answerInBrowser(client, request, true);
    await run;
    expect((await invitationAtHmrc(request.invitationId)).status).toBe('Accepted');
    expect(steps).toEqual(
      expect.arrayContaining([
        authoriserSteps.launch,
        "Opening the client's authorisation link",
        `Signing in as ${client.userId}`,
        "Accepting the agent's request",
        'HMRC confirms the agent is authorised',
      ]),
    );
    expect(JSON.stringify(steps)).not.toContain(client.password);
  }, 90_000);

  it('declines: HMRC then reads the invitation Rejected', async () => {
    const client = await newClient();
    const request = await invite(client);
    const { steps, run } = await answerInBrowser(client, request, false);
    await run;
    expect((await invitationAtHmrc(request.invitationId)).status).toBe('Rejected');
    expect(steps).toEqual(
      expect.arrayContaining(["Declining the agent's request", 'HMRC confirms the request is declined']),
    );
  }, 90_000);

  it('a wrong password: AUTHORIZATION_FAILED saying sign-in was refused, the password nowhere', async () => {
    const client = await newClient();
    const request = await invite(client);
    const wrongPassword = `${client.password}-not-it`;
    const { steps, run } = await answerInBrowser({ userId: client.userId, password: wrongPassword }, request, true);
    const error = await failureOf(run);
    expect(error).toBeInstanceOf(AuthoriserError);
    expect(error).toMatchObject({ code: 'AUTHORIZATION_FAILED', message: 'Authorization failed.' });
    const { detail } = error as AuthoriserError;
    expect(detail).toBe("HMRC's sign-in page refused the user id or password.");
    expect(`${detail} ${JSON.stringify(steps)}`).not.toContain(wrongPassword);
    expect((await invitationAtHmrc(request.invitationId)).status).toBe('Pending');
  }, 90_000);

  it('a request already answered: HMRC shows no pending request for the client, and says so', async () => {
    const client = await newClient();
    const request = await invite(client);
    await (
      await answerInBrowser(client, request, false)
    ).run;
    const again = await failureOf((await answerInBrowser(client, request, true)).run);
    expect(again).toMatchObject({
      code: 'AUTHORIZATION_FAILED',
      detail: `HMRC shows no pending request from this agent for ${client.userId}.`,
    });
    expect((await invitationAtHmrc(request.invitationId)).status).toBe('Rejected');
  }, 90_000);

  it('never opens HMRC production, nor an invitation id HMRC would not give', async () => {
    const input = {
      userId: '123456789012',
      password: 'secret',
      accept: true,
      chromiumPath: server.app.config.agents.chromiumPath,
      report: () => undefined,
    };
    const production = await failureOf(
      answerClientRequestInBrowser({
        ...input,
        invitationId: 'CS5AK7O8FPC43',
        linkUrl:
          'https://www.tax.service.gov.uk/agent-client-relationships/appoint-someone-to-deal-with-HMRC-for-you/ABCD1234/agent/vat',
      }),
    );
    expect(production).toMatchObject({
      code: 'AUTHORIZATION_FAILED',
      detail: 'The sandbox authoriser never signs in to HMRC production.',
    });
    const oddId = await failureOf(
      answerClientRequestInBrowser({ ...input, invitationId: 'x"], #y', linkUrl: `${simulatorUrl()}/anything` }),
    );
    expect(oddId).toMatchObject({ code: 'AUTHORIZATION_FAILED' });
  });
});

describe('SandboxAuthoriser.answerClientRequest', () => {
  it("answers as the owner's client test user, telling the owner each step", async () => {
    const client = await newClient();
    const request = await invite(client);
    const before = (await authoriserLines()).length;
    await authoriserWith().answerClientRequest(ownerUser, { clientUserId: client.userId, accept: true, ...request });
    expect((await invitationAtHmrc(request.invitationId)).status).toBe('Accepted');
    const lines = (await authoriserLines()).slice(before);
    expect(lines.map((line) => line.message)).toEqual(
      expect.arrayContaining([
        `Accepting the agent's request ${request.invitationId} as sandbox user ${client.userId} in Chromium.`,
        `Signing in as ${client.userId}`,
        'HMRC confirms the agent is authorised',
      ]),
    );
    expect(lines.at(-1)).toMatchObject({ level: 'success' });
    expect(JSON.stringify(lines)).not.toContain(client.password);
  }, 90_000);

  it("refuses what it must before starting: another user's test user, a link off HMRC, HMRC production, no Chromium", async () => {
    const request = { clientUserId: 'unused', invitationId: 'CS5AK7O8FPC43', accept: true, linkUrl: '' };
    const neverDriven = async () => {
      throw new Error('the browser should not be started');
    };
    const authoriser = authoriserWith({ answerRequest: neverDriven });
    const { userId } = await newClient();
    const linkUrl = linkOnSimulator();

    const stranger = await failureOf(
      authoriser.answerClientRequest(ownerUser, { ...request, linkUrl, clientUserId: '999999999999' }),
    );
    expect(stranger).toMatchObject({ code: 'SANDBOX_USER_NOT_FOUND' });

    const elsewhere = await failureOf(
      authoriser.answerClientRequest(ownerUser, {
        ...request,
        clientUserId: userId,
        linkUrl: 'http://127.0.0.1:9/appoint-someone-to-deal-with-HMRC-for-you/ABCD1234/agent/vat',
      }),
    );
    expect(elsewhere).toMatchObject({ code: 'VALIDATION_FAILED' });

    const { config } = server.app;
    const production = authoriserWith({
      answerRequest: neverDriven,
      config: { ...config, hmrc: { ...config.hmrc, environment: 'production' } },
    });
    expect(await failureOf(production.answerClientRequest(ownerUser, { ...request, linkUrl }))).toMatchObject({
      code: 'SANDBOX_ONLY',
    });

    const noChromium = authoriserWith({
      answerRequest: neverDriven,
      config: { ...config, agents: { ...config.agents, chromiumPath: '/nowhere/chromium' } },
    });
    const unavailable = await failureOf(
      noChromium.answerClientRequest(ownerUser, { ...request, clientUserId: userId, linkUrl }),
    );
    expect(unavailable).toMatchObject({ code: 'BROWSER_UNAVAILABLE' });
    expect((unavailable as AppError).message).toContain('/nowhere/chromium');
  });

  it("runs once per owner at a time, and passes on the driver's failure as the user's error", async () => {
    const client = await newClient();
    const linkUrl = linkOnSimulator();
    let fail: (error: Error) => void = () => undefined;
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    const authoriser = authoriserWith({
      answerRequest: () => {
        started();
        return new Promise<void>((_, reject) => (fail = reject));
      },
    });
    const request = { clientUserId: client.userId, invitationId: 'CS5AK7O8FPC43', accept: false, linkUrl };
    const first = failureOf(authoriser.answerClientRequest(ownerUser, request));
    await running;
    expect(await failureOf(authoriser.answerClientRequest(ownerUser, request))).toMatchObject({ code: 'AGENT_BUSY' });
    fail(new AuthoriserError('AUTHORIZATION_FAILED', 'HMRC shows no pending request from this agent for someone.'));
    const error = await first;
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'AUTHORIZATION_FAILED', message: 'Authorization failed.' });
    expect((await authoriserLines()).at(-1)).toMatchObject({
      level: 'error',
      message: 'Authorization failed. HMRC shows no pending request from this agent for someone.',
    });
    expect(authoriser.isRunningFor(ownerUser.id)).toBe(false);
  });
});
