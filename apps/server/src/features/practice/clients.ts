import type { PracticeClientList, PracticeMember } from '@vatwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { assertPracticeMay, type SessionUser } from '../../plugins/access';
import { AppError } from '../../plugins/errors';
import type { ActivityLog } from './service';

/** SQL for a workspace's clients (VRN): their contact address and the member each is assigned to. */
export class PracticeClientRepo {
  constructor(private readonly db: Kysely<Database>) {}

  list(workspaceId: string) {
    return this.db
      .selectFrom('practice_client')
      .leftJoin('user', 'user.id', 'practice_client.assignee_id')
      .select([
        'practice_client.vrn as vrn',
        'practice_client.email as email',
        'practice_client.assignee_id as assigneeId',
        'user.name as assigneeName',
        'user.email as assigneeEmail',
      ])
      .where('practice_client.workspace_id', '=', workspaceId)
      .execute();
  }

  /** The practice's members (or, for someone working alone, nobody: their own workspace has one person). */
  async members(practiceId: string): Promise<PracticeMember[]> {
    const rows = await this.db
      .selectFrom('member')
      .innerJoin('user', 'user.id', 'member.userId')
      .select(['user.id as id', 'user.name as name', 'user.email as email'])
      .where('member.organizationId', '=', practiceId)
      .orderBy('user.name')
      .execute();
    return rows.map((row) => ({ id: row.id, name: row.name || row.email }));
  }

  async saveEmail(workspaceId: string, vrn: string, email: string, at: string): Promise<void> {
    await this.db
      .insertInto('practice_client')
      .values({ workspace_id: workspaceId, vrn, email, assignee_id: null, assigned_at: null, updated_at: at })
      .onConflict((conflict) => conflict.columns(['workspace_id', 'vrn']).doUpdateSet({ email, updated_at: at }))
      .execute();
  }

  async assign(workspaceId: string, vrn: string, assigneeId: string | null, at: string): Promise<void> {
    const change = { assignee_id: assigneeId, assigned_at: assigneeId ? at : null, updated_at: at };
    await this.db
      .insertInto('practice_client')
      .values({ workspace_id: workspaceId, vrn, email: null, ...change })
      .onConflict((conflict) => conflict.columns(['workspace_id', 'vrn']).doUpdateSet(change))
      .execute();
  }
}

/**
 * A practice's clients across its staff: the owner or an admin assigns each client (VRN) to a
 * member, and every member can see whose each client is ("My clients" on the dashboard). The
 * address an invitation gave is kept with the client.
 */
export class PracticeClientService {
  constructor(
    private readonly deps: {
      repo: PracticeClientRepo;
      activity: ActivityLog;
      /** Whether the workspace reaches the VRN (only its own clients may be assigned). */
      reaches: (user: SessionUser, vrn: string) => Promise<boolean>;
      now?: () => Date;
    },
  ) {}

  private now() {
    return (this.deps.now ?? (() => new Date()))().toISOString();
  }

  async list(user: SessionUser): Promise<PracticeClientList> {
    const [rows, members] = await Promise.all([this.deps.repo.list(user.workspaceId), this.members(user)]);
    return {
      clients: rows.map((row) => ({
        vrn: row.vrn,
        email: row.email,
        assignee:
          row.assigneeId && members.some((member) => member.id === row.assigneeId)
            ? { id: row.assigneeId, name: row.assigneeName || row.assigneeEmail || '' }
            : null,
      })),
      members,
    };
  }

  /** Each VRN's assignee, for the dashboard; one who left the practice counts as nobody. */
  async assignees(user: SessionUser): Promise<Map<string, PracticeMember>> {
    const { clients } = await this.list(user);
    return new Map(clients.flatMap((client) => (client.assignee ? [[client.vrn, client.assignee] as const] : [])));
  }

  saveEmail(workspaceId: string, vrn: string, email: string): Promise<void> {
    return this.deps.repo.saveEmail(workspaceId, vrn, email, this.now());
  }

  async assign(user: SessionUser, vrn: string, assigneeId: string | null): Promise<PracticeClientList> {
    if (!user.practice) throw new AppError('NOT_IN_A_PRACTICE');
    assertPracticeMay(user, 'managePractice');
    if (!(await this.deps.reaches(user, vrn))) throw new AppError('NOT_FOUND', 'This practice has no such client.');
    const members = await this.members(user);
    const assignee = assigneeId === null ? null : members.find((member) => member.id === assigneeId);
    if (assignee === undefined) throw new AppError('ASSIGNEE_NOT_A_MEMBER');
    await this.deps.repo.assign(user.workspaceId, vrn, assigneeId, this.now());
    await this.deps.activity.record(user, vrn, 'assigned', assignee ? `Assigned to ${assignee.name}` : 'Unassigned');
    return this.list(user);
  }

  private members(user: SessionUser): Promise<PracticeMember[]> {
    return user.practice
      ? this.deps.repo.members(user.practice.id)
      : Promise.resolve([{ id: user.id, name: user.name || user.email }]);
  }
}
