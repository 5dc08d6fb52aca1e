import { type OwnWork, practiceRoleCan } from '@vatwise/domain';
import type { SessionUser } from '../../plugins/access';
import { AppError } from '../../plugins/errors';
import type { ActivityLog } from '../practice';
import type { WorkspaceMoveRepo } from './repo';

export interface WorkspaceMoveDeps {
  repo: WorkspaceMoveRepo;
  activity: ActivityLog;
  /** Tells a workspace's open windows that its businesses changed. */
  announce(workspaceId: string, vrn: string): void;
  /** Registers an agent test user's agency name with the embedded simulator, if there is one. */
  nameAgency?: (hmrcUserId: string, name: string) => Promise<void>;
}

/**
 * Brings what a person made alone (their own workspace, keyed by their user id) into the
 * practice their session works in: agent connection, test users, businesses and their records,
 * returns, notes and trail. Only the practice's owner or an admin moves, and only their own work.
 */
export class WorkspaceMoveService {
  constructor(private readonly deps: WorkspaceMoveDeps) {}

  /** What the signed-in person could bring into the practice they work in. */
  async ownWork(user: SessionUser): Promise<OwnWork> {
    const practice = this.practiceOf(user);
    return this.deps.repo.summary(user.id, practice);
  }

  async move(user: SessionUser): Promise<OwnWork> {
    const practice = this.practiceOf(user);
    // Their own work into the practice: a decision for whoever runs it (docs/practice.md).
    if (!user.practice || !practiceRoleCan(user.practice.role, 'managePractice')) {
      throw new AppError('PRACTICE_ROLE_REQUIRED');
    }
    const moved = await this.deps.repo.move(user.id, practice, (work) => {
      const clash = work.businesses.find((business) => business.conflict);
      if (!clash?.conflict) return;
      const through = clash.conflict.agentArn
        ? `the agent services account ${clash.conflict.agentArn}`
        : `the HMRC user ${clash.conflict.hmrcUserId ?? 'added by hand'}`;
      throw new AppError(
        'WORKSPACE_MOVE_CONFLICT',
        `The practice already reaches ${clash.name} (VRN ${clash.vrn}) through ${through}: remove that business from the practice or from your own work first.`,
      );
    });
    // Clients are then asked to appoint the practice, not the person (embedded simulator only).
    for (const account of moved.agentAccounts) {
      await this.deps.nameAgency?.(account.userId, user.practice.name).catch(() => undefined);
    }
    for (const business of moved.businesses) {
      await this.deps.activity.record(
        user,
        business.vrn,
        'connected',
        `Brought from ${user.name || user.email}'s own work into the practice`,
      );
      this.deps.announce(practice, business.vrn);
      this.deps.announce(user.id, business.vrn);
    }
    return moved;
  }

  private practiceOf(user: SessionUser): string {
    if (!user.practice || user.workspaceId === user.id) throw new AppError('NOT_IN_A_PRACTICE');
    return user.workspaceId;
  }
}
