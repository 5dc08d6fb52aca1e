import { Role } from '@vatwise/domain';

/** Who may open a screen (spec sections 4 and 6), declared in each route's `handle.access`. */
export interface RouteAccess {
  roles: readonly Role[];
  /** The page renders for someone who is not signed in at all (spec: guests allowed). */
  anonymous?: boolean;
}

export const everyone: RouteAccess = { roles: [Role.Admin, Role.Editor, Role.Guest], anonymous: true };
export const anyUser: RouteAccess = { roles: [Role.Admin, Role.Editor, Role.Guest] };
export const accountHolders: RouteAccess = { roles: [Role.Admin, Role.Editor] };
export const adminsOnly: RouteAccess = { roles: [Role.Admin] };

export type GuardDecision = 'check' | 'allow' | { redirect: string };

/** The guard's rule, kept pure so it can be tested on its own. */
export function decideAccess(
  access: RouteAccess,
  auth: { status: 'unknown' | 'signedIn' | 'guest' | 'anonymous'; role: Role | undefined; signedOut?: boolean },
  requested: string,
): GuardDecision {
  if (auth.status === 'unknown') return access.anonymous ? 'allow' : 'check';
  if (auth.status === 'anonymous') {
    if (access.anonymous) return 'allow';
    // Someone who just signed out is on their way to /user/login: no page to return to.
    return { redirect: auth.signedOut ? '/user/login' : `/user/login?redirectTo=${encodeURIComponent(requested)}` };
  }
  return auth.role !== undefined && access.roles.includes(auth.role) ? 'allow' : { redirect: '/unauthorized' };
}

/** Only a path of our own is a place to return to after signing in (never another site). */
export function safeRedirect(target: string | null | undefined, fallback = '/app'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}
