import { describe, expect, it } from 'vitest';
import { Role } from '../roles';
import { userRecordSchema } from './user';
import { effectiveRole, guestUser } from './user-record';

describe('user records', () => {
  it('treats a stored user without a role as an Editor', () => {
    expect(effectiveRole(null)).toBe(Role.Editor);
    expect(effectiveRole(undefined)).toBe(Role.Editor);
    expect(effectiveRole(7)).toBe(Role.Editor);
    expect(effectiveRole(Role.Admin)).toBe(Role.Admin);
    expect(effectiveRole(Role.Guest)).toBe(Role.Guest);
  });

  it('gives the product reference’s guest default: id guest, Guest User, role Guest, isGuest', () => {
    expect(userRecordSchema.parse(guestUser)).toMatchObject({
      id: 'guest',
      name: 'Guest User',
      email: '',
      role: 2,
      isGuest: true,
    });
  });
});
