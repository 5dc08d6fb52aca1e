import crypto from 'node:crypto';
import {
  addMonthsToInstant,
  type Authorisation,
  type Business,
  type BusinessesChange,
  type HmrcDataKind,
} from '@vatwise/domain';
import { agentScopes, type FraudHeaders, type HmrcClient, HmrcError, type OauthTokenResponse } from '@vatwise/hmrc';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../plugins/errors';
import type { ActivityLog } from '../practice';
import { assertPracticeMay, type SessionUser } from '../../plugins/access';
import { asHmrcCaller } from './call-log';
import { authorisationOf, toAppError } from './connection-views';
import type { ConnectionRow, ConnectionRepo } from './repo';
import type { TokenCipher } from '../../platform/crypto/token-cipher';

/**
 * Connecting VAT Wise users to HMRC (issue "HMRC connection and VAT operations"): the OAuth grant
 * with a state bound to the user and used once, tokens kept encrypted and refreshed before they
 * expire, the businesses (VRNs) each user works on, and every VAT call made with the right user's
 * authority. HMRC's refusals become AppErrors carrying the product reference's message (connection-views.ts);
 * test users are sandbox-users.ts's.
 */

/** Authority lasts 18 months from the grant (docs/reference/hmrc-vat-api.md §1.4). */
const grantMonths = 18;
/** A state is good for as long as HMRC's code would be, and a little longer for the sign-in. */
const stateLifetimeMs = 30 * 60_000;
/** Refresh a little before expiry, so a call never starts with a token about to die. */
const refreshMarginMs = 5 * 60_000;
/** A refresh this recent is reused rather than repeated (see refreshedMomentsAgo). */
const recentRefreshMs = 10_000;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const randomUrlSafe = (bytes: number) => crypto.randomBytes(bytes).toString('base64url');

export interface ConnectionServiceDeps {
  repo: ConnectionRepo;
  client: HmrcClient;
  cipher: TokenCipher;
  config: Config;
  log: FastifyBaseLogger;
  /** Each business's audit trail (practices); tests of the connection alone go without. */
  activity?: ActivityLog;
  /**
   * Runs `work` while no other instance refreshes this connection, with a repo on the lock's own
   * connection (setup.ts: a database lock). Without it, this process's own turn-taking is all.
   */
  refreshLock?: <T>(connectionId: string, work: (repo: ConnectionRepo) => Promise<T>) => Promise<T>;
  now?: () => Date;
}

export interface ConnectedBusiness {
  ownerId: string;
  vrn: string;
  name: string;
}

export interface TokenKeeperResult {
  ownerId: string;
  hmrcUserId: string;
  outcome: 'refreshed' | 'refused' | 'failed';
  accessExpiresAt: string | null;
}

export interface VatTarget {
  vrn: string;
  /** The product reference's userId: if sent, it must be the HMRC user whose authority reaches the VRN. */
  userId?: string | undefined;
}

export class HmrcConnectionService {
  private readonly refreshes = new Map<string, Promise<ConnectionRow>>();
  private readonly connectedListeners = new Set<(business: ConnectedBusiness, fraudHeaders: FraudHeaders) => void>();
  private readonly changedListeners = new Set<(workspaceId: string, change: BusinessesChange) => void>();
  private readonly now: () => Date;

