import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { chromiumMissingReason, isExecutableFile } from './browsers';

/**
 * The Sandbox authoriser's hands: drives Debian's Chromium (headless, through playwright-core)
 * over HMRC's pages as a sandbox test user. Two scripts share one scaffold (runInBrowser):
 * - authoriseInBrowser signs in on HMRC's sign-in and grant pages and hands back the authorisation
 *   code and state HMRC sends to the redirect URI. The redirect itself is caught inside the browser
 *   and answered with a tiny page, so VAT Wise's web app never loads there and the code is used
 *   once, by whoever called this.
 * - answerClientRequestInBrowser follows an agent's client link (Agent Authorisation API's
 *   clientActionUrl), signs in as the client and accepts or declines the agent's request.
 * Each step is reported in plain words; the password never is.
 */

/** This machine's known-good flags for Debian's Chromium, headless in a container. */
export const chromiumLaunchArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const authoriserErrorMessages = {
  BROWSER_LAUNCH_FAILED: 'Failed to open browser.',
  BROWSER_CLOSED: 'Browser was closed.',
  ABORTED: 'Authorization was aborted.',
  AUTHORIZATION_FAILED: 'Authorization failed.',
} as const;

export type AuthoriserErrorCode = keyof typeof authoriserErrorMessages;

/** Why the authoriser stopped: `message` is the user's sentence for `code`, `detail` what happened. */
export class AuthoriserError extends Error {
  constructor(
    readonly code: AuthoriserErrorCode,
    readonly detail: string,
  ) {
    super(authoriserErrorMessages[code]);
    this.name = 'AuthoriserError';
  }
}

/** What every script needs: who signs in, with which browser, and how the caller follows and stops it. */
interface BrowserRunInput {
  /** The sandbox test user's id and password for HMRC's sign-in page. */
  userId: string;
  password: string;
  /** Debian's Chromium (config.agents.chromiumPath). */
  chromiumPath: string;
  /** Called with each step, in plain words, as it starts. */
  report: (step: string) => void;
  /** Aborting closes the browser and rejects with ABORTED. */
  signal?: AbortSignal;
  /** The whole run, browser start included; default 60 s. */
  timeoutMs?: number;
}

export interface AuthoriseInBrowserInput extends BrowserRunInput {
  /** HMRC's /oauth/authorize URL, state and PKCE challenge included (HmrcConnectionService.authorisationUrl). */
  authorizationUrl: string;
  /** The redirect URI in that URL: navigation to it is caught, never loaded. */
  redirectUri: string;
}

export interface AuthorisationCodeResult {
  code: string;
  state: string;
}

export interface AnswerClientRequestInput extends BrowserRunInput {
  /** The agent's link for the client: the clientActionUrl of HMRC's Agent Authorisation API. */
  linkUrl: string;
  /** The request to answer, as HMRC names it (the last part of the invitation's address). */
  invitationId: string;
  /** True accepts the agent's request, false declines it. */
  accept: boolean;
}

export const authoriserSteps = {
  launch: 'Opening Chromium…',
  signInPage: "Opening HMRC's sign-in page",
  startPage: "Passing HMRC's start page",
  signIn: (userId: string) => `Signing in as ${userId}`,
  grant: 'Giving VAT Wise permission',
  code: 'HMRC returned an authorisation code',
  clientLink: "Opening the client's authorisation link",
  accept: "Accepting the agent's request",
  decline: "Declining the agent's request",
  accepted: 'HMRC confirms the agent is authorised',
  declined: 'HMRC confirms the request is declined',
} as const;

/** HMRC's start pages before the sign-in form: how many to pass, and the buttons that pass them. */
const maxStartPages = 3;
const startButtonName = /^(continue|sign in)/i;

/** HMRC production's hosts: the authoriser is for sandbox test users only. */
const productionHosts = new Set(['www.tax.service.gov.uk', 'api.service.hmrc.gov.uk']);

