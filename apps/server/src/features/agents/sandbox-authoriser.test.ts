import { type AgentInfo, type AgentLogEntry, agentSocket } from '@vatwise/domain';
import { describe, expect, it, vi } from 'vitest';
import { createSandboxUser } from '../../test/hmrc-journey';
import { registerUser } from '../../test/session-client';
import { createTestApp } from '../../test/test-app';
import { agentsTestServer } from './agents-test-server';

/** The sandbox authoriser: signing in and granting as an HMRC test user in a real browser. */

const live = agentsTestServer();
const { connect, connected, record, until, newUser } = live;

// Drives Debian's Chromium (CHROMIUM_PATH, /usr/bin/chromium), which .ci/run installs.
describe('sandbox authoriser (Debian Chromium)', () => {
  it('checks the form: a browser must be chosen, and only Chromium can be', async () => {
    const { client: bob } = await newUser('Bob');
    const user = await createSandboxUser(bob);
    const empty = await bob.post('/api/authorize_user', { userId: user.userId, browser: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Please select a browser.');
    const firefox = await bob.post('/api/authorize_user', { userId: user.userId, browser: 'firefox' });
    expect(firefox.statusCode).toBe(400);
    expect(firefox.json().code).toBe('BROWSER_UNAVAILABLE');
    const stranger = await bob.post('/api/authorize_user', { userId: '999999999999', browser: 'chromium' });
    expect(stranger.statusCode).toBe(404);
    const browsers = (await bob.get('/api/authorize_user/browsers')).json();
    expect(browsers.available).toBe(true);
    expect(browsers.browsers.find((choice: { id: string }) => choice.id === 'chromium').available).toBe(true);
  });

  it("signs in and grants as the test user, reporting each step live, and connects the user's business", async () => {
    const { client: bob } = await newUser('Bob');
    const user = await createSandboxUser(bob);
    const bobSocket = connect(bob);
    await connected(bobSocket);
    const heard = record<AgentLogEntry>(bobSocket, agentSocket.events.agentLog);
    const statuses = record<AgentInfo>(bobSocket, agentSocket.events.status);
    const response = await bob.post('/api/authorize_user', { userId: user.userId, browser: 'chromium' });
    expect(response.statusCode, JSON.stringify((await bob.get('/api/agents/logs')).json())).toBe(200);
    expect(response.json()).toMatchObject({ userId: user.userId, vrn: user.vrn });
    // The deadline watcher checks the new business too; the authoriser's own lines are these. The
    // last line travels over the socket, so it may arrive just after the HTTP answer.
    const authoriserLines = () => heard.filter((line) => line.agentId === 'sandbox-authoriser');
    await vi.waitFor(() => expect(authoriserLines().at(-1)?.level).toBe('success'));
    const steps = authoriserLines();
    const messages = steps.map((step) => step.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Opening Chromium…',
        "Opening HMRC's sign-in page",
        "Passing HMRC's start page",
        `Signing in as ${user.userId}`,
        'Giving VAT Wise permission',
        'HMRC returned an authorisation code',
        'Exchanging the code for tokens',
      ]),
    );
    expect(JSON.stringify(steps)).not.toContain(user.password);
    // The status going back to idle is a socket event of its own, which may come after the last line.
    await vi.waitFor(() =>
      expect(statuses.filter((status) => status.id === 'sandbox-authoriser').map((status) => status.status)).toEqual([
        'running',
        'idle',
      ]),
    );
    const businesses = (await bob.get('/api/businesses')).json();
    expect(businesses.businesses.map((business: { vrn: string }) => business.vrn)).toContain(user.vrn);
  }, 90_000);

  it("stops when asked: 'Authorization was aborted.'", async () => {
    const { client: bob } = await newUser('Bob');
    const user = await createSandboxUser(bob);
    const bobSocket = connect(bob);
    await connected(bobSocket);
    const steps = record<AgentLogEntry>(bobSocket, agentSocket.events.agentLog);
    const running = bob.post('/api/authorize_user', { userId: user.userId, browser: 'chromium' });
    await until(() => steps.some((step) => step.message === 'Opening Chromium…'), 'the first step');
    const busy = await bob.post('/api/authorize_user', { userId: user.userId, browser: 'chromium' });
    expect(busy.json().code).toBe('AGENT_BUSY');
    expect((await bob.request({ method: 'DELETE', url: '/api/authorize_user' })).statusCode).toBe(200);
    const stopped = await running;
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json().message).toBe('Authorization was aborted.');
    expect((await bob.request({ method: 'DELETE', url: '/api/authorize_user' })).statusCode).toBe(404);
  }, 90_000);
});

describe('sandbox authoriser against HMRC production', () => {
  it('is never offered: the form says it is unavailable and a run is refused', async () => {
    const production = await createTestApp({
      HMRC_CLIENT_ID: 'production-client',
      HMRC_CLIENT_SECRET: 'production-secret',
      HMRC_BASE_URL: 'https://api.service.hmrc.gov.uk',
      HMRC_AUTH_URL: 'https://www.tax.service.gov.uk',
    });
    try {
      const user = await registerUser(production.app, 'prod@example.com');
      expect((await user.get('/api/authorize_user/browsers')).json().available).toBe(false);
      const run = await user.post('/api/authorize_user', { userId: '123456789012', browser: 'chromium' });
      expect(run.statusCode).toBe(409);
      expect(run.json().code).toBe('SANDBOX_ONLY');
    } finally {
      await production.close();
    }
  });
});
