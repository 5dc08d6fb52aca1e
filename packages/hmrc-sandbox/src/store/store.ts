import SQLite from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect } from 'kysely';
import type { VatAccount } from '../vat/model';
import { type AssistReportTables, AssistReportStore } from './assist-reports';
import { migrateSandboxTables } from './migrations';
import { type PaymentJourneyTables, PaymentJourneyStore } from './payment-journeys';

/** The simulator's tables (store/migrations.ts). Dates are ISO 8601 text. */
export interface SandboxTables extends AssistReportTables, PaymentJourneyTables {
  hmrc_sandbox_application: {
    client_id: string;
    client_secret_sha256: string;
    name: string;
    redirect_uris: string;
  };
  hmrc_sandbox_test_user: {
    user_id: string;
    password_sha256: string;
    user_type: string;
    vrn: string | null;
    nino: string | null;
    pillar2_id: string | null;
    details: string;
    created_at: string;
  };
  hmrc_sandbox_auth_request: {
    auth_id: string;
    client_id: string;
    redirect_uri: string;
    scope: string;
    state: string | null;
    code_challenge: string | null;
    user_id: string | null;
    browser_sha256: string | null;
    expires_at: string;
  };
  hmrc_sandbox_grant: {
    grant_id: string;
    client_id: string;
    user_id: string;
    scope: string;
    created_at: string;
    expires_at: string;
  };
  hmrc_sandbox_auth_code: {
    code_sha256: string;
    grant_id: string;
    redirect_uri: string;
    code_challenge: string | null;
    expires_at: string;
    used_at: string | null;
  };
  hmrc_sandbox_token: {
    token_sha256: string;
    kind: 'access' | 'refresh';
    client_id: string;
    grant_id: string | null;
    scope: string;
    expires_at: string;
    revoked_at: string | null;
  };
  hmrc_sandbox_vat_account: {
    vrn: string;
    account: string;
    version: Generated<number>;
  };
  hmrc_sandbox_setting: {
    key: string;
    value: string;
  };
  hmrc_sandbox_invitation: {
    invitation_id: string;
    arn: string;
    agent_uid: string;
    service: string;
    client_id: string;
    agent_type: string | null;
    status: string;
    created_at: string;
    updated_at: string;
    expires_on: string;
  };
  hmrc_sandbox_relationship: {
    arn: string;
    service: string;
    client_id: string;
    created_at: string;
  };
  hmrc_sandbox_browser_session: {
    session_sha256: string;
    user_id: string;
    expires_at: string;
  };
}

export type UserType = 'individual' | 'organisation' | 'agent';

export interface ApplicationRecord {
  clientId: string;
  clientSecretSha256: string;
  name: string;
  redirectUris: string[];
}

export interface TestUserRecord {
  userId: string;
  passwordSha256: string;
  userType: UserType;
  vrn: string | null;
  nino: string | null;
  pillar2Id: string | null;
  /** HMRC's 201 body without the password. */
  details: Record<string, unknown>;
  createdAt: string;
}

export type AuthRequestRecord = SandboxTables['hmrc_sandbox_auth_request'];
export type GrantRecord = SandboxTables['hmrc_sandbox_grant'];
export type AuthCodeRecord = SandboxTables['hmrc_sandbox_auth_code'];
export type TokenRecord = SandboxTables['hmrc_sandbox_token'];
export type InvitationRecord = SandboxTables['hmrc_sandbox_invitation'];
export type RelationshipKey = Pick<SandboxTables['hmrc_sandbox_relationship'], 'arn' | 'service' | 'client_id'>;

export interface StoredAccount {
  account: VatAccount;
  version: number;
}

/**
 * Everything the simulator remembers, in the VAT Wise database (or an in-memory SQLite database when
 * the simulator runs on its own with --memory). Each method is one statement, so single-use rules
 * (a code, a refresh token) hold across processes sharing a database.
 */
export class SandboxStore {
  /** VAT Assist reports (store/assist-reports.ts). */
  readonly assistReports: AssistReportStore;
  /** Initiate payment journeys (store/payment-journeys.ts). */
  readonly paymentJourneys: PaymentJourneyStore;

  constructor(private readonly db: Kysely<SandboxTables>) {
    // Each companion is typed for its own tables only, which these are a part of.
    this.assistReports = new AssistReportStore(db as unknown as Kysely<AssistReportTables>);
    this.paymentJourneys = new PaymentJourneyStore(db as unknown as Kysely<PaymentJourneyTables>);
  }

