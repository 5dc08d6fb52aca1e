import type { SandboxUser, SandboxUserType } from '@vatwise/domain';
import type { TestUserKind } from '@vatwise/hmrc';
import type { SessionUser } from '../../plugins/access';
import { AppError } from '../../plugins/errors';
import { asHmrcCaller } from './call-log';
import { authorisationOf } from './connection-views';
import type { ConnectionRow, SandboxUserRow } from './repo';
import type { ConnectionServiceDeps } from './service';

const testUserRequests: Record<SandboxUserType, { kind: TestUserKind; services: string[] }> = {
  // mtd-vat gives the HMRC-MTD-VAT enrolment the VAT API checks (docs/reference/hmrc-vat-api.md §2.2).
  Individual: { kind: 'individuals', services: ['mtd-vat'] },
  Organisation: { kind: 'organisations', services: ['mtd-vat'] },
  Agent: { kind: 'agents', services: ['agent-services'] },
};

/**
 * HMRC's test users (docs/reference/hmrc-vat-api.md §2): created through HMRC's Create Test User API in the sandbox
 * only, kept per VAT Wise user with their password encrypted, and listed with the authority each has given.
 */
export class SandboxUserService {
  private readonly now: () => Date;

  constructor(
    private readonly deps: ConnectionServiceDeps,
    /** Announces a business gone with its test user (HmrcConnectionService.announceBusinessesChanged). */
    private readonly businessesRemoved: (workspaceId: string, vrn: string) => void = () => undefined,
    /**
     * Registers an agent test user's agency name with the simulator (the embedded one only: HMRC's
     * Create Test User API takes no name), so that clients are asked to appoint the practice.
     */
    private readonly nameAgency?: (hmrcUserId: string, name: string) => Promise<void>,
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  private get sandbox(): boolean {
    return this.deps.config.hmrc.environment === 'sandbox';
  }

  async createSandboxUser(owner: SessionUser, userType: SandboxUserType): Promise<SandboxUser> {
    if (!this.sandbox) throw new AppError('SANDBOX_ONLY');
    const request = testUserRequests[userType];
    let created;
    try {
      created = await asHmrcCaller({ ownerId: owner.workspaceId }, () =>
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
      owner_id: owner.workspaceId,
      user_type: userType,
      password_enc: this.deps.cipher.encrypt(created.password),
      full_name: created.userFullName,
      email_address: created.emailAddress,
      vrn: text(fields.vrn),
      organisation_name: text((fields.organisationDetails as { name?: unknown } | undefined)?.name),
      agent_arn: text(fields.agentServicesAccountNumber),
      registration_date: text(fields.vatRegistrationDate),
      created_at: this.now().toISOString(),
    };
    await this.deps.repo.insertSandboxUser(row);
    if (userType === 'Agent' && owner.practice && this.nameAgency) {
      await this.nameAgency(created.userId, owner.practice.name).catch((error: unknown) =>
        // The test user works without it: its clients then read "your agent" and its ARN.
        this.deps.log.warn({ err: error }, 'the simulator did not take the agency name'),
      );
    }
    return this.toSandboxUser(row, undefined);
  }

  async listSandboxUsers(owner: SessionUser): Promise<SandboxUser[]> {
    const [users, connections] = await Promise.all([
      this.deps.repo.sandboxUsers(owner.workspaceId),
      this.deps.repo.connections(owner.workspaceId),
    ]);
    return users.map((user) =>
      this.toSandboxUser(
        user,
        connections.find((connection) => connection.hmrc_user_id === user.hmrc_user_id),
      ),
    );
  }

  /** Deletes the test user with its authority and businesses; the workspace's open windows are told. */
  async deleteSandboxUser(owner: SessionUser, hmrcUserId: string): Promise<void> {
    const removed = await this.deps.repo.deleteSandboxUser(owner.workspaceId, hmrcUserId);
    if (!removed) throw new AppError('SANDBOX_USER_NOT_FOUND');
    for (const vrn of removed) this.businessesRemoved(owner.workspaceId, vrn);
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
      vatRegistrationDate: row.registration_date,
      createdAt: row.created_at,
      authorisation: connection ? authorisationOf(connection) : null,
    };
  }

  /** The user's sandbox user with its password, for the sandbox authoriser only (never sent anywhere else). */
  async sandboxCredentials(ownerId: string, hmrcUserId: string): Promise<{ userId: string; password: string }> {
    if (!this.sandbox) throw new AppError('SANDBOX_ONLY');
    const row = await this.deps.repo.sandboxUser(ownerId, hmrcUserId);
    if (!row) throw new AppError('SANDBOX_USER_NOT_FOUND');
    return { userId: row.hmrc_user_id, password: this.deps.cipher.decrypt(row.password_enc) };
  }
}
