import { randomInt, randomUUID } from 'node:crypto';
import {
  addDays,
  type AgentInfo,
  assistAnswerSchema,
  browserFraudHeaderNames,
  clientRequestListSchema,
  clientRequestSchema,
  formatList,
  formatScreens,
  formatTimezone,
  formatWindowSize,
  getAuthUrlResponseSchema,
  obligationListSchema,
  paymentJourneySchema,
  penaltiesSchema,
  type ReturnDraft,
  Role,
  type SandboxUser,
  sandboxUserSchema,
  startedPaymentSchema,
  ukToday,
} from '@vatwise/domain';
import { answerClientLink, signInAndGrant } from '../../apps/server/src/test/hmrc-browser';
import { type Answer, HttpSession } from '../../apps/server/src/test/http-session';
import { totpCode } from '../../apps/server/src/test/totp';
import type { RecordingProxy } from './recording-proxy';
import type { ScenarioResult, Step } from './model';

/**
 * The journeys of `npm run hmrc:evidence`: people using VAT Wise through its HTTP API as the web
 * app does, each request with the browser's part of HMRC's fraud prevention headers (as
 * apps/web/src/shared/api/fraud-prevention.ts sends them) and, as from the one proxy VAT Wise runs
 * behind, the browser's public address and source port. HMRC's own pages (sign in, grant, a
 * client's answer) are driven by the server tests' simulated browser (apps/server/src/test/).
 */

export interface JourneyContext {
  /** Where VAT Wise listens (the requests go here). */
  vatWiseUrl: string;
  /** PUBLIC_URL: the Origin of VAT Wise's pages. */
  publicUrl: string;
  proxy: RecordingProxy;
  /** Secret values met on the way (passwords, TOTP secrets, test users' passwords), to scrub from the report. */
  secrets: Set<string>;
}

export const password = 'Correct-Horse-Battery-9';

/** A desktop browser as the web app describes it: what collectBrowserFraudInfo() would read. */
export interface BrowserProfile {
  userAgent: string;
  screen: { width: number; height: number; scalingFactor: number; colourDepth: number };
  window: { width: number; height: number };
  plugins: string[];
  /** The public address VAT Wise's proxy sees the browser connect from (X-Forwarded-For). */
  publicIp: string;
}

/**
 * A person's browser: one cookie jar, one device id (the web app keeps it in localStorage), one
 * connection (source port). Every request carries what the web app adds (Accept and the Gov-*
 * headers) and what a proxy in front of VAT Wise adds (X-Forwarded-For/-Proto, the client port).
 */
export class Browser extends HttpSession {
  readonly deviceId = randomUUID();
  /** An ephemeral port, as the browser's connection to VAT Wise's proxy came from. */
  readonly sourcePort = randomInt(49_152, 65_535);

  constructor(
    publicUrl: string,
    baseUrl: string,
    readonly profile: BrowserProfile,
  ) {
    super(publicUrl, baseUrl);
  }

  /** The headers the web app (base-api.ts prepareHeaders) and VAT Wise's proxy add to each API request. */
  addedHeaders(): Record<string, string> {
    const { profile } = this;
    const names = browserFraudHeaderNames;
    return {
      accept: 'application/json',
      [names.userAgent]: profile.userAgent,
      [names.deviceId]: this.deviceId,
      [names.screens]: formatScreens([profile.screen]),
      [names.windowSize]: formatWindowSize(profile.window.width, profile.window.height),
      [names.timezone]: formatTimezone(new Date().getTimezoneOffset()),
      [names.plugins]: formatList(profile.plugins),
      [names.doNotTrack]: 'false',
      'x-forwarded-for': profile.publicIp,
      'x-forwarded-proto': new URL(this.publicUrl).protocol.replace(':', ''),
      'x-client-port': String(this.sourcePort),
    };
  }

  override request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return super.request(method, path, body, { ...this.addedHeaders(), ...headers });
  }
}

export const clientPublicIps = { business: '203.0.113.7', agent: '203.0.113.42' };

const chromePlugins = [
  'PDF Viewer',
  'Chrome PDF Viewer',
  'Chromium PDF Viewer',
  'Microsoft Edge PDF Viewer',
  'WebKit built-in PDF',
];

