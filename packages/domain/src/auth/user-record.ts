import { Role } from '../roles';
import { type PracticeSummary, practiceRoles } from '../practice/member-roles';

/*
 * The user record as a plain type and a check, without zod: the browser reads a user before its
 * first paint (the page's own user, the one kept in storage), and zod is a fifth of that page's
 * script. auth/user.ts holds the schema, which must describe the same type (checked there), and
 * user-record.test.ts checks that `userRecordOf` accepts what the schema accepts.
 */

/** How a user signs in: a password of ours, or a social provider. */
export const signInProviders = ['email', 'google', 'github'] as const;
export type SignInProvider = (typeof signInProviders)[number];

/** The user record the browser sees (docs/reference/product.md §3), from GET /api/me and the user list. */
export interface UserRecord {
  id: string;
  email: string;
  name: string;
  /** A photo URL from the provider, or null for the default avatar. */
  img: string | null;
  provider: SignInProvider;
  lastLoginAt: string | null;
  role: Role;
  isGuest: boolean;
  twoFactorEnabled: boolean;
  disabled: boolean;
  /** GET /api/me only: the practice the session works in, or null working alone. */
  practice?: PracticeSummary | null | undefined;
}

/** "Continue as guest": a user with no server account (docs/reference/product.md §3, guest default). */
export const guestUser: UserRecord = {
  id: 'guest',
  email: '',
  name: 'Guest User',
  img: null,
  provider: 'email',
  lastLoginAt: null,
  role: Role.Guest,
  isGuest: true,
  twoFactorEnabled: false,
  disabled: false,
};

/** A stored user without a role is an Editor (docs/reference/product.md §4, role on login). */
export function effectiveRole(stored: number | null | undefined): Role {
  return stored === Role.Admin || stored === Role.Editor || stored === Role.Guest ? stored : Role.Editor;
}

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isStringOrNull = (value: unknown): value is string | null => value === null || isString(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isOneOf = <T>(values: readonly T[], value: unknown): value is T => values.includes(value as T);

function practiceOf(value: unknown): PracticeSummary | null | undefined | false {
  if (value === undefined || value === null) return value;
  if (!isFields(value) || !isString(value.id) || !isString(value.name) || !isOneOf(practiceRoles, value.role)) {
    return false;
  }
  return { id: value.id, name: value.name, role: value.role };
}

/**
 * The user record in `value` (its known fields only, as the schema's parse gives), or undefined
 * when `value` is not one: kept data may be old or edited by hand.
 */
export function userRecordOf(value: unknown): UserRecord | undefined {
  if (!isFields(value)) return undefined;
  const { id, email, name, img, provider, lastLoginAt, role, isGuest, twoFactorEnabled, disabled } = value;
  const practice = practiceOf(value.practice);
  if (
    !isString(id) ||
    !isString(email) ||
    !isString(name) ||
    !isStringOrNull(img) ||
    !isOneOf(signInProviders, provider) ||
    !isStringOrNull(lastLoginAt) ||
    !isOneOf([Role.Admin, Role.Editor, Role.Guest], role) ||
    !isBoolean(isGuest) ||
    !isBoolean(twoFactorEnabled) ||
    !isBoolean(disabled) ||
    practice === false
  ) {
    return undefined;
  }
  const record: UserRecord = { id, email, name, img, provider, lastLoginAt, role, isGuest, twoFactorEnabled, disabled };
  if (practice !== undefined) record.practice = practice;
  return record;
}
