import { type AccessPreset, accessPresets, type Role } from '@vatwise/domain';

/**
 * Who may open a screen (docs/reference/product.md §4 and 6), declared in each route's `handle.access`: one of
 * the domain's presets, which the server's routes use too.
 */
export type RouteAccess = AccessPreset;

export const { everyone, anyUser, accountHolders, adminsOnly } = accessPresets;

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
    return { redirect: auth.signedOut ? '/user/login' : loginReturningTo(requested) };
  }
  return auth.role !== undefined && access.roles.includes(auth.role) ? 'allow' : { redirect: '/unauthorized' };
}

/** Where a path of ours is read from: the browser's parser decides what a string really points at. */
const OWN_ORIGIN = 'http://vatwise.invalid';

/**
 * Only a path of our own is a place to return to after signing in (never another site): a
 * same-origin relative path such as '/app/vat-operations?vrn=1'. Refused: absolute addresses,
 * protocol-relative ones ('//evil.com'), backslash tricks ('/\\evil.com', which browsers read as
 * '//evil.com'), control characters, and the sign-in pages themselves (nothing to return to).
 */
export function safeRedirect(target: string | null | undefined, fallback = '/app'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, OWN_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== OWN_ORIGIN) return fallback;
  if (url.pathname === '/login' || url.pathname === '/user' || url.pathname.startsWith('/user/')) return fallback;
  return url.pathname + url.search + url.hash;
}

/** The sign-in page, asked to bring the user back to `requested` (when that is a path of ours). */
export function loginReturningTo(requested: string | null | undefined): string {
  const back = safeRedirect(requested, '');
  return back ? `/user/login?redirectTo=${encodeURIComponent(back)}` : '/user/login';
}

/** Where an expired session sends the browser (docs/reference/product.md §4: /login), remembering the page it was on. */
export function sessionEndedUrl(location: { pathname: string; search: string }): string {
  const back = safeRedirect(location.pathname + location.search, '');
  return back ? `/login?redirectTo=${encodeURIComponent(back)}` : '/login';
}
