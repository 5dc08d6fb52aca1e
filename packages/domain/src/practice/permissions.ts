import type { PracticeRole } from './member-roles';

/**
 * What a practice member may do, by role: the one table the server enforces (every route names
 * its action) and the screens read to hide what a role may not do. docs/practice.md shows it.
 * Someone working alone (no practice) may do everything in their own workspace.
 */
export const practiceActions = [
  /** See the workspace's businesses, returns, HMRC data, logs and activity. */
  'read',
  /** Records, drafts, schemes, imports, error corrections and margin stock. */
  'changeRecords',
  /** A note on a return for the team. */
  'addNote',
  'markReady',
  /** Approve a return's figures (never a return one marked ready oneself). */
  'approve',
  'submit',
  /** Take an approved return back to preparing, voiding its approval. */
  'reopenApproved',
  /** Create sandbox test users, authorise a business at HMRC, add a business. */
  'connectBusiness',
  'deleteBusiness',
  'deleteSandboxUser',
  /** Connect, authorise again or refresh the practice's agent services account. */
  'connectAgentAccount',
  /** Ask a client for authority, cancel a request. */
  'askClients',
  /** Clear the practice's agent dialogue and HMRC call log. */
  'clearLogs',
  /** Members, invitations and the practice's policy. */
  'managePractice',
] as const;
export type PracticeAction = (typeof practiceActions)[number];

const everything: readonly PracticeAction[] = practiceActions;

/** The table itself: each role's actions. Owners and admins run the practice. */
export const practicePermissions: Readonly<Record<PracticeRole, readonly PracticeAction[]>> = {
  owner: everything,
  admin: everything,
  preparer: ['read', 'changeRecords', 'addNote', 'markReady', 'submit', 'connectBusiness', 'askClients'],
  reviewer: ['read', 'changeRecords', 'addNote', 'markReady', 'approve', 'submit', 'reopenApproved'],
};

/** May a member with `role` do `action`? `null` is someone working alone, in their own workspace. */
export function practiceRoleCan(role: PracticeRole | null, action: PracticeAction): boolean {
  if (role === null) return true;
  return practicePermissions[role].includes(action);
}

/** The roles that may do `action`, strongest first. */
export function rolesThatCan(action: PracticeAction): PracticeRole[] {
  return (Object.keys(practicePermissions) as PracticeRole[]).filter((role) => practiceRoleCan(role, action));
}

const actionWords: Record<PracticeAction, string> = {
  read: 'see this practice’s work',
  changeRecords: 'change records and returns',
  addNote: 'add notes to a return',
  markReady: 'mark a return ready for review',
  approve: 'approve a return',
  submit: 'submit a return to HMRC',
  reopenApproved: 'reopen an approved return',
  connectBusiness: 'connect a business or create sandbox test users',
  deleteBusiness: 'delete a business',
  deleteSandboxUser: 'delete sandbox test users',
  connectAgentAccount: 'connect or authorise again the agent services account',
  askClients: 'ask clients for authority',
  clearLogs: 'clear the practice’s logs',
  managePractice: 'manage the practice’s members, invitations and policy',
};

const roleWords: Record<PracticeRole, string> = {
  owner: 'owner',
  admin: 'an admin',
  preparer: 'a preparer',
  reviewer: 'a reviewer',
};

/** The refusal in words, saying who may: "Only the practice's owner or an admin may delete a business." */
export function practiceRoleRequiredMessage(action: PracticeAction): string {
  const words = rolesThatCan(action).map((role, index) => (index === 0 ? `the practice’s ${role}` : roleWords[role]));
  const who = words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}` : words[0];
  return `Only ${who} may ${actionWords[action]}.`;
}
