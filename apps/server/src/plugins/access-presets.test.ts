import { Role } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import { accessOf, accountHolders, adminsOnly, everyone } from './access';

describe('the route access of the domain’s presets, as the web app’s screens name them', () => {
  it('opens a preset for someone not signed in to everyone, and one for every role to any session', () => {
    expect(accessOf('everyone')).toBe('public');
    expect(accessOf('anyUser')).toBe('signedIn');
  });

  it('keeps the roles of the others', () => {
    expect(accessOf('accountHolders')).toEqual([Role.Admin, Role.Editor]);
    expect(accessOf('adminsOnly')).toEqual([Role.Admin]);
    expect([everyone.access, accountHolders.access, adminsOnly.access]).toEqual([
      'public',
      [Role.Admin, Role.Editor],
      [Role.Admin],
    ]);
  });
});
