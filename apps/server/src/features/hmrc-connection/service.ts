import crypto from 'node:crypto';
import {
  addMonthsToInstant,
  type Authorisation,
  type Business,
  type HmrcDataKind,
  hmrcErrorMessage,
  returnViewMessages,
  type SandboxUser,
  type SandboxUserType,
} from '@vatwise/domain';
import { type HmrcClient, HmrcError, type OauthTokenResponse, type TestUserKind } from '@vatwise/hmrc';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { asHmrcCaller } from './call-log';
import { AppError } from '../../plugins/errors';
import type { SessionUser } from '../../plugins/access';
import type { ConnectionRow, ConnectionRepo, SandboxUserRow } from './repo';
import type { TokenCipher } from './token-cipher';

/**
 * Connecting VAT Wise users to HMRC (issue "HMRC connection and VAT operations"): sandbox test
 * users, the OAuth grant with a state bound to the user and used once, tokens kept encrypted and
 * refreshed before they expire, the businesses (VRNs) each user works on, and every VAT call made
 * with the right user's authority. HMRC's refusals become AppErrors carrying the spec's message.
 */

/** Authority lasts 18 months from the grant (hmrc-mtd-vat.md 1.4). */
const grantMonths = 18;
/** A state is good for as long as HMRC's code would be, and a little longer for the sign-in. */
const stateLifetimeMs = 30 * 60_000;
/** Refresh a little before expiry, so a call never starts with a token about to die. */
const refreshMarginMs = 5 * 60_000;

const testUserRequests: Record<SandboxUserType, { kind: TestUserKind; services: string[] }> = {
  // mtd-vat gives the HMRC-MTD-VAT enrolment the VAT API checks (hmrc-mtd-vat.md 2.2).
  Individual: { kind: 'individuals', services: ['mtd-vat'] },
  Organisation: { kind: 'organisations', services: ['mtd-vat'] },
  Agent: { kind: 'agents', services: ['agent-services'] },
};

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const randomUrlSafe = (bytes: number) => crypto.randomBytes(bytes).toString('base64url');

export interface ConnectionServiceDeps {
  repo: ConnectionRepo;
  client: HmrcClient;
  cipher: TokenCipher;
  config: Config;
  log: FastifyBaseLogger;
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
  /** The spec's userId: if sent, it must be the HMRC user whose authority reaches the VRN. */
  userId?: string | undefined;
}

export class HmrcConnectionService {
  private readonly refreshes = new Map<string, Promise<ConnectionRow>>();
  private readonly connectedListeners = new Set<(business: ConnectedBusiness) => void>();
  private readonly now: () => Date;

