import type { Kysely, Selectable } from 'kysely';
import { type PracticePolicy, type PracticePolicyChange, practiceRoleOf, type PracticeSummary } from '@vatwise/domain';
import type { BusinessActivityTable, Database } from '../../db/schema';

export type ActivityRow = Selectable<BusinessActivityTable>;

/** SQL for practices: membership (better-auth's tables, read only), policies and activity. */
export class PracticeRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The practice, if the user is still one of its members, with their role there. */
  async membership(userId: string, practiceId: string): Promise<PracticeSummary | null> {
    const row = await this.db
      .selectFrom('member')
      .innerJoin('organization', 'organization.id', 'member.organizationId')
      .select(['organization.id as id', 'organization.name as name', 'member.role as role'])
      .where('member.userId', '=', userId)
      .where('member.organizationId', '=', practiceId)
      .executeTakeFirst();
    const role = row ? practiceRoleOf(row.role) : null;
    return row && role ? { id: row.id, name: row.name, role } : null;
  }

  /** Whether the user proved their address (better-auth's e-mail verification). */
  async emailVerified(userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('user').select('emailVerified').where('id', '=', userId).executeTakeFirst();
    return row?.emailVerified === true || row?.emailVerified === 1;
  }

  /** A practice's invitation still waiting for its answer, for the link its sender hands over. */
  pendingInvitation(practiceId: string, invitationId: string) {
    return this.db
      .selectFrom('invitation')
      .select(['id', 'email', 'expiresAt'])
      .where('id', '=', invitationId)
      .where('organizationId', '=', practiceId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  }

  /** Pending, unexpired invitations to an address, with their practice's name. */
  invitationsTo(email: string, now: string) {
    return this.db
      .selectFrom('invitation')
      .innerJoin('organization', 'organization.id', 'invitation.organizationId')
      .select([
        'invitation.id as id',
        'organization.name as practiceName',
        'invitation.role as role',
        'invitation.expiresAt as expiresAt',
      ])
      .where((eb) => eb(eb.fn('lower', ['invitation.email']), '=', email.toLowerCase()))
      .where('invitation.status', '=', 'pending')
      .execute()
      .then((rows) => rows.filter((row) => new Date(row.expiresAt).toISOString() > now));
  }

  /** A workspace's rules; one without a row (every workspace of someone working alone) asks for none. */
  async policy(workspaceId: string): Promise<PracticePolicy> {
    const row = await this.db
      .selectFrom('practice_policy')
      .select(['require_review', 'require_two_factor', 'require_client_approval'])
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    return {
      requireReview: Boolean(row?.require_review),
      requireTwoFactor: Boolean(row?.require_two_factor),
      requireClientApproval: Boolean(row?.require_client_approval),
    };
  }

  async requiresClientApproval(workspaceId: string): Promise<boolean> {
    return (await this.policy(workspaceId)).requireClientApproval;
  }

  async requiresReview(workspaceId: string): Promise<boolean> {
    return (await this.policy(workspaceId)).requireReview;
  }

  async requiresTwoFactor(workspaceId: string): Promise<boolean> {
    return (await this.policy(workspaceId)).requireTwoFactor;
  }

  /** Sets the rules in `change`; the others keep their value (off, for a workspace without a row). */
  async setPolicy(workspaceId: string, change: PracticePolicyChange, at: string): Promise<void> {
    const changed = {
      ...(change.requireReview === undefined ? {} : { require_review: change.requireReview ? 1 : 0 }),
      ...(change.requireTwoFactor === undefined ? {} : { require_two_factor: change.requireTwoFactor ? 1 : 0 }),
      ...(change.requireClientApproval === undefined
        ? {}
        : { require_client_approval: change.requireClientApproval ? 1 : 0 }),
      updated_at: at,
    };
    await this.db
      .insertInto('practice_policy')
      .values({
        workspace_id: workspaceId,
        require_review: 0,
        require_two_factor: 0,
        require_client_approval: 0,
        ...changed,
      })
      .onConflict((conflict) => conflict.column('workspace_id').doUpdateSet(changed))
      .execute();
  }

  async addActivity(row: ActivityRow): Promise<void> {
    await this.db.insertInto('business_activity').values(row).execute();
  }

  /** A business's activity, newest first. */
  activity(ownerId: string, vrn: string, limit: number): Promise<ActivityRow[]> {
    return this.db
      .selectFrom('business_activity')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
