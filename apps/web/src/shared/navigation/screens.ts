import { Role } from '@vatwise/domain';

/** The main area's base path (spec section 2 leaves its constant unnamed). */
export const APP_BASE = '/app';

export interface NavItem {
  /** Translation key under nav.* and the screen's id. */
  key: string;
  path: string;
  /** Shown only to these roles (the route refuses others anyway). */
  onlyFor?: readonly Role[];
}

export interface NavGroup {
  key: 'overview' | 'vat' | 'hmrc' | 'admin';
  items: NavItem[];
}

/** Every screen of the main area (spec section 2), grouped as the navigation shows them. */
export const navigation: NavGroup[] = [
  {
    key: 'overview',
    items: [
      { key: 'home', path: APP_BASE },
      { key: 'about', path: `${APP_BASE}/about` },
      { key: 'mission', path: `${APP_BASE}/mission` },
      { key: 'vision', path: `${APP_BASE}/vision` },
      { key: 'technology', path: `${APP_BASE}/technology` },
      { key: 'security', path: `${APP_BASE}/security` },
      { key: 'whitepaper', path: `${APP_BASE}/whitepaper` },
    ],
  },
  {
    key: 'vat',
    items: [
      // Issue 17: every business at once (not in the spec's list of screens).
      { key: 'practiceDashboard', path: `${APP_BASE}/practice-dashboard` },
      { key: 'vatOperations', path: `${APP_BASE}/vat-operations` },
      { key: 'vatSubmissions', path: `${APP_BASE}/vat-submissions` },
      { key: 'vatWise', path: `${APP_BASE}/vat-wise` },
    ],
  },
  {
    key: 'hmrc',
    items: [
      { key: 'grantAuthority', path: `${APP_BASE}/grant-authority` },
      // Issue 17: a tax agent's clients (not in the spec's list of screens).
      { key: 'clients', path: `${APP_BASE}/clients` },
      { key: 'createUser', path: `${APP_BASE}/create-user` },
      { key: 'authorisationUser', path: `${APP_BASE}/authorisation-user` },
    ],
  },
  {
    key: 'admin',
    items: [
      // Issue 17: where the user works, and a practice's members (guests have no account to join one).
      { key: 'practice', path: `${APP_BASE}/practice`, onlyFor: [Role.Admin, Role.Editor] },
      // Everything done to the workspace's clients, by whom (not in the spec's list of screens).
      { key: 'auditLog', path: `${APP_BASE}/audit-log`, onlyFor: [Role.Admin, Role.Editor] },
      { key: 'agents', path: `${APP_BASE}/agents` },
      { key: 'userManagement', path: `${APP_BASE}/user-management`, onlyFor: [Role.Admin] },
      // Spec section 1: leftover template screens with sample data, kept for Admins and Editors.
      { key: 'demo', path: `${APP_BASE}/demo/surveys`, onlyFor: [Role.Admin, Role.Editor] },
    ],
  },
];

export const allNavItems = navigation.flatMap((group) => group.items);

/**
 * Whether the navigation marks `item` as the screen at `pathname`: its own path or one below it,
 * never a sibling whose path merely starts alike (/app/practice is not /app/practice-dashboard).
 */
export function isNavItemActive(item: Pick<NavItem, 'path'>, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (item.path === APP_BASE) return path === APP_BASE;
  return path === item.path || path.startsWith(`${item.path}/`);
}

/** Content pages, each a translation namespace of features/content. */
export const contentPages = ['about', 'mission', 'vision', 'technology', 'security', 'whitepaper'] as const;
export type ContentNamespace = (typeof contentPages)[number] | 'home' | 'privacy';

/** The navigation a user of this role sees. */
export function navigationFor(role: Role | undefined): NavGroup[] {
  return navigation.map((group) => ({
    ...group,
    items: group.items.filter((item) => !item.onlyFor || (role !== undefined && item.onlyFor.includes(role))),
  }));
}
