import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Role } from '../roles';
import { practiceRoles } from '../practice/member-roles';
import { userRecordSchema } from './user';
import { guestUser, signInProviders, userRecordOf } from './user-record';

/** What the schema makes of a value: the parsed record, or undefined when it refuses it. */
const parsedBySchema = (value: unknown) => {
  const parsed = userRecordSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

const practice = fc.record({ id: fc.string(), name: fc.string(), role: fc.constantFrom(...practiceRoles) });
const validRecord = fc.record(
  {
    id: fc.string(),
    email: fc.string(),
    name: fc.string(),
    img: fc.option(fc.string(), { nil: null }),
    provider: fc.constantFrom(...signInProviders),
    lastLoginAt: fc.option(fc.string(), { nil: null }),
    role: fc.constantFrom(Role.Admin, Role.Editor, Role.Guest),
    isGuest: fc.boolean(),
    twoFactorEnabled: fc.boolean(),
    disabled: fc.boolean(),
    practice: fc.option(practice, { nil: null }),
  },
  {
    requiredKeys: [
      'id',
      'email',
      'name',
      'img',
      'provider',
      'lastLoginAt',
      'role',
      'isGuest',
      'twoFactorEnabled',
      'disabled',
    ],
  },
);
/** A valid record with one field replaced by anything, one removed, or one unknown added. */
const nearlyValid = fc.oneof(
  fc.tuple(validRecord, fc.string(), fc.anything()).map(([record, key, value]) => ({ ...record, [key]: value })),
  fc
    .tuple(validRecord, fc.constantFrom(...Object.keys(guestUser), 'practice'), fc.anything())
    .map(([record, key, value]) => ({ ...record, [key]: value })),
  fc
    .tuple(validRecord, fc.constantFrom(...Object.keys(guestUser)))
    .map(([record, key]) => Object.fromEntries(Object.entries(record).filter(([name]) => name !== key))),
  fc
    .tuple(validRecord, fc.anything())
    .map(([record, value]) => ({ ...record, practice: { id: 'p', name: 'P', role: value } })),
);

describe('userRecordOf (the check without zod that the browser uses before its first paint)', () => {
  it('accepts and refuses exactly what the schema does, and keeps only the known fields as it does', () => {
    fc.assert(
      fc.property(fc.oneof(validRecord, nearlyValid, fc.anything()), (value) => {
        expect(userRecordOf(value)).toEqual(parsedBySchema(value));
      }),
      { numRuns: 2_000 },
    );
  });

  it('accepts the guest user and a signed-in member of a practice', () => {
    expect(userRecordOf(guestUser)).toEqual(guestUser);
    const member = {
      ...guestUser,
      id: 'u1',
      isGuest: false,
      practice: { id: 'p1', name: 'Ledger & Co', role: 'reviewer' },
    };
    expect(userRecordOf(member)).toEqual(member);
    expect(userRecordOf({ ...member, practice: { ...member.practice, role: 'partner' } })).toBeUndefined();
    expect(userRecordOf({ ...guestUser, role: 7 })).toBeUndefined();
  });
});
