import { accessPresets, Role } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import { screenIcons } from '../shared/navigation/ScreenIcon';
import { navigationFor } from './navigation';
import { screens } from './screens';

describe('the screens’ declarations', () => {
  it('give each screen its own id and path', () => {
    expect(new Set(screens.map((screen) => screen.id)).size).toBe(screens.length);
    expect(new Set(screens.map((screen) => screen.path)).size).toBe(screens.length);
  });

  it('name only icons the navigation bundles', () => {
    for (const screen of screens) {
      if (screen.nav) expect(Object.keys(screenIcons), screen.id).toContain(screen.nav.icon);
    }
  });

  it('list in the navigation only what a role may open', () => {
    for (const role of [Role.Admin, Role.Editor, Role.Guest]) {
      for (const item of navigationFor(role).flatMap((group) => group.items)) {
        expect(accessPresets[item.access].roles, `${item.key} for role ${role}`).toContain(role);
      }
    }
    const guestSees = navigationFor(Role.Guest).flatMap((group) => group.items.map((item) => item.key));
    expect(guestSees).not.toContain('practiceDashboard');
    expect(guestSees).toContain('vatOperations');
  });
});