  /** A store in a host application's database, whose Kysely is typed for the host's own tables. */
  static in<HostTables>(db: Kysely<HostTables>): SandboxStore {
    // Ours sit beside the host's under their own prefix, so the two table sets never meet.
    return new SandboxStore(db as unknown as Kysely<SandboxTables>);
  }

  migrate(): Promise<void> {
    return migrateSandboxTables(this.db as unknown as Kysely<unknown>);
  }

  // --- applications --------------------------------------------------------------------------

  async saveApplication(application: ApplicationRecord): Promise<void> {
    const row = {
      client_id: application.clientId,
      client_secret_sha256: application.clientSecretSha256,
      name: application.name,
      redirect_uris: JSON.stringify(application.redirectUris),
    };
    await this.db
      .insertInto('hmrc_sandbox_application')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('client_id').doUpdateSet({
          client_secret_sha256: row.client_secret_sha256,
          name: row.name,
          redirect_uris: row.redirect_uris,
        }),
      )
      .execute();
  }

  async application(clientId: string): Promise<ApplicationRecord | undefined> {
    const row = await this.db
      .selectFrom('hmrc_sandbox_application')
      .selectAll()
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      clientId: row.client_id,
      clientSecretSha256: row.client_secret_sha256,
      name: row.name,
      redirectUris: JSON.parse(row.redirect_uris) as string[],
    };
  }

  // --- test users ----------------------------------------------------------------------------

  async insertTestUser(user: TestUserRecord): Promise<void> {
    await this.db
      .insertInto('hmrc_sandbox_test_user')
      .values({
        user_id: user.userId,
        password_sha256: user.passwordSha256,
        user_type: user.userType,
        vrn: user.vrn,
        nino: user.nino,
        pillar2_id: user.pillar2Id,
        details: JSON.stringify(user.details),
        created_at: user.createdAt,
      })
      .execute();
  }

  async testUser(userId: string): Promise<TestUserRecord | undefined> {
    const row = await this.db
      .selectFrom('hmrc_sandbox_test_user')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      userId: row.user_id,
      passwordSha256: row.password_sha256,
      userType: row.user_type as UserType,
      vrn: row.vrn,
      nino: row.nino,
      pillar2Id: row.pillar2_id,
      details: JSON.parse(row.details) as Record<string, unknown>,
      createdAt: row.created_at,
    };
  }

  /** The test user holding this VRN or NINO (a client an agent names). */
  async testUserBy(column: 'vrn' | 'nino', value: string): Promise<TestUserRecord | undefined> {
    const row = await this.db
      .selectFrom('hmrc_sandbox_test_user')
      .select('user_id')
      .where(column, '=', value)
      .executeTakeFirst();
    return row ? this.testUser(row.user_id) : undefined;
  }

  /** Sets an agent test user's registered agency name (what HMRC shows its clients); false if no such user. */
  async setAgencyName(userId: string, agencyName: string): Promise<boolean> {
    const user = await this.testUser(userId);
    if (!user || user.userType !== 'agent') return false;
    await this.db
      .updateTable('hmrc_sandbox_test_user')
      .set({ details: JSON.stringify({ ...user.details, agencyName }) })
      .where('user_id', '=', userId)
      .execute();
    return true;
  }

  /** True when some test user already has this identifier (HMRC's NINO_ALREADY_USED and friends). */
  async identifierInUse(column: 'vrn' | 'nino' | 'pillar2_id' | 'user_id', value: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('hmrc_sandbox_test_user')
      .select('user_id')
      .where(column, '=', value)
      .executeTakeFirst();
    return row !== undefined;
  }

  // --- sign-in and grant ---------------------------------------------------------------------

  async insertAuthRequest(request: AuthRequestRecord): Promise<void> {
    await this.db.insertInto('hmrc_sandbox_auth_request').values(request).execute();
  }

  authRequest(authId: string): Promise<AuthRequestRecord | undefined> {
    return this.db.selectFrom('hmrc_sandbox_auth_request').selectAll().where('auth_id', '=', authId).executeTakeFirst();
  }

  async signInToAuthRequest(authId: string, userId: string, browserSha256: string): Promise<void> {
    await this.db
      .updateTable('hmrc_sandbox_auth_request')
      .set({ user_id: userId, browser_sha256: browserSha256 })
      .where('auth_id', '=', authId)
      .execute();
  }

  /** Removes the request; false when it was already gone (a second click on the grant page). */
  async takeAuthRequest(authId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('hmrc_sandbox_auth_request')
      .where('auth_id', '=', authId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async insertGrant(grant: GrantRecord): Promise<void> {
    await this.db.insertInto('hmrc_sandbox_grant').values(grant).execute();
  }

  grant(grantId: string): Promise<GrantRecord | undefined> {
    return this.db.selectFrom('hmrc_sandbox_grant').selectAll().where('grant_id', '=', grantId).executeTakeFirst();
  }

  async insertAuthCode(code: AuthCodeRecord): Promise<void> {
    await this.db.insertInto('hmrc_sandbox_auth_code').values(code).execute();
  }

  authCode(codeSha256: string): Promise<AuthCodeRecord | undefined> {
    return this.db
      .selectFrom('hmrc_sandbox_auth_code')
      .selectAll()
      .where('code_sha256', '=', codeSha256)
      .executeTakeFirst();
  }

  /** Marks a code used; false when another exchange used it first (codes are single use). */
  async useAuthCode(codeSha256: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('hmrc_sandbox_auth_code')
      .set({ used_at: at })
      .where('code_sha256', '=', codeSha256)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  // --- tokens --------------------------------------------------------------------------------

  async insertToken(token: TokenRecord): Promise<void> {
    await this.db.insertInto('hmrc_sandbox_token').values(token).execute();
  }

  token(tokenSha256: string): Promise<TokenRecord | undefined> {
    return this.db
      .selectFrom('hmrc_sandbox_token')
      .selectAll()
      .where('token_sha256', '=', tokenSha256)
      .executeTakeFirst();
  }

  /** Revokes one token; false when it was revoked already (a refresh token is single use). */
  async revokeToken(tokenSha256: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('hmrc_sandbox_token')
      .set({ revoked_at: at })
      .where('token_sha256', '=', tokenSha256)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** A refresh ends every earlier token of its grant (docs/reference/hmrc-vat-api.md §1.4). */
  async revokeGrantTokens(grantId: string, at: string): Promise<void> {
    await this.db
      .updateTable('hmrc_sandbox_token')
      .set({ revoked_at: at })
      .where('grant_id', '=', grantId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  // --- browser sessions (a client signed in outside OAuth) ------------------------------------

  async insertBrowserSession(session: SandboxTables['hmrc_sandbox_browser_session']): Promise<void> {
    await this.db.insertInto('hmrc_sandbox_browser_session').values(session).execute();
  }

  browserSession(sessionSha256: string): Promise<SandboxTables['hmrc_sandbox_browser_session'] | undefined> {
    return this.db
      .selectFrom('hmrc_sandbox_browser_session')
      .selectAll()
      .where('session_sha256', '=', sessionSha256)
      .executeTakeFirst();
  }

  // --- agent invitations and relationships ---------------------------------------------------

  async insertInvitation(invitation: InvitationRecord): Promise<void> {
    await this.db.insertInto('hmrc_sandbox_invitation').values(invitation).execute();
  }

  invitation(invitationId: string): Promise<InvitationRecord | undefined> {
    return this.db
      .selectFrom('hmrc_sandbox_invitation')
      .selectAll()
      .where('invitation_id', '=', invitationId)
      .executeTakeFirst();
  }

  /** An agent's invitations created at or after `since`, newest first. */
  invitationsOf(arn: string, since: string): Promise<InvitationRecord[]> {
    return this.db
      .selectFrom('hmrc_sandbox_invitation')
      .selectAll()
      .where('arn', '=', arn)
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .execute();
  }

  /** The invitations of the agent behind a client link (its uid), for one client. */
  invitationsForClient(agentUid: string, clientIds: string[]): Promise<InvitationRecord[]> {
    if (clientIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('hmrc_sandbox_invitation')
      .selectAll()
      .where('agent_uid', '=', agentUid)
      .where('client_id', 'in', clientIds)
      .orderBy('created_at', 'desc')
      .execute();
  }

  /** Invitations of this agent for this client and service, in any status. */
  invitationsBetween(key: RelationshipKey): Promise<InvitationRecord[]> {
    return this.db
      .selectFrom('hmrc_sandbox_invitation')
      .selectAll()
      .where('arn', '=', key.arn)
      .where('service', '=', key.service)
      .where('client_id', '=', key.client_id)
      .execute();
  }

  /** Moves an invitation on from `from`; false when its status changed meanwhile (one answer wins). */
  async setInvitationStatus(invitationId: string, from: string, to: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('hmrc_sandbox_invitation')
      .set({ status: to, updated_at: at })
      .where('invitation_id', '=', invitationId)
      .where('status', '=', from)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async hasRelationship(key: RelationshipKey): Promise<boolean> {
    const row = await this.db
      .selectFrom('hmrc_sandbox_relationship')
      .select('arn')
      .where('arn', '=', key.arn)
      .where('service', '=', key.service)
      .where('client_id', '=', key.client_id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Ends the agent's relationship with the client (the agent de-authorises, or the client removes
   * the agent): the invitation that made it reads Deauthorised. False when there was none.
   */
  async endRelationship(key: RelationshipKey, at: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('hmrc_sandbox_relationship')
        .where('arn', '=', key.arn)
        .where('service', '=', key.service)
        .where('client_id', '=', key.client_id)
        .executeTakeFirst();
      if (removed.numDeletedRows === 0n) return false;
      await trx
        .updateTable('hmrc_sandbox_invitation')
        .set({ status: 'Deauthorised', updated_at: at })
        .where('arn', '=', key.arn)
        .where('service', '=', key.service)
        .where('client_id', '=', key.client_id)
        .where('status', '=', 'Accepted')
        .execute();
      return true;
    });
  }

  /** The agents (ARNs) a client has for a service. */
  async agentsOfClient(service: string, clientId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('hmrc_sandbox_relationship')
      .select('arn')
      .where('service', '=', service)
      .where('client_id', '=', clientId)
      .execute();
    return rows.map((row) => row.arn);
  }

  /**
   * The client's one agent for the service from now on: any other agent's relationship ends, and
   * the invitation that made it reads Deauthorised.
   */
  async replaceRelationship(key: RelationshipKey, at: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('hmrc_sandbox_relationship')
        .where('service', '=', key.service)
        .where('client_id', '=', key.client_id)
        .execute();
      await trx
        .updateTable('hmrc_sandbox_invitation')
        .set({ status: 'Deauthorised', updated_at: at })
        .where('service', '=', key.service)
        .where('client_id', '=', key.client_id)
        .where('status', '=', 'Accepted')
        .where('arn', '!=', key.arn)
        .execute();
      await trx
        .insertInto('hmrc_sandbox_relationship')
        .values({ ...key, created_at: at })
        .execute();
    });
  }

  // --- VAT accounts --------------------------------------------------------------------------

  async insertAccount(account: VatAccount): Promise<void> {
    await this.db
      .insertInto('hmrc_sandbox_vat_account')
      .values({ vrn: account.vrn, account: JSON.stringify(account), version: 1 })
      .execute();
  }

  async account(vrn: string): Promise<StoredAccount | undefined> {
    const row = await this.db
      .selectFrom('hmrc_sandbox_vat_account')
      .selectAll()
      .where('vrn', '=', vrn)
      .executeTakeFirst();
    return row ? { account: JSON.parse(row.account) as VatAccount, version: row.version } : undefined;
  }

  /** Writes the account if nobody changed it since `version` was read; false otherwise. */
  async updateAccount(account: VatAccount, version: number): Promise<boolean> {
    const result = await this.db
      .updateTable('hmrc_sandbox_vat_account')
      .set({ account: JSON.stringify(account), version: version + 1 })
      .where('vrn', '=', account.vrn)
      .where('version', '=', version)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  // --- settings and reset --------------------------------------------------------------------

  async setting(key: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('hmrc_sandbox_setting')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value;
  }

  async saveSetting(key: string, value: string | undefined): Promise<void> {
    if (value === undefined) {
      await this.db.deleteFrom('hmrc_sandbox_setting').where('key', '=', key).execute();
      return;
    }
    await this.db
      .insertInto('hmrc_sandbox_setting')
      .values({ key, value })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
      .execute();
  }

  /**
   * Forgets every test user, grant, token, account, setting, invitation, relationship, VAT Assist
   * report and payment journey; applications stay.
   */
  async reset(): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const table of [
        'hmrc_sandbox_token',
        'hmrc_sandbox_auth_code',
        'hmrc_sandbox_grant',
        'hmrc_sandbox_auth_request',
        'hmrc_sandbox_vat_account',
        'hmrc_sandbox_test_user',
        'hmrc_sandbox_setting',
        'hmrc_sandbox_invitation',
        'hmrc_sandbox_relationship',
        'hmrc_sandbox_browser_session',
        'hmrc_sandbox_assist_report',
        'hmrc_sandbox_payment_journey',
      ] as const) {
        await trx.deleteFrom(table).execute();
      }
    });
  }
}

/** An in-memory database for the standalone simulator's --memory mode and for tests. */
export function openMemoryDatabase(): Kysely<SandboxTables> {
  return new Kysely<SandboxTables>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
}

/** A SQLite file of the simulator's own (the standalone simulator without --memory). */
export function openFileDatabase(file: string): Kysely<SandboxTables> {
  const connection = new SQLite(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('busy_timeout = 5000');
  return new Kysely<SandboxTables>({ dialect: new SqliteDialect({ database: connection }) });
}