/** HMRC's invitation ids are letters and digits; anything else would also break the button's selector. */
const invitationIdPattern = /^[A-Za-z0-9]{1,40}$/;

/** What the browser is shown instead of VAT Wise's callback page. */
const callbackPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>VAT Wise</title></head>
<body><p>HMRC has answered. VAT Wise is finishing the connection; this window closes by itself.</p></body></html>`;

interface Callback {
  code: string | null;
  state: string | null;
  error: string | null;
  errorDescription: string | null;
}

const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]?.trim() ?? '';

const parseUrl = (text: string): URL | undefined => {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Which kind of page the tab shows; each script names its own besides these two. */
type AnyPage = 'sign-in' | 'other';

/** What a script may do in the browser runInBrowser opened. Every wait goes through `race`. */
interface BrowserRun {
  context: BrowserContext;
  tab: Page;
  /** Reports a step, and remembers it for the error should the run stop during it. */
  say(step: string): void;
  /** Settles with `work`, or rejects first on abort, time-out or a lost browser. */
  race<T>(work: Promise<T>): Promise<T>;
  /** Anything that might end up in a detail goes through here first. */
  redact(text: string): string;
  /** Clicks and waits for the page it leads to. */
  clickAndWait(target: Locator): Promise<void>;
  /** Says what an unexpected page is: HMRC's error, or its title and address. */
  unexpected(instead: string): Promise<AuthoriserError>;
  /** Says `step`, opens the start address and passes HMRC's start pages; where the tab is then. */
  open<Where extends string>(step: string, whereAmI: () => Promise<Where | AnyPage>): Promise<Where | AnyPage>;
  /** Fills in and sends HMRC's sign-in form; throws when HMRC shows the form again (refused). */
  signIn(): Promise<void>;
}

/**
 * The scaffold both scripts run in: refuses HMRC production and a missing Chromium, launches
 * Chromium, races every step against abort, time-out and a lost browser, turns any failure into an
 * AuthoriserError with the password redacted, and always closes the browser before it settles.
 */
async function runInBrowser<T>(
  input: BrowserRunInput & {
    /** The page the script opens first. */
    startUrl: string;
    /** Addresses the script needs besides startUrl: each must be a URL. */
    otherAddresses?: string[];
    /** The detail when an address is not a web address. */
    notWebAddress: string;
  },
  script: (run: BrowserRun) => Promise<T>,
): Promise<T> {
  const { startUrl, userId, password, chromiumPath, report, signal } = input;
  const timeoutMs = input.timeoutMs ?? 60_000;
  const redact = (text: string) => (password ? text.split(password).join('[password]') : text);

  if (signal?.aborted) throw new AuthoriserError('ABORTED', 'Stopped before the browser was opened.');
  const start = parseUrl(startUrl);
  if (
    !start ||
    !/^https?:$/.test(start.protocol) ||
    (input.otherAddresses ?? []).some((address) => !parseUrl(address))
  ) {
    throw new AuthoriserError('AUTHORIZATION_FAILED', input.notWebAddress);
  }
  if (productionHosts.has(start.hostname)) {
    throw new AuthoriserError('AUTHORIZATION_FAILED', 'The sandbox authoriser never signs in to HMRC production.');
  }
  if (!isExecutableFile(chromiumPath)) {
    throw new AuthoriserError('BROWSER_LAUNCH_FAILED', chromiumMissingReason(chromiumPath));
  }

  let step: string = authoriserSteps.launch;
  const say = (text: string) => {
    step = text;
    report(text);
  };

  // The first of abort, time-out and a lost browser stops the run; every wait below races it.
  let stoppedWith: AuthoriserError | undefined;
  let rejectStopped: (error: AuthoriserError) => void = () => undefined;
  const stopped = new Promise<never>((_, reject) => (rejectStopped = reject));
  stopped.catch(() => undefined);
  const stop = (error: AuthoriserError) => {
    if (stoppedWith) return;
    stoppedWith = error;
    rejectStopped(error);
  };
  const race = <R>(work: Promise<R>): Promise<R> => {
    work.catch(() => undefined); // a late failure of work that lost the race is not unhandled
    return Promise.race([work, stopped]);
  };

  const onAbort = () => stop(new AuthoriserError('ABORTED', `Stopped while: ${step}.`));
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(
    () =>
      stop(
        new AuthoriserError(
          'AUTHORIZATION_FAILED',
          `HMRC's pages did not finish within ${Math.round(timeoutMs / 1000)} seconds (at: ${step}).`,
        ),
      ),
    timeoutMs,
  );

  let closing = false;
  let launching: Promise<Browser> | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  try {
    say(authoriserSteps.launch);
    // Loaded when first needed: playwright-core alone took a second of every server start.
    const { chromium } = await import('playwright-core');
    launching = chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: chromiumLaunchArgs,
      timeout: timeoutMs,
    });
    try {
      browser = await race(launching);
    } catch (error) {
      if (error instanceof AuthoriserError) throw error;
      throw new AuthoriserError(
        'BROWSER_LAUNCH_FAILED',
        redact(`Chromium at ${chromiumPath} did not start: ${firstLine(error)}`),
      );
    }
    browser.on('disconnected', () => {
      if (!closing) stop(new AuthoriserError('BROWSER_CLOSED', `Chromium closed or crashed while: ${step}.`));
    });

    const context = await race(browser.newContext({ acceptDownloads: false, serviceWorkers: 'block' }));
    context.setDefaultTimeout(timeoutMs);
    context.setDefaultNavigationTimeout(timeoutMs);

    page = await race(context.newPage());
    const tab = page;
    tab.on('crash', () => stop(new AuthoriserError('BROWSER_CLOSED', `The browser tab crashed while: ${step}.`)));
    tab.on('close', () => {
      if (!closing) stop(new AuthoriserError('BROWSER_CLOSED', `The browser tab was closed while: ${step}.`));
    });

    const clickAndWait = async (target: Locator) => {
      const navigated = tab.waitForEvent('framenavigated', { predicate: (frame) => frame === tab.mainFrame() });
      navigated.catch(() => undefined);
      await target.click();
      await navigated;
      await tab.waitForLoadState('domcontentloaded');
    };
    const unexpected = async (instead: string): Promise<AuthoriserError> => {
      const errorCode = tab.locator('#error-code');
      if ((await errorCode.count()) > 0) {
        const description = (await tab.locator('[role="alert"]').first().textContent())?.trim() ?? '';
        return new AuthoriserError(
          'AUTHORIZATION_FAILED',
          redact(`HMRC showed an error${instead}: ${description} (${(await errorCode.textContent())?.trim()})`),
        );
      }
      const at = parseUrl(tab.url());
      const title = (await tab.title()).trim();
      return new AuthoriserError(
        'AUTHORIZATION_FAILED',
        redact(
          `HMRC showed an unexpected page${instead}: "${title}" at ${at ? `${at.origin}${at.pathname}` : tab.url()}`,
        ),
      );
    };
    const open = async <Where extends string>(
      openingStep: string,
      whereAmI: () => Promise<Where | AnyPage>,
    ): Promise<Where | AnyPage> => {
      say(openingStep);
      await race(tab.goto(startUrl, { waitUntil: 'domcontentloaded' }));
      let where = await race(whereAmI());
      // HMRC shows one or more start pages first, whose wording changes without notice (2.4):
      // follow their Continue or Sign in button, a few pages at most.
      for (let passed = 0; where === 'other' && passed < maxStartPages; passed += 1) {
        const next = tab
          .getByRole('button', { name: startButtonName })
          .or(tab.getByRole('link', { name: startButtonName }));
        if ((await race(next.count())) === 0) break;
        say(authoriserSteps.startPage);
        await race(clickAndWait(next.first()));
        where = await race(whereAmI());
      }
      return where;
    };
    const signIn = async () => {
      say(authoriserSteps.signIn(userId));
      await race(tab.locator('input[name="userId"]').fill(userId));
      await race(tab.locator('input[name="password"]').fill(password));
      await race(clickAndWait(tab.locator('#submit')));
      if ((await race(tab.locator('input[name="password"]').count())) > 0) {
        throw new AuthoriserError('AUTHORIZATION_FAILED', "HMRC's sign-in page refused the user id or password.");
      }
    };

    return await script({ context, tab, say, race, redact, clickAndWait, unexpected, open, signIn });
  } catch (error) {
    if (stoppedWith) throw stoppedWith; // the first of abort, time-out and a lost browser wins
    if (error instanceof AuthoriserError) throw error;
    // A failure from a browser that is going away: let its disconnect be seen before judging.
    await pause(100);
    if (stoppedWith) throw stoppedWith;
    if ((browser && !browser.isConnected()) || page?.isClosed()) {
      throw new AuthoriserError('BROWSER_CLOSED', `Chromium closed or crashed while: ${step}.`);
    }
    throw new AuthoriserError(
      'AUTHORIZATION_FAILED',
      redact(`Something unexpected happened while: ${step}: ${firstLine(error)}`),
    );
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    closing = true;
    // A browser still starting is waited for, so that it is closed too and nothing is left running.
    const opened = browser ?? (await launching?.catch(() => undefined));
    await opened?.close().catch(() => undefined);
  }
}