  constructor(private readonly deps: ConnectionServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Tells `listener` each time a business is connected through a new grant (the deadline watcher listens). */
  onBusinessConnected(listener: (business: ConnectedBusiness) => void): () => void {
    this.connectedListeners.add(listener);
    return () => this.connectedListeners.delete(listener);
  }

  private get sandbox(): boolean {
    return this.deps.config.hmrc.environment === 'sandbox';
  }

  // --- sandbox users -------------------------------------------------------------------------

  async createSandboxUser(owner: SessionUser, userType: SandboxUserType): Promise<SandboxUser> {
    if (!this.sandbox) throw new AppError('SANDBOX_ONLY');
    const request = testUserRequests[userType];
    let created;
    try {
      created = await asHmrcCaller({ ownerId: owner.id }, () =>
        this.deps.client.createTestUser(request.kind, request.services),
      );
    } catch (error) {
      this.deps.log.warn({ err: error }, 'HMRC refused to create a test user');
      throw new AppError('CREATE_USER_FAILED');
    }
    // The three kinds of test user share the sign-in fields; the rest depends on the kind (2.3).
    const fields = created as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    const row: SandboxUserRow = {
      hmrc_user_id: created.userId,
      owner_id: owner.id,
      user_type: userType,
      password_enc: this.deps.cipher.encrypt(created.password),
      full_name: created.userFullName,
      email_address: created.emailAddress,
      vrn: text(fields.vrn),
      organisation_name: text((fields.organisationDetails as { name?: unknown } | undefined)?.name),
      agent_arn: text(fields.agentServicesAccountNumber),
      created_at: this.now().toISOString(),
    };
    await this.deps.repo.insertSandboxUser(row);
    return this.toSandboxUser(row, undefined);
  }

  async listSandboxUsers(owner: SessionUser): Promise<SandboxUser[]> {
    const [users, connections] = await Promise.all([
      this.deps.repo.sandboxUsers(owner.id),
      this.deps.repo.connections(owner.id),
    ]);
    return users.map((user) =>
      this.toSandboxUser(
        user,
        connections.find((connection) => connection.hmrc_user_id === user.hmrc_user_id),
      ),
    );
  }

  async deleteSandboxUser(owner: SessionUser, hmrcUserId: string): Promise<void> {
    if (!(await this.deps.repo.deleteSandboxUser(owner.id, hmrcUserId))) throw new AppError('SANDBOX_USER_NOT_FOUND');
  }

  private toSandboxUser(row: SandboxUserRow, connection: ConnectionRow | undefined): SandboxUser {
    return {
      userId: row.hmrc_user_id,
      password: this.deps.cipher.decrypt(row.password_enc),
      userType: row.user_type as SandboxUserType,
      userFullName: row.full_name,
      emailAddress: row.email_address,
      vrn: row.vrn,
      organisationName: row.organisation_name,
      agentServicesAccountNumber: row.agent_arn,
      createdAt: row.created_at,
      authorisation: connection ? authorisationOf(connection) : null,
    };
  }

  // --- authorisation -------------------------------------------------------------------------

  /**
   * HMRC's authorisation URL for this user. The state is random, stored hashed with the user it
   * belongs to and the HMRC user being authorised, and accepted once; PKCE guards the code as well.
   */
  async authorisationUrl(owner: SessionUser, hmrcUserId: string | undefined): Promise<string> {
    if (hmrcUserId && !(await this.deps.repo.sandboxUser(owner.id, hmrcUserId))) {
      throw new AppError('SANDBOX_USER_NOT_FOUND');
    }
    const state = randomUrlSafe(24);
    const verifier = randomUrlSafe(48);
    const now = this.now();
    await this.deps.repo.pruneStates(new Date(now.getTime() - 86_400_000).toISOString());
    await this.deps.repo.insertState({
      state_sha256: sha256(state),
      owner_id: owner.id,
      hmrc_user_id: hmrcUserId ?? null,
      code_verifier_enc: this.deps.cipher.encrypt(verifier),
      expires_at: new Date(now.getTime() + stateLifetimeMs).toISOString(),
      used_at: null,
    });
    const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
    return this.deps.client.authorizationUrl({ state, codeChallenge: challenge });
  }

  /** Completes the grant: the state must be this user's, unused and current; then the code is exchanged. */
  async exchangeCode(
    owner: SessionUser,
    input: { code: string; state: string; userId?: string | undefined },
  ): Promise<{ userId: string | null; vrn: string | null; authorisation: Authorisation }> {
    const now = this.now().toISOString();
    const state = await this.deps.repo.takeState(owner.id, sha256(input.state), now);
    if (!state || (input.userId && state.hmrc_user_id && input.userId !== state.hmrc_user_id)) {
      throw new AppError('OAUTH_STATE_INVALID');
    }
    let tokens: OauthTokenResponse;
    try {
      tokens = await asHmrcCaller({ ownerId: owner.id }, () =>
        this.deps.client.exchangeCode(input.code, this.deps.cipher.decrypt(state.code_verifier_enc)),
      );
    } catch (error) {
      this.deps.log.warn({ err: error }, 'HMRC refused the authorisation code');
      throw new AppError('AUTHORIZATION_FAILED');
    }
    // A real HMRC user has no test user id: the connection gets an id of our own.
    const hmrcUserId = state.hmrc_user_id ?? `hmrc-${crypto.randomUUID()}`;
    const connection: ConnectionRow = {
      id: crypto.randomUUID(),
      owner_id: owner.id,
      hmrc_user_id: hmrcUserId,
      scope: tokens.scope ?? 'read:vat write:vat',
      access_token_enc: this.deps.cipher.encrypt(tokens.access_token),
      refresh_token_enc: this.deps.cipher.encrypt(tokens.refresh_token ?? ''),
      access_expires_at: new Date(Date.parse(now) + tokens.expires_in * 1000).toISOString(),
      granted_at: now,
      grant_expires_at: addMonthsToInstant(now, grantMonths),
      refresh_failed_at: null,
      updated_at: now,
    };
    await this.deps.repo.saveConnection(connection);

    // A sandbox user's VRN becomes one of the user's businesses, and the current one.
    const sandboxUser = state.hmrc_user_id ? await this.deps.repo.sandboxUser(owner.id, state.hmrc_user_id) : undefined;
    if (sandboxUser?.vrn) {
      await this.deps.repo.saveBusiness({
        id: crypto.randomUUID(),
        owner_id: owner.id,
        vrn: sandboxUser.vrn,
        name: sandboxUser.organisation_name ?? sandboxUser.full_name,
        hmrc_user_id: hmrcUserId,
        last_used_at: now,
        created_at: now,
      });
      const business = {
        ownerId: owner.id,
        vrn: sandboxUser.vrn,
        name: sandboxUser.organisation_name ?? sandboxUser.full_name,
      };
      for (const listener of this.connectedListeners) listener(business);
    }
    return { userId: hmrcUserId, vrn: sandboxUser?.vrn ?? null, authorisation: authorisationOf(connection) };
  }

  async checkAuth(
    owner: SessionUser,
    hmrcUserId: string,
  ): Promise<{ userExists: boolean; authorisation: Authorisation | null }> {
    const [sandboxUser, connection] = await Promise.all([
      this.deps.repo.sandboxUser(owner.id, hmrcUserId),
      this.deps.repo.connection(owner.id, hmrcUserId),
    ]);
    return {
      userExists: sandboxUser !== undefined || connection !== undefined,
      authorisation: connection ? authorisationOf(connection) : null,
    };
  }

  /** Refreshes now (spec's /refresh_token); any failure is 'Failed to refresh token'. */
  async refresh(owner: SessionUser, hmrcUserId: string): Promise<Authorisation> {
    const connection = await this.deps.repo.connection(owner.id, hmrcUserId);
    if (!connection) throw new AppError('REFRESH_FAILED');
    try {
      return authorisationOf(await this.refreshConnection(connection));
    } catch (error) {
      if (error instanceof AppError) throw new AppError('REFRESH_FAILED');
      throw error;
    }
  }

  /**
   * One refresh per connection at a time (HMRC refuses a second, 1.4). The new pair is stored
   * before it is used; a refusal marks the connection so the user is asked to grant again.
   */
  private refreshConnection(connection: ConnectionRow): Promise<ConnectionRow> {
    const running = this.refreshes.get(connection.id);
    if (running) return running;
    const task = (async () => {
      let tokens: OauthTokenResponse;
      try {
        tokens = await asHmrcCaller({ ownerId: connection.owner_id }, () =>
          this.deps.client.refreshToken(this.deps.cipher.decrypt(connection.refresh_token_enc)),
        );
      } catch (error) {
        const refused = error instanceof HmrcError && error.status >= 400 && error.status < 500;
        this.deps.log.warn({ err: error, connection: connection.id, refused }, 'HMRC token refresh failed');
        if (refused) {
          await this.deps.repo.markRefreshFailed(connection.id, this.now().toISOString());
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
      await this.deps.repo.saveRefreshedTokens(connection.id, updated);
      return { ...connection, ...updated, refresh_failed_at: null };
    })().finally(() => this.refreshes.delete(connection.id));
    this.refreshes.set(connection.id, task);
    return task;
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

  /** The user's sandbox user with its password, for the sandbox authoriser only (never sent anywhere else). */
  async sandboxCredentials(ownerId: string, hmrcUserId: string): Promise<{ userId: string; password: string }> {
    if (!this.sandbox) throw new AppError('SANDBOX_ONLY');
    const row = await this.deps.repo.sandboxUser(ownerId, hmrcUserId);
    if (!row) throw new AppError('SANDBOX_USER_NOT_FOUND');
    return { userId: row.hmrc_user_id, password: this.deps.cipher.decrypt(row.password_enc) };
  }

  // --- businesses ----------------------------------------------------------------------------

  async listBusinesses(owner: SessionUser): Promise<{ businesses: Business[]; current: string | null }> {
    const rows = await this.deps.repo.businessesWithAuthority(owner.id);
    const businesses = rows.map(({ granted_at, grant_expires_at, access_expires_at, refresh_failed_at, ...row }) => ({
      vrn: row.vrn,
      name: row.name,
      userId: row.hmrc_user_id,
      // No connection joined: the authority that reached this business has been removed.
      authorisation:
        granted_at && grant_expires_at && access_expires_at
          ? authorisationOf({ granted_at, grant_expires_at, access_expires_at, refresh_failed_at })
          : null,
      lastUsedAt: row.last_used_at,
    }));
    const current = [...rows].sort((a, b) => (b.last_used_at ?? '').localeCompare(a.last_used_at ?? ''))[0];
    return { businesses, current: current?.vrn ?? null };
  }

  /** A VRN reached through an HMRC user's authority (an agent's client, or a real business). */
  async addBusiness(owner: SessionUser, input: { vrn: string; name?: string | undefined; userId: string }) {
    if (!(await this.deps.repo.connection(owner.id, input.userId))) throw new AppError('HMRC_NOT_CONNECTED');
    const now = this.now().toISOString();
    await this.deps.repo.saveBusiness({
      id: crypto.randomUUID(),
      owner_id: owner.id,
      vrn: input.vrn,
      name: input.name || `VRN ${input.vrn}`,
      hmrc_user_id: input.userId,
      last_used_at: now,
      created_at: now,
    });
    return this.listBusinesses(owner);
  }

  async selectBusiness(owner: SessionUser, vrn: string) {
    if (!(await this.deps.repo.touchBusiness(owner.id, vrn, this.now().toISOString()))) {
      throw new AppError('BUSINESS_NOT_YOURS');
    }
    return this.listBusinesses(owner);
  }

  async removeBusiness(owner: SessionUser, vrn: string) {
    if (!(await this.deps.repo.deleteBusiness(owner.id, vrn))) throw new AppError('BUSINESS_NOT_YOURS');
    return this.listBusinesses(owner);
  }

  /** Refuses a VRN that is not one of the user's businesses (403, never data). */
  async assertBusiness(ownerId: string, vrn: string): Promise<void> {
    if (!(await this.deps.repo.business(ownerId, vrn))) throw new AppError('BUSINESS_NOT_YOURS');
  }

  // --- VAT calls -----------------------------------------------------------------------------

  /**
   * Runs an HMRC call for one of the user's businesses with its HMRC user's access token. The VRN
   * must be the user's own (403 otherwise, never data); an expired token is refreshed once and the
   * call tried once more; HMRC's refusal becomes the spec's message for this kind of data.
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
    let connection = await this.deps.repo.connection(ownerId, business.hmrc_user_id);
    if (!connection) throw new AppError('HMRC_NOT_CONNECTED');
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

export function authorisationOf(
  connection: Pick<ConnectionRow, 'granted_at' | 'grant_expires_at' | 'access_expires_at' | 'refresh_failed_at'>,
): Authorisation {
  return {
    authorisedAt: connection.granted_at,
    expiresAt: connection.grant_expires_at,
    accessTokenExpiresAt: connection.access_expires_at,
    needsReauthorisation: connection.refresh_failed_at !== null,
  };
}

/** HMRC's refusal or silence in our terms (spec section 8); other errors pass unchanged. */
export function toAppError(kind: HmrcDataKind, error: unknown): unknown {
  if (!(error instanceof HmrcError)) return error;
  const detail = { kind, status: error.status, codes: error.codes };
  if (error.kind === 'timeout') {
    return new AppError(
      'HMRC_TIMEOUT',
      kind === 'returnView' ? returnViewMessages.timeout.text : undefined,
      undefined,
      {
        hmrc: detail,
      },
    );
  }
  if (error.kind === 'network') {
    return new AppError(
      'HMRC_UNAVAILABLE',
      kind === 'returnView' ? returnViewMessages.noResponse.text : undefined,
      undefined,
      { hmrc: detail },
    );
  }
  if (error.status === 429) return new AppError('HMRC_RATE_LIMITED', undefined, undefined, { hmrc: detail });
  if (error.status >= 500) return new AppError('HMRC_UNAVAILABLE', undefined, undefined, { hmrc: detail });
  const message = hmrcErrorMessage(kind, { status: error.status, codes: error.codes, message: error.message });
  // 401 is ours alone (our session); HMRC's 401 here means its authority was refused.
  const statusCode = error.status === 401 ? 409 : error.status;
  return new AppError('HMRC_REFUSED', message.text, undefined, { statusCode, hmrc: detail });
}

/** True for HMRC's "nothing to list" (a 404 NOT_FOUND instead of an empty list, hmrc-mtd-vat.md 3.7). */
export function isNothingToList(error: unknown): boolean {
  return error instanceof AppError && error.hmrc?.status === 404 && error.hmrc.codes.includes('NOT_FOUND');
}
