import { randomUUID } from 'node:crypto';
import {
  type BusinessActivity,
  type businessActivityKinds,
  canManagePractice,
  type PracticeInvitation,
  type PracticePolicy,
  type PracticePolicyChange,
  practiceRoleOf,
} from '@vatwise/domain';
import type { SessionUser } from '../../plugins/access';
import { AppError } from '../../plugins/errors';
import { invitationLinkToken, isInvitationLinkToken } from '../auth';
import type { FastifyBaseLogger } from 'fastify';
import type { ActivityRow, PracticeRepo } from './repo';

export type ActivityKind = (typeof businessActivityKinds)[number];

/** How many of a business's latest events its activity list shows. */
export const ACTIVITY_LIMIT = 200;

export interface PracticeServiceDeps {
  repo: PracticeRepo;
  now?: () => Date;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Signs invitation links (features/auth/invitation-links.ts). */
  invitationSecret?: string;
  /** Where the links point. */
  publicUrl?: string;
}

/** A line just added to a business's audit trail; `actor_id` is empty when no person did it. */
export type ActivityListener = (row: ActivityRow) => void | Promise<void>;

/**
 * What VAT Wise adds to better-auth's practices: the policy (review before filing, two-factor
 * sign-in of members), invitations to the signed-in address, and each business's audit trail.
 * Membership and roles are better-auth's (organization plugin); the session resolves them
 * (plugins/access.ts).
 */
export class PracticeService {
  private readonly now: () => Date;
  private readonly listeners = new Set<ActivityListener>();

  constructor(private readonly deps: PracticeServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** For the session resolver: the practice a session works in, if the user is still a member. */
  practiceOfSession = (userId: string, practiceId: string) => this.deps.repo.membership(userId, practiceId);

  requiresReview = (workspaceId: string) => this.deps.repo.requiresReview(workspaceId);

  requiresClientApproval = (workspaceId: string) => this.deps.repo.requiresClientApproval(workspaceId);

  /**
   * Read from the database on each call, not kept with the session: the session cache would keep a
   * member's old answer for up to SESSION_CACHE_TTL_MS after an admin changed it, on every instance.
   */
  requiresTwoFactor = (workspaceId: string) => this.deps.repo.requiresTwoFactor(workspaceId);

  policy(user: SessionUser): Promise<PracticePolicy> {
    return this.deps.repo.policy(user.workspaceId);
  }

  /** Only a practice's owners and admins set its policy; someone working alone has none to set. */
  async setPolicy(user: SessionUser, change: PracticePolicyChange): Promise<PracticePolicy> {
    if (!user.practice) throw new AppError('NOT_IN_A_PRACTICE');
    if (!canManagePractice(user.practice.role)) throw new AppError('PRACTICE_ROLE_REQUIRED');
    await this.deps.repo.setPolicy(user.workspaceId, change, this.now().toISOString());
    return this.policy(user);
  }

  /**
   * The invitations waiting for the signed-in address. An address not proved sees only the one
   * whose sender's link it opened (`link`): anyone may sign up with an invited address.
   */
  async invitations(user: SessionUser, link?: { id: string; token: string }): Promise<PracticeInvitation[]> {
    const all = await this.deps.repo.invitationsTo(user.email, this.now().toISOString());
    const verified = await this.deps.repo.emailVerified(user.id);
    const secret = this.deps.invitationSecret;
    const rows = verified
      ? all
      : all.filter((row) => link && secret && row.id === link.id && isInvitationLinkToken(secret, link.id, link.token));
    return rows.map((row) => ({
      id: row.id,
      practiceName: row.practiceName,
      role: practiceRoleOf(row.role ?? '') ?? 'preparer',
      expiresAt: new Date(row.expiresAt).toISOString(),
    }));
  }

  /**
   * The link an owner or admin hands to the invited person: it lets that invitation be accepted
   * with the invited address even before the address is proved (no mail is sent without SMTP).
   */
  async invitationLink(user: SessionUser, invitationId: string): Promise<{ url: string }> {
    if (!user.practice) throw new AppError('NOT_IN_A_PRACTICE');
    const secret = this.deps.invitationSecret;
    const invitation = await this.deps.repo.pendingInvitation(user.workspaceId, invitationId);
    if (!invitation || !secret || new Date(invitation.expiresAt) <= this.now()) {
      throw new AppError('NOT_FOUND', 'There is no such invitation waiting in this practice.');
    }
    const token = invitationLinkToken(secret, invitation.id);
    const query = `invitation=${encodeURIComponent(invitation.id)}&token=${encodeURIComponent(token)}`;
    return { url: `${this.deps.publicUrl ?? ''}/app/practice?${query}` };
  }

  /** Notes what a person did to one of the workspace's businesses. */
  async record(user: SessionUser, vrn: string, kind: ActivityKind, detail = ''): Promise<void> {
    await this.add({
      id: randomUUID(),
      owner_id: user.workspaceId,
      vrn,
      at: this.now().toISOString(),
      actor_id: user.id,
      actor_name: user.name || user.email,
      kind,
      detail,
    });
  }

  /**
   * Notes what happened to a business without a person doing it (HMRC's answer to a scheduled
   * check, a client's answer through their link): the actor is named, with no user id.
   */
  async recordForWorkspace(
    workspaceId: string,
    vrn: string,
    kind: ActivityKind,
    actorName: string,
    detail = '',
  ): Promise<void> {
    await this.add({
      id: randomUUID(),
      owner_id: workspaceId,
      vrn,
      at: this.now().toISOString(),
      actor_id: '',
      actor_name: actorName,
      kind,
      detail,
    });
  }

  /** Hears every line added to an audit trail, after it is stored (notifications follow them). */
  onActivity(listener: ActivityListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async add(row: ActivityRow): Promise<void> {
    await this.deps.repo.addActivity(row);
    for (const listener of this.listeners) {
      // A listener's failure (a mail server down) never undoes or fails what was recorded.
      await Promise.resolve()
        .then(() => listener(row))
        .catch((error: unknown) => this.deps.log?.warn({ err: error, kind: row.kind }, 'an activity listener failed'));
    }
  }

  async activity(user: SessionUser, vrn: string): Promise<BusinessActivity[]> {
    const rows = await this.deps.repo.activity(user.workspaceId, vrn, ACTIVITY_LIMIT);
    return rows.map((row) => ({
      id: row.id,
      at: row.at,
      kind: row.kind as ActivityKind,
      actorName: row.actor_name,
      detail: row.detail,
    }));
  }
}

/** What other features call to leave a line in a business's audit trail. */
export type ActivityLog = Pick<PracticeService, 'record' | 'recordForWorkspace'>;
