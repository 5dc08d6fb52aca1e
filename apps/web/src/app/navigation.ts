import { accessPresets, Role } from '@vatwise/domain';
import { type NavGroup, type NavItem, navGroupKeys } from '../shared/navigation/screens';
import { screens } from './screens';

/** The navigation, grouped and ordered as the screens declare. */
export const navigation: NavGroup[] = navGroupKeys.map((key) => ({
  key,
  items: screens
    .flatMap((screen) => (screen.nav?.group === key ? [{ screen, nav: screen.nav }] : []))
    .sort((a, b) => a.nav.order - b.nav.order)
    .map(({ screen, nav }): NavItem => ({ key: screen.id, path: screen.path, icon: nav.icon, access: screen.access })),
}));

export const allNavItems = navigation.flatMap((group) => group.items);

/**
 * The navigation a user of this role sees: the screens their role may open, by the same access
 * the route declares. Someone not signed in sees what a guest sees.
 */
export function navigationFor(role: Role | undefined): NavGroup[] {
  const seenAs = role ?? Role.Guest;
  return navigation.map((group) => ({
    ...group,
    items: group.items.filter((item) => (accessPresets[item.access].roles as readonly Role[]).includes(seenAs)),
  }));
}
