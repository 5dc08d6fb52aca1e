/*
 * Practice roles as plain values and rules, without zod: the browser's first paint reads them
 * (practice/roles.ts adds the schemas).
 */

/**
 * A practice member's role: owners and admins run the practice (members, invitations,
 * its policy); preparers and reviewers work on its businesses, and reviewers approve returns.
 * Every member sees and works on every business of the practice.
 */
export const practiceRoles = ['owner', 'admin', 'preparer', 'reviewer'] as const;
export type PracticeRole = (typeof practiceRoles)[number];
/** The roles an invitation or a role change may give: a practice has one owner, its creator. */
export const assignablePracticeRoles = ['admin', 'preparer', 'reviewer'] as const;

/** The practice a session works in, and the member's role in it. */
export interface PracticeSummary {
  id: string;
  name: string;
  role: PracticeRole;
}

/**
 * A member's roles as better-auth stores them (a comma-separated list), keeping only ours; the
 * strongest comes first, so a member who is both admin and reviewer reads as admin.
 */
export function practiceRoleOf(stored: string): PracticeRole | null {
  const named = new Set(stored.split(',').map((role) => role.trim()));
  return practiceRoles.find((role) => named.has(role)) ?? null;
}

export function canManagePractice(role: PracticeRole): boolean {
  return role === 'owner' || role === 'admin';
}

/** Who may approve a return (never one they marked ready: see canApproveReturn). */
export function canApproveReturns(role: PracticeRole): boolean {
  return role !== 'preparer';
}
