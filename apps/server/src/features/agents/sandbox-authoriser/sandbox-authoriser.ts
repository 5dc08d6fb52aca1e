import type { BrowserChoice, ErrorCode } from '@vatwise/domain';
import type { Config } from '../../../config';
import type { SessionUser } from '../../../plugins/access';
import { AppError } from '../../../plugins/errors';
import type { HmrcConnectionService, SandboxUserService } from '../../hmrc-connection';
import type { AgentService } from '../agent-service';
import { browserChoices } from './browsers';
import {
  type AuthoriseInBrowserInput,
  AuthoriserError,
  type AuthoriserErrorCode,
  authoriseInBrowser,
} from './drive-browser';

const appErrorFor: Record<AuthoriserErrorCode, ErrorCode> = {
  BROWSER_LAUNCH_FAILED: 'BROWSER_LAUNCH_FAILED',
  BROWSER_CLOSED: 'BROWSER_CLOSED',
  ABORTED: 'AUTHORIZATION_ABORTED',
  AUTHORIZATION_FAILED: 'AUTHORIZATION_FAILED',
};

export interface SandboxAuthoriserDeps {
  config: Config;
  connections: HmrcConnectionService;
  sandboxUsers: SandboxUserService;
  agents: AgentService;
  /** The browser driver; tests may swap it for one that fails in a chosen way. */
  drive?: (input: AuthoriseInBrowserInput) => ReturnType<typeof authoriseInBrowser>;
}

/**
 * Sandbox authoriser: for one of the user's HMRC sandbox test users, drives a headless browser
 * over HMRC's sign-in and grant pages with the test user's id and password, captures the code and
 * completes the exchange, telling the user each step in the agent dialogue. Sandbox only.
 */
export class SandboxAuthoriser {
  /** One run per user at a time; the controller stops it. */
  private readonly runs = new Map<string, AbortController>();

  constructor(private readonly deps: SandboxAuthoriserDeps) {}

  private get sandbox(): boolean {
    return this.deps.config.hmrc.environment === 'sandbox';
  }

  /** What the form offers: whether the authoriser exists here at all, and the browsers. */
  browsers(): { available: boolean; browsers: BrowserChoice[] } {
    return { available: this.sandbox, browsers: browserChoices(this.deps.config.agents.chromiumPath) };
  }

  isRunningFor(ownerId: string): boolean {
    return this.runs.has(ownerId);
  }

  /** Stops the user's run; false when there was none. */
  abort(ownerId: string): boolean {
    const run = this.runs.get(ownerId);
    run?.abort();
    return run !== undefined;
  }

  async authorise(owner: SessionUser, input: { userId: string; browser: string }) {
    if (!this.sandbox) throw new AppError('SANDBOX_ONLY');
    const browser = this.browsers().browsers.find((choice) => choice.id === input.browser);
    if (!browser)
      throw new AppError('VALIDATION_FAILED', 'Please select a browser.', [
        { path: 'browser', message: 'Please select a browser.' },
      ]);
    if (!browser.available) {
      throw new AppError('BROWSER_UNAVAILABLE', `${browser.name} cannot be used: ${browser.reason ?? 'not available'}`);
    }
    // Checked before the run starts so a wrong id is a plain 404, not a failed run.
    const { userId, password } = await this.deps.sandboxUsers.sandboxCredentials(owner.id, input.userId);
    if (this.runs.has(owner.id)) throw new AppError('AGENT_BUSY');
    const controller = new AbortController();
    this.runs.set(owner.id, controller);
    try {
      return await this.deps.agents.runFor('sandbox-authoriser', owner, async ({ say }) => {
        await say(owner.id, 'info', `Authorising sandbox user ${userId} in ${browser.name}.`);
        try {
          const authorizationUrl = await this.deps.connections.authorisationUrl(owner, userId);
          const drive = this.deps.drive ?? authoriseInBrowser;
          const { code, state } = await drive({
            authorizationUrl,
            redirectUri: this.deps.config.hmrc.redirectUri,
            userId,
            password,
            chromiumPath: this.deps.config.agents.chromiumPath,
            report: (step) => void say(owner.id, 'info', step),
            signal: controller.signal,
          });
          await say(owner.id, 'info', 'Exchanging the code for tokens');
          const result = await this.deps.connections.exchangeCode(owner, { code, state, userId });
          await say(
            owner.id,
            'success',
            `Authorised ${userId}${result.vrn ? ` (VRN ${result.vrn})` : ''}: access until ${result.authorisation.expiresAt}.`,
          );
          return result;
        } catch (error) {
          if (error instanceof AuthoriserError) {
            await say(owner.id, 'error', `${error.message} ${error.detail}`);
            throw new AppError(appErrorFor[error.code]);
          }
          const message = error instanceof AppError ? error.message : 'Authorization failed.';
          await say(owner.id, 'error', message);
          throw error instanceof AppError ? error : new AppError('AUTHORIZATION_FAILED');
        }
      });
    } finally {
      this.runs.delete(owner.id);
    }
  }
}
