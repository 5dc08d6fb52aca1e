import type { Browser, Locator, Page } from 'playwright-core';
import { chromiumMissingReason, isExecutableFile } from './browsers';

/**
 * The Sandbox authoriser's hands: drives Debian's Chromium (headless, through playwright-core)
 * over HMRC's sign-in and grant pages as a sandbox test user, and hands back the authorisation
 * code and state HMRC sends to the redirect URI. The redirect itself is caught inside the browser
 * and answered with a tiny page, so VAT Wise's web app never loads there and the code is used once,
 * by whoever called this. Each step is reported in plain words; the password never is.
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

export interface AuthoriseInBrowserInput {
  /** HMRC's /oauth/authorize URL, state and PKCE challenge included (HmrcConnectionService.authorisationUrl). */
  authorizationUrl: string;
  /** The redirect URI in that URL: navigation to it is caught, never loaded. */
  redirectUri: string;
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

export interface AuthorisationCodeResult {
  code: string;
  state: string;
}

export const authoriserSteps = {
  launch: 'Opening Chromium…',
  signInPage: "Opening HMRC's sign-in page",
  startPage: "Passing HMRC's start page",
  signIn: (userId: string) => `Signing in as ${userId}`,
  grant: 'Giving VAT Wise permission',
  code: 'HMRC returned an authorisation code',
} as const;

/** HMRC's start pages before the sign-in form: how many to pass, and the buttons that pass them. */
const maxStartPages = 3;
const startButtonName = /^(continue|sign in)/i;

/** HMRC production's hosts: the authoriser is for sandbox test users only. */
const productionHosts = new Set(['www.tax.service.gov.uk', 'api.service.hmrc.gov.uk']);

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

type Where = 'callback' | 'sign-in' | 'grant' | 'other';

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

/**
 * Signs in on HMRC's pages as a sandbox test user, gives permission and returns the code and
 * state from the redirect. Always closes the browser before it settles. Throws AuthoriserError.
 */
export async function authoriseInBrowser(input: AuthoriseInBrowserInput): Promise<AuthorisationCodeResult> {
  const { authorizationUrl, redirectUri, userId, password, chromiumPath, report, signal } = input;
  const timeoutMs = input.timeoutMs ?? 60_000;
  /** Anything that might end up in a detail goes through here first. */
  const redact = (text: string) => (password ? text.split(password).join('[password]') : text);

  if (signal?.aborted) throw new AuthoriserError('ABORTED', 'Stopped before the browser was opened.');
  const authorize = parseUrl(authorizationUrl);
  const callbackUrl = parseUrl(redirectUri);
  if (!authorize || !/^https?:$/.test(authorize.protocol) || !callbackUrl) {
    throw new AuthoriserError('AUTHORIZATION_FAILED', 'The authorisation URL or redirect URI is not a web address.');
  }
  if (productionHosts.has(authorize.hostname)) {
    throw new AuthoriserError('AUTHORIZATION_FAILED', 'The sandbox authoriser never signs in to HMRC production.');
  }
  if (!isExecutableFile(chromiumPath)) {
    throw new AuthoriserError('BROWSER_LAUNCH_FAILED', chromiumMissingReason(chromiumPath));
  }
  const expectedState = authorize.searchParams.get('state');
  const isCallback = (url: URL) => url.origin === callbackUrl.origin && url.pathname === callbackUrl.pathname;

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
  const race = <T>(work: Promise<T>): Promise<T> => {
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

    page = await race(context.newPage());
    const tab = page;
    tab.on('crash', () => stop(new AuthoriserError('BROWSER_CLOSED', `The browser tab crashed while: ${step}.`)));
    tab.on('close', () => {
      if (!closing) stop(new AuthoriserError('BROWSER_CLOSED', `The browser tab was closed while: ${step}.`));
    });

    /** Which of HMRC's pages the tab shows now. */
    const whereAmI = async (): Promise<Where> => {
      if (callback) return 'callback';
      if ((await tab.locator('#givePermission').count()) > 0) return 'grant';
      if ((await tab.locator('input[name="password"]').count()) > 0) return 'sign-in';
      return 'other';
    };
    /** Clicks and waits for the page it leads to. */
    const clickAndWait = async (target: Locator) => {
      const navigated = tab.waitForEvent('framenavigated', { predicate: (frame) => frame === tab.mainFrame() });
      navigated.catch(() => undefined);
      await target.click();
      await navigated;
      await tab.waitForLoadState('domcontentloaded');
    };
    /** Says what an unexpected page is: HMRC's error, or its title and address. */
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

    say(authoriserSteps.signInPage);
    await race(tab.goto(authorizationUrl, { waitUntil: 'domcontentloaded' }));
    let where = await race(whereAmI());
    // HMRC shows one or more start pages first, whose wording changes without notice (2.4):
    // follow their Continue or Sign in button, a few pages at most.
    for (let page = 0; where === 'other' && page < maxStartPages; page += 1) {
      const next = tab
        .getByRole('button', { name: startButtonName })
        .or(tab.getByRole('link', { name: startButtonName }));
      if ((await race(next.count())) === 0) break;
      say(authoriserSteps.startPage);
      await race(clickAndWait(next.first()));
      where = await race(whereAmI());
    }
    if (callback) return codeFrom(callback);
    if (where !== 'sign-in') throw await race(unexpected(' instead of its sign-in page'));

    say(authoriserSteps.signIn(userId));
    await race(tab.locator('input[name="userId"]').fill(userId));
    await race(tab.locator('input[name="password"]').fill(password));
    await race(clickAndWait(tab.locator('#submit')));
    where = await race(whereAmI());
    if (callback) return codeFrom(callback);
    if (where === 'sign-in') {
      throw new AuthoriserError('AUTHORIZATION_FAILED', "HMRC's sign-in page refused the user id or password.");
    }
    if (where !== 'grant') throw await race(unexpected(' after signing in'));

    say(authoriserSteps.grant);
    await race(clickAndWait(tab.locator('#givePermission')));
    if (callback) return codeFrom(callback);
    throw await race(unexpected(' instead of returning to VAT Wise'));
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