/**
 * Signs in on HMRC's pages as a sandbox test user, gives permission and returns the code and
 * state from the redirect. Always closes the browser before it settles. Throws AuthoriserError.
 */
export async function authoriseInBrowser(input: AuthoriseInBrowserInput): Promise<AuthorisationCodeResult> {
  const { authorizationUrl, redirectUri } = input;
  return runInBrowser(
    {
      ...input,
      startUrl: authorizationUrl,
      otherAddresses: [redirectUri],
      notWebAddress: 'The authorisation URL or redirect URI is not a web address.',
    },
    async ({ context, tab, say, race, redact, clickAndWait, unexpected, open, signIn }) => {
      const callbackUrl = new URL(redirectUri); // runInBrowser has checked it parses
      const expectedState = new URL(authorizationUrl).searchParams.get('state');
      const isCallback = (url: URL) => url.origin === callbackUrl.origin && url.pathname === callbackUrl.pathname;

      // HMRC's redirect back to VAT Wise: read the answer, show a tiny page instead of the web app.
      // A redirect's target is not always handed to route handlers, so requests are watched as well.
      let callback: Callback | undefined;
      const capture = (address: string) => {
        const url = new URL(address);
        callback ??= {
          code: url.searchParams.get('code'),
          state: url.searchParams.get('state'),
          error: url.searchParams.get('error'),
          errorDescription: url.searchParams.get('error_description'),
        };
      };
      context.on('request', (request) => {
        const url = parseUrl(request.url());
        if (url && isCallback(url)) capture(url.toString());
      });
      await race(
        context.route(isCallback, async (route) => {
          capture(route.request().url());
          await route
            .fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: callbackPage })
            .catch(() => undefined);
        }),
      );

      /** Which of HMRC's pages the tab shows now. */
      const whereAmI = async (): Promise<'callback' | 'grant' | AnyPage> => {
        if (callback) return 'callback';
        if ((await tab.locator('#givePermission').count()) > 0) return 'grant';
        if ((await tab.locator('input[name="password"]').count()) > 0) return 'sign-in';
        return 'other';
      };
      /** The code from HMRC's redirect, or why there is none. */
      const codeFrom = (answer: Callback): AuthorisationCodeResult => {
        if (answer.error) {
          const because = answer.errorDescription ? `: ${answer.errorDescription}` : '';
          throw new AuthoriserError('AUTHORIZATION_FAILED', redact(`HMRC answered ${answer.error}${because}`));
        }
        if (!answer.code) throw new AuthoriserError('AUTHORIZATION_FAILED', 'HMRC came back without a code.');
        if (expectedState !== null && answer.state !== expectedState) {
          throw new AuthoriserError('AUTHORIZATION_FAILED', 'HMRC came back with a different state.');
        }
        say(authoriserSteps.code);
        return { code: answer.code, state: answer.state ?? '' };
      };

      const where = await open(authoriserSteps.signInPage, whereAmI);
      if (callback) return codeFrom(callback);
      if (where !== 'sign-in') throw await race(unexpected(' instead of its sign-in page'));

      await signIn();
      const afterSignIn = await race(whereAmI());
      if (callback) return codeFrom(callback);
      if (afterSignIn !== 'grant') throw await race(unexpected(' after signing in'));

      say(authoriserSteps.grant);
      await race(clickAndWait(tab.locator('#givePermission')));
      if (callback) return codeFrom(callback);
      throw await race(unexpected(' instead of returning to VAT Wise'));
    },
  );
}