const businessBrowser: BrowserProfile = {
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  screen: { width: 1920, height: 1080, scalingFactor: 1.25, colourDepth: 24 },
  window: { width: 1536, height: 730 },
  plugins: chromePlugins,
  publicIp: clientPublicIps.business,
};

const agentBrowser: BrowserProfile = {
  userAgent:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  screen: { width: 2560, height: 1440, scalingFactor: 2, colourDepth: 30 },
  window: { width: 1440, height: 789 },
  plugins: chromePlugins,
  publicIp: clientPublicIps.agent,
};

class StepFailed extends Error {}

/** Runs one scenario's steps, recording each and the HMRC requests it caused. */
class Scenario {
  readonly steps: Step[] = [];
  constructor(private readonly context: JourneyContext) {}

  private hmrcSince(before: number): number[] {
    return this.context.proxy.exchanges.filter((exchange) => exchange.id > before).map((exchange) => exchange.id);
  }

  private lastId(): number {
    return this.context.proxy.exchanges.reduce((most, exchange) => Math.max(most, exchange.id), 0);
  }

  /** A VAT Wise API request; fails the scenario unless the status is `expected`. */
  async call(
    action: string,
    browser: Browser,
    method: string,
    path: string,
    body: unknown,
    expected: number,
  ): Promise<Answer> {
    const before = this.lastId();
    const answer = await browser.request(method, path, body);
    await this.context.proxy.idle();
    this.steps.push({ action, request: `${method} ${path}`, status: answer.status, hmrc: this.hmrcSince(before) });
    if (answer.status !== expected) {
      throw new StepFailed(
        `${action}: ${method} ${path} answered ${answer.status}, not ${expected}: ${answer.text.slice(0, 400)}`,
      );
    }
    return answer;
  }

  /** Something done on HMRC's own pages (the simulated browser), not through VAT Wise. */
  async onHmrcPages<T>(action: string, request: string, run: () => Promise<{ status: number; value: T }>) {
    const before = this.lastId();
    const { status, value } = await run();
    this.steps.push({ action, request, status, hmrc: this.hmrcSince(before) });
    return value;
  }
}

async function scenario(
  context: JourneyContext,
  meta: Pick<ScenarioResult, 'id' | 'title' | 'description'>,
  body: (steps: Scenario) => Promise<void>,
): Promise<ScenarioResult> {
  context.proxy.scenario = meta.id;
  const steps = new Scenario(context);
  try {
    await body(steps);
    await context.proxy.idle();
    return { ...meta, passed: true, steps: steps.steps };
  } catch (error) {
    await context.proxy.idle();
    const message = error instanceof Error ? error.message : String(error);
    return { ...meta, passed: false, error: message, steps: steps.steps };
  }
}

/** Registers, connects an HMRC test user of `userType` and grants authority on HMRC's pages. */
/**
 * The person pays on HMRC's payment page, as their browser would send its form. Those pages are
 * the browser's, not requests of VAT Wise's, so they go to the simulator straight, unrecorded.
 */
async function payOnHmrcPage(redirectUrl: string): Promise<void> {
  const page = await fetch(redirectUrl);
  if (page.status !== 200) throw new StepFailed(`HMRC's payment page answered ${page.status}`);
  const paid = await fetch(redirectUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome: 'pay', amountChoice: 'sent' }).toString(),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new StepFailed(`HMRC's payment page took the payment with ${paid.status}`);
}

async function connectTestUser(
  context: JourneyContext,
  steps: Scenario,
  browser: Browser,
  userType: 'Organisation' | 'Agent',
): Promise<SandboxUser> {
  const created = await steps.call(
    `Create an HMRC test ${userType === 'Agent' ? 'agent' : 'organisation'}`,
    browser,
    'POST',
    '/api/create_sandbox_user',
    { userType },
    201,
  );
  const user = sandboxUserSchema.parse(created.json);
  context.secrets.add(user.password);
  const { url } = getAuthUrlResponseSchema.parse(
    (
      await steps.call(
        "Ask for HMRC's sign-in address",
        browser,
        'GET',
        `/api/get_auth_url?userId=${encodeURIComponent(user.userId)}`,
        undefined,
        200,
      )
    ).json,
  );
  const callback = await steps.onHmrcPages(
    'Sign in as the test user on HMRC’s pages and grant authority',
    'HMRC: GET /oauth/authorize, sign in, grant',
    async () => {
      const back = await signInAndGrant(url, user);
      return { status: back.searchParams.has('code') ? 302 : 0, value: back };
    },
  );
  const code = callback.searchParams.get('code') ?? '';
  context.secrets.add(code);
  await steps.call(
    "Hand HMRC's authorisation code to VAT Wise",
    browser,
    'POST',
    '/api/exchange_code',
    { code, state: callback.searchParams.get('state') ?? '', userId: user.userId },
    200,
  );
  return user;
}

