import type { BrowserChoice, ErrorCode } from '@vatwise/domain';
import type { FraudHeaders } from '@vatwise/hmrc';
import type { Config } from '../../../config';
import type { SessionUser } from '../../../plugins/access';
import { AppError } from '../../../plugins/errors';
import type { HmrcConnectionService, SandboxUserService } from '../../hmrc-connection';
import type { AgentService } from '../agent-service';
import { browserChoices, chromiumMissingReason, isExecutableFile } from './browsers';
import {
  type AnswerClientRequestInput,
  answerClientRequestInBrowser,
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
  /** The driver that answers an agent's request as the client; swapped by tests like `drive`. */
  answerRequest?: (input: AnswerClientRequestInput) => Promise<void>;
}

/**
 * Sandbox authoriser: for one of the user's HMRC sandbox test users, drives a headless browser
 * over HMRC's sign-in and grant pages with the test user's id and password, captures the code and
 * completes the exchange, telling the user each step in the agent dialogue. It also answers an
 * agent's request as one of the user's test users, the client (answerClientRequest). Sandbox only.
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

  /** `fraudHeaders` are the person's who asked: the code exchange and what it sets off are theirs. */
  async authorise(owner: SessionUser, fraudHeaders: FraudHeaders, input: { userId: string; browser: string }) {
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
    const { userId, password } = await this.deps.sandboxUsers.sandboxCredentials(owner.workspaceId, input.userId);
    return this.runAlone(
      owner,
      `Authorising sandbox user ${userId} in ${browser.name}.`,
      async ({ tell, report, signal }) => {
        const authorizationUrl = await this.deps.connections.authorisationUrl(owner, userId);
        const drive = this.deps.drive ?? authoriseInBrowser;
        const { code, state } = await drive({
          authorizationUrl,
          redirectUri: this.deps.config.hmrc.redirectUri,
          userId,
          password,
          chromiumPath: this.deps.config.agents.chromiumPath,
          report,
          signal,
        });
        await tell('info', 'Exchanging the code for tokens');
        const result = await this.deps.connections.exchangeCode(owner, fraudHeaders, { code, state, userId });
        await tell(
          'success',
          `Authorised ${userId}${result.vrn ? ` (VRN ${result.vrn})` : ''}: access until ${result.authorisation.expiresAt}.`,
        );
        return result;
      },
    );
  }

  /**
   * Answers an agent's request as the client: follows the agent's link (HMRC's clientActionUrl),
   * signs in as the owner's sandbox user `clientUserId` and accepts or declines `invitationId`.
   * Chromium only: there is no choice of browser here.
   */
  async answerClientRequest(
    owner: SessionUser,
    input: { clientUserId: string; linkUrl: string; invitationId: string; accept: boolean },
  ): Promise<void> {
    if (!this.sandbox) throw new AppError('SANDBOX_ONLY');
    const { chromiumPath } = this.deps.config.agents;
    if (!isExecutableFile(chromiumPath)) {
      throw new AppError('BROWSER_UNAVAILABLE', `Chromium cannot be used: ${chromiumMissingReason(chromiumPath)}`);
    }
    this.checkClientLink(input.linkUrl);
    // Checked before the run starts so a wrong id is a plain 404, not a failed run.
    const { userId, password } = await this.deps.sandboxUsers.sandboxCredentials(owner.workspaceId, input.clientUserId);
    const { invitationId, accept } = input;
    await this.runAlone(
      owner,
      `${accept ? 'Accepting' : 'Declining'} the agent's request ${invitationId} as sandbox user ${userId} in Chromium.`,
      async ({ tell, report, signal }) => {
        const answer = this.deps.answerRequest ?? answerClientRequestInBrowser;
        await answer({ linkUrl: input.linkUrl, userId, password, invitationId, accept, chromiumPath, report, signal });
        await tell(
          'success',
          accept
            ? `${userId} has authorised the agent (request ${invitationId}).`
            : `${userId} has declined the agent's request ${invitationId}.`,
        );
      },
    );
  }

  /**
   * The browser types the client's password into whatever the link shows, so the link must lead to
   * HMRC's pages as configured: the address browsers use, or the one the server calls HMRC at (the
   * simulator names its links after the address it was called at).
   */
  private checkClientLink(linkUrl: string): void {
    const { authUrl, baseUrl } = this.deps.config.hmrc;
    const hmrcOrigins = new Set([new URL(authUrl).origin, new URL(baseUrl).origin]);
    let origin: string | undefined;
    try {
      origin = new URL(linkUrl).origin;
    } catch {
      origin = undefined;
    }
    if (origin === undefined || !hmrcOrigins.has(origin)) {
      const message = `The client's link must be on HMRC's pages (${[...hmrcOrigins].join(' or ')}).`;
      throw new AppError('VALIDATION_FAILED', message, [{ path: 'linkUrl', message }]);
    }
  }

  /**
   * One run of the authoriser for `owner` (AGENT_BUSY while another is going): says `intro`, runs
   * `work` with the run's abort signal, and turns its failure into the AppError the user sees,
   * told in their agent dialogue first.
   */
  private async runAlone<T>(
    owner: SessionUser,
    intro: string,
    work: (run: {
      tell: (level: 'info' | 'success', message: string) => Promise<void>;
      report: (step: string) => void;
      signal: AbortSignal;
    }) => Promise<T>,
  ): Promise<T> {
    if (this.runs.has(owner.id)) throw new AppError('AGENT_BUSY');
    const controller = new AbortController();
    this.runs.set(owner.id, controller);
    try {
      return await this.deps.agents.runFor('sandbox-authoriser', owner, async ({ say }) => {
        await say(owner.id, 'info', intro);
        try {
          return await work({
            tell: (level, message) => say(owner.id, level, message),
            report: (step) => void say(owner.id, 'info', step),
            signal: controller.signal,
          });
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
