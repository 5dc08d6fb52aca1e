import { Role, type UserRecord } from '@vatwise/domain';

/** A signed-in email account (an Editor unless told otherwise), for tests that need a user. */
export function userRecord(overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    id: 'u1',
    email: 'accountant@example.com',
    name: 'Accountant',
    img: null,
    provider: 'email',
    lastLoginAt: null,
    role: Role.Editor,
    isGuest: false,
    twoFactorEnabled: false,
    disabled: false,
    ...overrides,
  };
}