/**
 * Follows an agent's client link as the client: signs in as the sandbox test user and accepts or
 * declines the request `invitationId`. Resolves once HMRC's answer page confirms it. Always closes
 * the browser before it settles. Throws AuthoriserError.
 */
export async function answerClientRequestInBrowser(input: AnswerClientRequestInput): Promise<void> {
  const { linkUrl, userId, invitationId, accept } = input;
  if (!invitationIdPattern.test(invitationId)) {
    throw new AuthoriserError('AUTHORIZATION_FAILED', 'The invitation id is not one HMRC gives (letters and digits).');
  }
  await runInBrowser(
    { ...input, startUrl: linkUrl, notWebAddress: "The client's authorisation link is not a web address." },
    async ({ tab, say, race, redact, clickAndWait, unexpected, open, signIn }) => {
      const answerButton = tab.locator(`#${accept ? 'accept' : 'decline'}-${invitationId}`);
      /** Which of the client's pages the tab shows now (packages/hmrc-sandbox/src/agents/pages.ts). */
      const whereAmI = async (): Promise<'requests' | 'no-requests' | 'accepted' | 'declined' | AnyPage> => {
        if ((await tab.locator('#answer-accepted').count()) > 0) return 'accepted';
        if ((await tab.locator('#answer-declined').count()) > 0) return 'declined';
        if ((await tab.locator('#no-requests').count()) > 0) return 'no-requests';
        if ((await tab.locator('button[id^="accept-"]').count()) > 0) return 'requests';
        if ((await tab.locator('input[name="password"]').count()) > 0) return 'sign-in';
        return 'other';
      };
      const refused = (detail: string) => new AuthoriserError('AUTHORIZATION_FAILED', redact(detail));

      // A fresh browser is never signed in, so the link always leads to the sign-in page first.
      const where = await open(authoriserSteps.clientLink, whereAmI);
      if (where !== 'sign-in') throw await race(unexpected(' instead of its sign-in page'));

      await signIn();
      const requests = await race(whereAmI());
      if (requests === 'no-requests') throw refused(`HMRC shows no pending request from this agent for ${userId}.`);
      if (requests !== 'requests') throw await race(unexpected(' after signing in'));
      if ((await race(answerButton.count())) === 0) {
        throw refused(`HMRC shows this agent's requests for ${userId}, but not request ${invitationId}.`);
      }

      say(accept ? authoriserSteps.accept : authoriserSteps.decline);
      await race(clickAndWait(answerButton));
      const answered = await race(whereAmI());
      if (answered === (accept ? 'accepted' : 'declined')) {
        say(accept ? authoriserSteps.accepted : authoriserSteps.declined);
        return;
      }
      // The simulator answers a request answered, cancelled or expired meanwhile with this page.
      if (answered === 'no-requests') {
        throw refused(
          `HMRC no longer shows request ${invitationId} for ${userId}: it may have expired, been cancelled or been answered already.`,
        );
      }
      throw await race(unexpected(' after answering the request'));
    },
  );
}
