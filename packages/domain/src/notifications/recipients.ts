import { canApproveReturns, type PracticeRole } from '../practice/member-roles';
import type { NotificationKind } from './kinds';

/** A person of the workspace; `role` is null for someone working alone (their own workspace). */
export interface WorkspacePerson {
  userId: string;
  role: PracticeRole | null;
}

/**
 * Who hears of an event in a workspace. Never the person who did it. A return marked ready goes
 * to those who may approve it; everything else to every member: a return approved or sent back
 * matters to whoever prepares it, and a client's answer, the authority and the deadlines to the
 * whole practice, which shares its clients.
 */
export function recipientsOf(kind: NotificationKind, actorId: string, people: readonly WorkspacePerson[]): string[] {
  const told = people.filter((person) => person.userId !== actorId);
  const chosen =
    kind === 'marked_ready' ? told.filter((person) => person.role === null || canApproveReturns(person.role)) : told;
  return [...new Set(chosen.map((person) => person.userId))];
}