export interface JourneyOutcome {
  scenarios: ScenarioResult[];
}

export async function runJourneys(context: JourneyContext): Promise<JourneyOutcome> {
  const { publicUrl, vatWiseUrl } = context;
  const owner = new Browser(publicUrl, vatWiseUrl, businessBrowser);
  const agent = new Browser(publicUrl, vatWiseUrl, agentBrowser);
  const ownerEmail = 'amelia.owner@example.com';
  const agentEmail = 'arjun.agent@example.com';
  context.secrets.add(password);
  const today = ukToday();
  const range = `from=${addDays(today, -364)}&to=${today}`;
  let business: SandboxUser | undefined;
  let agentUser: SandboxUser | undefined;
  const results: ScenarioResult[] = [];

  results.push(
    await scenario(
      context,
      {
        id: 'a',
        title: 'A business with two-step verification',
        description:
          'A business owner registers, turns on two-step verification (an authenticator app, TOTP), signs in again with the password and the code, creates an HMRC test organisation, grants VAT Wise authority on HMRC’s pages, reads every VAT endpoint (obligations, liabilities, payments, penalties, financial details, customer information by adding the business, view return), asks HMRC Assist for feedback on the completed draft and confirms it was shown, files the return and pays its VAT through HMRC’s Initiate payment journey. The first account of the installation, so an Admin.',
      },
      async (steps) => {
        await steps.call(
          'Register with email and password',
          owner,
          'POST',
          '/api/auth/sign-up/email',
          { name: 'Amelia Owner', email: ownerEmail, password },
          200,
        );
        const me = await steps.call('Read who is signed in', owner, 'GET', '/api/me', undefined, 200);
        const role = (me.json as { user?: { role?: number } }).user?.role;
        if (role !== Role.Admin) throw new StepFailed(`the first account is not an Admin (role ${String(role)})`);
        const enabled = await steps.call(
          'Turn on two-step verification',
          owner,
          'POST',
          '/api/auth/two-factor/enable',
          { password },
          200,
        );
        const { totpURI } = enabled.json as { totpURI: string };
        context.secrets.add(totpURI);
        context.secrets.add(new URL(totpURI).searchParams.get('secret') ?? '');
        await steps.call(
          'Confirm the authenticator app’s code',
          owner,
          'POST',
          '/api/auth/two-factor/verify-totp',
          { code: totpCode(totpURI) },
          200,
        );
        await steps.call('Sign out', owner, 'POST', '/api/auth/sign-out', {}, 200);
        const signedIn = await steps.call(
          'Sign in with the password',
          owner,
          'POST',
          '/api/auth/sign-in/email',
          { email: ownerEmail, password },
          200,
        );
        if (!(signedIn.json as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
          throw new StepFailed('sign-in did not ask for the second factor');
        }
        await steps.call(
          'Give the authenticator app’s code',
          owner,
          'POST',
          '/api/auth/two-factor/verify-totp',
          { code: totpCode(totpURI) },
          200,
        );

        business = await connectTestUser(context, steps, owner, 'Organisation');
        const vrn = business.vrn ?? '';
        const target = `vrn=${vrn}&userId=${encodeURIComponent(business.userId)}`;

        const obligations = obligationListSchema.parse(
          (
            await steps.call(
              'Read the VAT obligations',
              owner,
              'GET',
              `/api/vat/obligations?${target}&${range}&status=All`,
              undefined,
              200,
            )
          ).json,
        ).obligations;
        await steps.call(
          'Read the liabilities',
          owner,
          'GET',
          `/api/vat/liabilities?${target}&${range}`,
          undefined,
          200,
        );
        await steps.call('Read the payments', owner, 'GET', `/api/vat/payments?${target}&${range}`, undefined, 200);
        const penalties = penaltiesSchema.parse(
          (await steps.call('Read the penalties', owner, 'GET', `/api/vat/penalties?${target}`, undefined, 200)).json,
        );
        let chargeReference = penalties.penalties.find((penalty) => penalty.chargeReference)?.chargeReference;
        if (chargeReference) {
          await steps.call(
            'Read a penalty’s financial details',
            owner,
            'GET',
            `/api/vat/financials?${target}&chargeReference=${encodeURIComponent(chargeReference)}`,
            undefined,
            200,
          );
        }
        await steps.call(
          'Add the business by its VRN (VAT Wise checks HMRC’s customer information)',
          owner,
          'POST',
          '/api/businesses',
          { vrn, userId: business.userId, name: business.organisationName ?? undefined },
          201,
        );

        const period = obligations.find((obligation) => obligation.status === 'O' && obligation.due < today);
        if (!period) throw new StepFailed('no overdue open period in the simulated history');
        const draft = (
          await steps.call(
            'Start the overdue return',
            owner,
            'POST',
            '/api/initiate_vat_return',
            { user_vrn: vrn, period_key: period.periodKey },
            201,
          )
        ).json as ReturnDraft;
        await steps.call(
          'Record a sale in the period',
          owner,
          'POST',
          '/api/vat_records',
          {
            vrn,
            kind: 'sale',
            date: period.start,
            description: 'Consulting',
            netPence: 500_000,
            vatPence: 100_000,
            rate: 'standard',
            treatment: 'normal',
          },
          201,
        );
        // HMRC Assist for VAT: feedback on the completed draft, then the confirmation it was shown.
        const assist = assistAnswerSchema.parse(
          (
            await steps.call(
              'Ask HMRC Assist for feedback on the completed draft',
              owner,
              'POST',
              `/api/vat_returns/${draft.id}/assist`,
              {},
              200,
            )
          ).json,
        );
        if (assist.state !== 'ready' || !assist.report?.reportId) {
          throw new StepFailed(`HMRC Assist gave no report (${assist.state}: ${assist.report?.error ?? 'none'})`);
        }
        await steps.call(
          'Confirm to HMRC that the feedback was shown',
          owner,
          'POST',
          `/api/vat_returns/${draft.id}/assist/${assist.report.reportId}/acknowledgement`,
          { presentedAt: new Date().toISOString() },
          200,
        );
        const submitted = (
          await steps.call(
            'Accept the declaration and file the return',
            owner,
            'POST',
            `/api/vat_returns/${draft.id}/submit`,
            { idempotencyKey: draft.idempotencyKey, declarationAccepted: true },
            200,
          )
        ).json as ReturnDraft;
        if (submitted.status !== 'submitted') throw new StepFailed(`the return is ${submitted.status}, not submitted`);
        await steps.call(
          'View the filed return',
          owner,
          'GET',
          `/api/vat/returnview?${target}&periodKey=${encodeURIComponent(period.periodKey)}`,
          undefined,
          200,
        );
        chargeReference ??= submitted.receipt?.chargeRefNumber ?? undefined;
        if (!chargeReference) throw new StepFailed('no charge reference to read financial details with');
        if (!penalties.penalties.some((penalty) => penalty.chargeReference)) {
          await steps.call(
            'Read the return’s charge in the financial details',
            owner,
            'GET',
            `/api/vat/financials?${target}&chargeReference=${encodeURIComponent(chargeReference)}`,
            undefined,
            200,
          );
        }

        // Paying the return's VAT through HMRC's Initiate payment journey (application-restricted).
        const started = startedPaymentSchema.parse(
          (
            await steps.call(
              'Start paying the return’s VAT through HMRC',
              owner,
              'POST',
              '/api/payments',
              { vrn, userId: business.userId, kind: 'return', reference: period.periodKey, amountPence: 100_000 },
              201,
            )
          ).json,
        );
        await payOnHmrcPage(started.redirectUrl);
        const paid = paymentJourneySchema.parse(
          (
            await steps.call(
              'Come back from HMRC’s payment pages and read the outcome',
              owner,
              'GET',
              `/api/payments/${started.journey.id}`,
              undefined,
              200,
            )
          ).json,
        );
        if (paid.status !== 'Completed') throw new StepFailed(`the payment is ${paid.status}, not Completed`);
      },
    ),
  );

  results.push(
    await scenario(
      context,
      {
        id: 'b',
        title: 'A tax agent asking a client for authority',
        description:
          'A tax agent signs in with a password only (no second factor), creates an HMRC test agent, grants VAT Wise authority, asks the business of scenario a for authority (VRN and registration date), cancels the request, asks again, the client accepts on HMRC’s pages, the agent’s list is checked with HMRC (the client becomes one of the agent’s businesses: customer information with the agent’s token) and the agent reads the client’s obligations.',
      },
      async (steps) => {
        const client = business;
        if (!client?.vrn || !client.vatRegistrationDate) throw new StepFailed('scenario a made no client business');
        await steps.call(
          'Register with email and password',
          agent,
          'POST',
          '/api/auth/sign-up/email',
          { name: 'Arjun Agent', email: agentEmail, password },
          200,
        );
        agentUser = await connectTestUser(context, steps, agent, 'Agent');
        const ask = () =>
          steps.call(
            'Ask the client for authority',
            agent,
            'POST',
            '/api/client_requests',
            {
              userId: agentUser?.userId,
              vrn: client.vrn,
              registrationDate: client.vatRegistrationDate,
              name: client.organisationName ?? 'Client',
            },
            201,
          );
        const first = clientRequestSchema.parse((await ask()).json);
        await steps.call('Cancel the request', agent, 'POST', `/api/client_requests/${first.id}/cancel`, {}, 200);
        const second = clientRequestSchema.parse((await ask()).json);
        if (!second.link) throw new StepFailed('the new request has no link for the client');
        await steps.onHmrcPages(
          'The client follows the link, signs in on HMRC’s pages and accepts',
          'HMRC: the client’s link, sign in, accept',
          async () => {
            const answered = await answerClientLink(second.link ?? '', client, 'accept');
            if (!answered.html.includes('answer-accepted')) {
              throw new StepFailed(`the client's answer was not taken (HTTP ${answered.status})`);
            }
            return { status: answered.status, value: undefined };
          },
        );
        const list = clientRequestListSchema.parse(
          (
            await steps.call(
              'Check the requests with HMRC',
              agent,
              'GET',
              '/api/client_requests?refresh=true',
              undefined,
              200,
            )
          ).json,
        );
        const accepted = list.requests.find((request) => request.id === second.id);
        if (accepted?.status !== 'accepted' || !accepted.businessConnected) {
          throw new StepFailed(`the request is ${accepted?.status ?? 'missing'}, not accepted and connected`);
        }
        await steps.call(
          'Read the client’s obligations as the agent',
          agent,
          'GET',
          `/api/vat/obligations?vrn=${client.vrn}&${range}&status=Open`,
          undefined,
          200,
        );
      },
    ),
  );

  results.push(
    await scenario(
      context,
      {
        id: 'c',
        title: 'Tokens refreshed',
        description:
          'The business and the agent each refresh their HMRC tokens (VAT Wise’s refresh route, HMRC’s refresh_token grant); the business reads its obligations with the new ones.',
      },
      async (steps) => {
        if (!business?.vrn) throw new StepFailed('scenario a connected no business');
        await steps.call(
          'Refresh the business’s HMRC tokens',
          owner,
          'POST',
          '/api/refresh_token',
          { userId: business.userId },
          200,
        );
        await steps.call(
          'Read the obligations with the new token',
          owner,
          'GET',
          `/api/vat/obligations?vrn=${business.vrn}&userId=${encodeURIComponent(business.userId)}&${range}&status=All`,
          undefined,
          200,
        );
        if (!agentUser) throw new StepFailed('scenario b connected no agent');
        await steps.call(
          'Refresh the agent’s HMRC tokens',
          agent,
          'POST',
          '/api/refresh_token',
          { userId: agentUser.userId },
          200,
        );
      },
    ),
  );

  results.push(
    await scenario(
      context,
      {
        id: 'd',
        title: 'The deadline watcher’s scheduled round',
        description:
          'An Admin (the business owner of scenario a) runs the deadline watcher’s round now: the same round the schedule runs, a background process reading every connected business’s open obligations from HMRC with no person’s request behind it (BATCH_PROCESS_DIRECT).',
      },
      async (steps) => {
        const run = await steps.call(
          'Run the deadline watcher now (Admin)',
          owner,
          'POST',
          '/api/agents/deadline-watcher/run',
          {},
          200,
        );
        const info = run.json as AgentInfo;
        if (info.lastError) throw new StepFailed(`the round failed: ${info.lastError}`);
      },
    ),
  );

  return { scenarios: results };
}