  constructor(private readonly deps: ConnectionServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Tells `listener` each time a business is connected through a new grant (the deadline watcher
   * listens), with the fraud headers of the person's request that connected it.
   */
  onBusinessConnected(listener: (business: ConnectedBusiness, fraudHeaders: FraudHeaders) => void): () => void {
    this.connectedListeners.add(listener);
    return () => this.connectedListeners.delete(listener);
  }

  /**
   * Tells `listener` each time a workspace's businesses change, once the change is stored: one
   * connected by a grant, added or moved to another authority (a client's acceptance adds one
   * too, features/client-requests), or removed. The live channel passes it on to the workspace.
   */
  onBusinessesChanged(listener: (workspaceId: string, change: BusinessesChange) => void): () => void {
    this.changedListeners.add(listener);
    return () => this.changedListeners.delete(listener);
  }

  /** Tells the listeners a workspace's business changed (also used when a sandbox user goes, sandbox-users.ts). */
  announceBusinessesChanged(workspaceId: string, vrn: string): void {
    for (const listener of this.changedListeners) {
      try {
        listener(workspaceId, { vrn });
      } catch (error) {
        // The change is stored: a listener's failure must not fail the request that made it.
        this.deps.log.error({ err: error }, 'a businesses-changed listener failed');
      }
    }
  }

  private get sandbox(): boolean {
    return this.deps.config.hmrc.environment === 'sandbox';
  }

  // --- authorisation -------------------------------------------------------------------------

  /**
   * HMRC's authorisation URL for this user. The state is random, stored hashed with the user it
   * belongs to and the HMRC user being authorised, and accepted once; PKCE guards the code as well.
   */
  async authorisationUrl(owner: SessionUser, hmrcUserId: string | undefined, agentArn?: string): Promise<string> {
    const sandboxUser = hmrcUserId ? await this.deps.repo.sandboxUser(owner.workspaceId, hmrcUserId) : undefined;
    if (hmrcUserId && !sandboxUser) throw new AppError('SANDBOX_USER_NOT_FOUND');
    // A test user's ARN is the one HMRC gave it when it was made: a business user has none, and
    // no other may be named for it. A typed ARN (no test user) is checked with HMRC at the exchange.
    if (sandboxUser && agentArn && agentArn !== sandboxUser.agent_arn) throw new AppError('AGENT_ARN_NOT_HMRC');
    if (sandboxUser?.agent_arn || agentArn) assertPracticeMay(owner, 'connectAgentAccount');
    const state = randomUrlSafe(24);
    const verifier = randomUrlSafe(48);
    const now = this.now();
    await this.deps.repo.pruneStates(new Date(now.getTime() - 86_400_000).toISOString());
    await this.deps.repo.insertState({
      state_sha256: sha256(state),
      owner_id: owner.workspaceId,
      hmrc_user_id: hmrcUserId ?? null,
      code_verifier_enc: this.deps.cipher.encrypt(verifier),
      expires_at: new Date(now.getTime() + stateLifetimeMs).toISOString(),
      used_at: null,
      agent_arn: sandboxUser ? null : (agentArn ?? null),
    });
    const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
    // An agent services account also asks for authority to send and read clients' requests.
    const scope = sandboxUser?.agent_arn || agentArn ? agentScopes : undefined;
    return this.deps.client.authorizationUrl({ state, codeChallenge: challenge, ...(scope ? { scope } : {}) });
  }

  /**
   * A typed ARN is kept only if HMRC answers the agent's own requests under it with the token just
   * granted: HMRC refuses an ARN that is not the signed-in agent's (NO_PERMISSION_ON_AGENCY).
   */
  private async confirmAgentArn(
    owner: SessionUser,
    fraudHeaders: FraudHeaders,
    arn: string,
    tokens: OauthTokenResponse,
  ): Promise<void> {
    try {
      await asHmrcCaller({ ownerId: owner.workspaceId }, () =>
        this.deps.client.invitations(arn, { accessToken: tokens.access_token, fraudHeaders }),
      );
    } catch (error) {
      this.deps.log.warn({ err: error }, 'HMRC did not confirm the agent reference number');
      throw new AppError('AGENT_ARN_NOT_HMRC');
    }
  }

  /** Completes the grant: the state must be this user's, unused and current; then the code is exchanged. */
  async exchangeCode(
    owner: SessionUser,
    fraudHeaders: FraudHeaders,
    input: { code: string; state: string; userId?: string | undefined },
  ): Promise<{ userId: string | null; vrn: string | null; authorisation: Authorisation }> {
    const now = this.now().toISOString();
    const state = await this.deps.repo.takeState(owner.workspaceId, sha256(input.state), now);
    if (!state || (input.userId && state.hmrc_user_id && input.userId !== state.hmrc_user_id)) {
      throw new AppError('OAUTH_STATE_INVALID');
    }
    let tokens: OauthTokenResponse;
    try {
      tokens = await asHmrcCaller({ ownerId: owner.workspaceId }, () =>
        this.deps.client.exchangeCode(input.code, this.deps.cipher.decrypt(state.code_verifier_enc)),
      );
    } catch (error) {
      this.deps.log.warn({ err: error }, 'HMRC refused the authorisation code');
      throw new AppError('AUTHORIZATION_FAILED');
    }
    // A real HMRC user has no test user id: the connection gets an id of our own.
    const hmrcUserId = state.hmrc_user_id ?? `hmrc-${crypto.randomUUID()}`;
    const sandboxUser = state.hmrc_user_id
      ? await this.deps.repo.sandboxUser(owner.workspaceId, state.hmrc_user_id)
      : undefined;
    if (!sandboxUser && state.agent_arn) await this.confirmAgentArn(owner, fraudHeaders, state.agent_arn, tokens);
    const connection: ConnectionRow = {
      id: crypto.randomUUID(),
      owner_id: owner.workspaceId,
      hmrc_user_id: hmrcUserId,
      scope: tokens.scope ?? 'read:vat write:vat',
      access_token_enc: this.deps.cipher.encrypt(tokens.access_token),
      refresh_token_enc: this.deps.cipher.encrypt(tokens.refresh_token ?? ''),
      access_expires_at: new Date(Date.parse(now) + tokens.expires_in * 1000).toISOString(),
      granted_at: now,
      grant_expires_at: addMonthsToInstant(now, grantMonths),
      refresh_failed_at: null,
      updated_at: now,
      agent_arn: sandboxUser ? (sandboxUser.agent_arn ?? null) : state.agent_arn,
    };
    await this.deps.repo.saveConnection(connection);

    // A sandbox user's VRN becomes one of the user's businesses, and the current one.
    if (sandboxUser?.vrn) {
      await this.deps.repo.saveBusiness({
        id: crypto.randomUUID(),
        owner_id: owner.workspaceId,
        vrn: sandboxUser.vrn,
        name: sandboxUser.organisation_name ?? sandboxUser.full_name,
        hmrc_user_id: hmrcUserId,
        last_used_at: now,
        created_at: now,
      });
      const business = {
        ownerId: owner.workspaceId,
        vrn: sandboxUser.vrn,
        name: sandboxUser.organisation_name ?? sandboxUser.full_name,
      };
      await this.deps.repo.chooseBusiness(owner.id, owner.workspaceId, sandboxUser.vrn, now);
      await this.deps.activity?.record(owner, sandboxUser.vrn, 'connected', `HMRC authority of ${hmrcUserId}`);
      this.announceBusinessesChanged(owner.workspaceId, sandboxUser.vrn);
      for (const listener of this.connectedListeners) listener(business, fraudHeaders);
    }
    return { userId: hmrcUserId, vrn: sandboxUser?.vrn ?? null, authorisation: authorisationOf(connection) };
  }

  async checkAuth(
    owner: SessionUser,
    hmrcUserId: string,
  ): Promise<{ userExists: boolean; authorisation: Authorisation | null }> {
    const [sandboxUser, connection] = await Promise.all([
      this.deps.repo.sandboxUser(owner.workspaceId, hmrcUserId),
      this.deps.repo.connection(owner.workspaceId, hmrcUserId),
    ]);
    return {
      userExists: sandboxUser !== undefined || connection !== undefined,
      authorisation: connection ? authorisationOf(connection) : null,
    };
  }

  /**
   * Refreshes now (the product reference's /refresh_token); a failed refresh is 'Failed to refresh token'. A user
   * with no authority of ours is not a failure to refresh but a 404: nothing to refresh.
   */
  async refresh(owner: SessionUser, hmrcUserId: string): Promise<Authorisation> {
    const connection = await this.deps.repo.connection(owner.workspaceId, hmrcUserId);
    if (!connection) throw new AppError('CONNECTION_NOT_FOUND');
    try {
      return authorisationOf(await this.refreshConnection(connection));
    } catch (error) {
      if (error instanceof AppError) throw new AppError('REFRESH_FAILED');
      throw error;
    }
  }

  /**
   * One refresh per connection at a time, across every instance (HMRC refuses a second, 1.4): the
   * others wait and use the new pair. The new pair is stored before it is used; a refusal marks
   * the connection so the user is asked to grant again.
   */
  private refreshConnection(connection: ConnectionRow): Promise<ConnectionRow> {
    const running = this.refreshes.get(connection.id);
    if (running) return running;
    const lock = this.deps.refreshLock ?? ((_id, work) => work(this.deps.repo));
    const task = lock(connection.id, async (repo) => {
      // Another instance may have refreshed while this one waited: its tokens are the ones to use,
      // since HMRC has already retired the refresh token read before.
      const current = await repo.connectionById(connection.id);
      if (!current) throw new AppError('CONNECTION_NOT_FOUND');
      if (current.refresh_token_enc !== connection.refresh_token_enc || this.refreshedMomentsAgo(current)) {
        if (current.refresh_failed_at) throw new AppError('HMRC_REAUTHORISE');
        return current;
      }
      return this.refreshNow(current, repo);
    }).finally(() => this.refreshes.delete(connection.id));
    this.refreshes.set(connection.id, task);
    return task;
  }

  /**
   * Refreshed (not granted) within the last few seconds: a burst of requests (a dashboard, two
   * tabs, two instances) that read the connection just after that refresh uses its tokens, rather
   * than spend the new refresh token at once for the same access.
   */
  private refreshedMomentsAgo(connection: ConnectionRow): boolean {
    return (
      connection.updated_at !== connection.granted_at &&
      this.now().getTime() - Date.parse(connection.updated_at) < recentRefreshMs
    );
  }

  private async refreshNow(connection: ConnectionRow, repo: ConnectionRepo): Promise<ConnectionRow> {
    let tokens: OauthTokenResponse;
    try {
      tokens = await asHmrcCaller({ ownerId: connection.owner_id }, () =>
        this.deps.client.refreshToken(this.deps.cipher.decrypt(connection.refresh_token_enc)),
      );
    } catch (error) {
      const refused = error instanceof HmrcError && error.status >= 400 && error.status < 500;
      this.deps.log.warn({ err: error, connection: connection.id, refused }, 'HMRC token refresh failed');
      if (refused) {
        await repo.markRefreshFailed(connection.id, this.now().toISOString());
        throw new AppError('HMRC_REAUTHORISE');
      }
      throw new AppError('REFRESH_FAILED');
    }
    const now = this.now();
    const updated = {
      access_token_enc: this.deps.cipher.encrypt(tokens.access_token),
      refresh_token_enc: this.deps.cipher.encrypt(tokens.refresh_token ?? ''),
      access_expires_at: new Date(now.getTime() + tokens.expires_in * 1000).toISOString(),
      updated_at: now.toISOString(),
    };
    await repo.saveRefreshedTokens(connection.id, updated);
    return { ...connection, ...updated, refresh_failed_at: null };
  }

  /**
   * For the token keeper: refreshes every connection whose access token ends within `withinMs`,
   * so no user meets an expired token. A refusal marks the connection (the user must grant again).
   */
  async refreshExpiring(withinMs: number): Promise<TokenKeeperResult[]> {
    const before = new Date(this.now().getTime() + withinMs).toISOString();
    const results: TokenKeeperResult[] = [];
    for (const connection of await this.deps.repo.expiringConnections(before)) {
      const base = { ownerId: connection.owner_id, hmrcUserId: connection.hmrc_user_id };
      try {
        const refreshed = await this.refreshConnection(connection);
        results.push({ ...base, outcome: 'refreshed', accessExpiresAt: refreshed.access_expires_at });
      } catch (error) {
        const refused = error instanceof AppError && error.code === 'HMRC_REAUTHORISE';
        results.push({ ...base, outcome: refused ? 'refused' : 'failed', accessExpiresAt: null });
      }
    }
    return results;
  }

  /** Every user's businesses reached through an HMRC connection (for the deadline watcher). */
  async connectedBusinesses(): Promise<ConnectedBusiness[]> {
    return (await this.deps.repo.allBusinesses()).map((row) => ({
      ownerId: row.owner_id,
      vrn: row.vrn,
      name: row.name,
    }));
  }

  // --- businesses ----------------------------------------------------------------------------

  async listBusinesses(owner: SessionUser): Promise<{ businesses: Business[]; current: string | null }> {
    const rows = await this.deps.repo.businessesWithAuthority(owner.workspaceId, owner.id);
    const chosen = rows[0]?.chosen_vrn;
    const businesses = rows.map(
      ({ granted_at, grant_expires_at, access_expires_at, refresh_failed_at, agent_arn, ...row }) => ({
        vrn: row.vrn,
        name: row.name,
        userId: row.hmrc_user_id,
        // No connection joined: the authority that reached this business has been removed.
        authorisation:
          granted_at && grant_expires_at && access_expires_at
            ? authorisationOf({ granted_at, grant_expires_at, access_expires_at, refresh_failed_at })
            : null,
        lastUsedAt: row.last_used_at,
        agentArn: agent_arn ?? null,
        authorityEndedAt: agent_arn ? (row.authority_ended_at ?? null) : null,
      }),
    );
    // The person's own choice; else (none yet, or it was removed) the workspace's latest used.
    const latest = [...rows].sort((a, b) => (b.last_used_at ?? '').localeCompare(a.last_used_at ?? ''))[0];
    const current = rows.some((row) => row.vrn === chosen) ? chosen : latest?.vrn;
    return { businesses, current: current ?? null };
  }

  /**
   * A VRN reached through an HMRC user's authority (an agent's client, or a real business). HMRC is
   * asked first whether that authority reaches the VRN (its customer information), and a VRN
   * already reached through another authority is moved only when the user says `replace`: a
   * working connection never changes silently.
   */
  async addBusiness(
    owner: SessionUser,
    fraudHeaders: FraudHeaders,
    input: { vrn: string; name?: string | undefined; userId: string; replace?: boolean | undefined },
  ) {
    const connection = await this.deps.repo.connection(owner.workspaceId, input.userId);
    if (!connection) throw new AppError('HMRC_NOT_CONNECTED');
    const existing = await this.deps.repo.business(owner.workspaceId, input.vrn);
    if (existing?.hmrc_user_id && existing.hmrc_user_id !== input.userId && !input.replace) {
      throw new AppError('BUSINESS_ALREADY_CONNECTED');
    }
    try {
      await asHmrcCaller({ ownerId: owner.workspaceId, vrn: input.vrn }, () =>
        this.callWithConnection(connection, 'customerInformation', (accessToken) =>
          this.deps.client.customerInformation(input.vrn, { accessToken, fraudHeaders }),
        ),
      );
    } catch (error) {
      if (error instanceof AppError && error.hmrc?.codes.includes('CLIENT_OR_AGENT_NOT_AUTHORISED')) {
        throw new AppError('VRN_NOT_REACHED');
      }
      throw error;
    }
    const now = this.now().toISOString();
    await this.deps.repo.saveBusiness({
      id: crypto.randomUUID(),
      owner_id: owner.workspaceId,
      vrn: input.vrn,
      name: input.name || `VRN ${input.vrn}`,
      hmrc_user_id: input.userId,
      last_used_at: now,
      created_at: now,
    });
    await this.deps.repo.chooseBusiness(owner.id, owner.workspaceId, input.vrn, now);
    await this.deps.activity?.record(owner, input.vrn, 'connected', existing ? 'Authority replaced' : '');
    this.announceBusinessesChanged(owner.workspaceId, input.vrn);
    return this.listBusinesses(owner);
  }

  async selectBusiness(owner: SessionUser, vrn: string) {
    const now = this.now().toISOString();
    if (!(await this.deps.repo.touchBusiness(owner.workspaceId, vrn, now))) throw new AppError('BUSINESS_NOT_YOURS');
    await this.deps.repo.chooseBusiness(owner.id, owner.workspaceId, vrn, now);
    return this.listBusinesses(owner);
  }

  async removeBusiness(owner: SessionUser, vrn: string) {
    if (!(await this.deps.repo.deleteBusiness(owner.workspaceId, vrn))) throw new AppError('BUSINESS_NOT_YOURS');
    await this.deps.activity?.record(owner, vrn, 'removed');
    this.announceBusinessesChanged(owner.workspaceId, vrn);
    return this.listBusinesses(owner);
  }

  /** Refuses a VRN that is not one of the user's businesses (403, never data). */
  async assertBusiness(ownerId: string, vrn: string): Promise<void> {
    if (!(await this.deps.repo.business(ownerId, vrn))) throw new AppError('BUSINESS_NOT_YOURS');
  }

  // --- a tax agent's authority ---------------------------------------------------------------

  /** The user's HMRC authorities that are agent services accounts, with their ARN. */
  async agentAuthorities(ownerId: string): Promise<{ userId: string; arn: string; name: string }[]> {
    const [connections, sandboxUsers] = await Promise.all([
      this.deps.repo.connections(ownerId),
      this.deps.repo.sandboxUsers(ownerId),
    ]);
    return connections.flatMap((connection) => {
      if (!connection.agent_arn) return [];
      const user = sandboxUsers.find((candidate) => candidate.hmrc_user_id === connection.hmrc_user_id);
      const name = user?.organisation_name ?? user?.full_name ?? connection.agent_arn;
      return [{ userId: connection.hmrc_user_id, arn: connection.agent_arn, name }];
    });
  }

  /** The agent's ARN when the user reaches this business through a tax agent's authority, else null. */
  async agentArnFor(ownerId: string, vrn: string): Promise<string | null> {
    const business = await this.deps.repo.business(ownerId, vrn);
    if (!business?.hmrc_user_id) return null;
    return (await this.deps.repo.connection(ownerId, business.hmrc_user_id))?.agent_arn ?? null;
  }

  /**
   * Runs an Agent Authorisation call with the agent's own token (refreshed when due, like any VAT
   * call). Refused with NOT_AN_AGENT_AUTHORITY when the authority is not an agent services account.
   */
  agentCall<T>(
    ownerId: string,
    agentUserId: string,
    call: (accessToken: string, arn: string) => Promise<T>,
  ): Promise<T> {
    return asHmrcCaller({ ownerId }, async () => {
      const connection = await this.deps.repo.connection(ownerId, agentUserId);
      if (!connection) throw new AppError('HMRC_NOT_CONNECTED');
      const arn = connection.agent_arn;
      if (!arn) throw new AppError('NOT_AN_AGENT_AUTHORITY');
      return this.callWithConnection(connection, 'clientRequests', (accessToken) => call(accessToken, arn));
    });
  }

  // --- VAT calls -----------------------------------------------------------------------------

  /**
   * Runs an HMRC call for one of the user's businesses with its HMRC user's access token. The VRN
   * must be the user's own (403 otherwise, never data); an expired token is refreshed once and the
   * call tried once more; HMRC's refusal becomes the product reference's message for this kind of data.
   */
  vatCall<T>(
    ownerId: string,
    target: VatTarget,
    kind: HmrcDataKind,
    call: (accessToken: string) => Promise<T>,
  ): Promise<T> {
    return asHmrcCaller({ ownerId, vrn: target.vrn }, () => this.vatCallAsCaller(ownerId, target, kind, call));
  }

  private async vatCallAsCaller<T>(
    ownerId: string,
    target: VatTarget,
    kind: HmrcDataKind,
    call: (accessToken: string) => Promise<T>,
  ): Promise<T> {
    const business = await this.deps.repo.business(ownerId, target.vrn);
    if (!business || (target.userId !== undefined && target.userId !== business.hmrc_user_id)) {
      throw new AppError('BUSINESS_NOT_YOURS');
    }
    if (!business.hmrc_user_id) throw new AppError('HMRC_NOT_CONNECTED');
    const connection = await this.deps.repo.connection(ownerId, business.hmrc_user_id);
    if (!connection) throw new AppError('HMRC_NOT_CONNECTED');
    try {
      return await this.callWithConnection(connection, kind, call);
    } catch (error) {
      // HMRC refusing an agent's call for its client means the client's authority has ended.
      if (
        connection.agent_arn &&
        error instanceof AppError &&
        error.hmrc?.codes.includes('CLIENT_OR_AGENT_NOT_AUTHORISED')
      ) {
        await this.endClientAuthority(
          ownerId,
          target.vrn,
          `HMRC refused a VAT call (${kind}): the client and/or agent is not authorised.`,
        );
      }
      throw error;
    }
  }

  // --- a client's authority ------------------------------------------------------------------

  /**
   * Marks an agent's client's authority ended, once: the audit line and the members' screens hear
   * of it the first time only.
   */
  async endClientAuthority(ownerId: string, vrn: string, detail: string): Promise<void> {
    if (!(await this.deps.repo.markAuthorityEnded(ownerId, vrn, this.now().toISOString()))) return;
    await this.deps.activity?.recordForWorkspace(ownerId, vrn, 'authority_ended', 'HMRC', detail);
    this.announceBusinessesChanged(ownerId, vrn);
  }

  /** HMRC confirmed the agent's authority for the client: a mark of ended is lifted. */
  async confirmClientAuthority(ownerId: string, vrn: string): Promise<void> {
    const business = await this.deps.repo.business(ownerId, vrn);
    await this.deps.repo.markAuthorityConfirmed(ownerId, vrn, this.now().toISOString());
    if (business?.authority_ended_at) this.announceBusinessesChanged(ownerId, vrn);
  }

  /** `call` with the connection's access token, refreshed when due, and once more after HMRC's 401. */
  private async callWithConnection<T>(
    from: ConnectionRow,
    kind: HmrcDataKind,
    call: (accessToken: string) => Promise<T>,
  ): Promise<T> {
    let connection = from;
    if (connection.refresh_failed_at) throw new AppError('HMRC_REAUTHORISE');
    if (Date.parse(connection.access_expires_at) - this.now().getTime() < refreshMarginMs) {
      connection = await this.refreshConnection(connection);
    }
    try {
      return await call(this.deps.cipher.decrypt(connection.access_token_enc));
    } catch (error) {
      if (!(error instanceof HmrcError) || error.status !== 401) throw toAppError(kind, error);
    }
    // HMRC no longer takes the token (revoked, or expired early): refresh once, try once more.
    connection = await this.refreshConnection(connection);
    try {
      return await call(this.deps.cipher.decrypt(connection.access_token_enc));
    } catch (error) {
      if (error instanceof HmrcError && error.status === 401) throw new AppError('HMRC_REAUTHORISE');
      throw toAppError(kind, error);
    }
  }
}
