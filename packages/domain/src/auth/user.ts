import { z } from 'zod';
import { Role } from '../roles';
import { practiceSchema } from '../practice/roles';

export const roleSchema = z.union([z.literal(Role.Admin), z.literal(Role.Editor), z.literal(Role.Guest)]);

/** How a user signs in: a password of ours, or a social provider. */
export const providerSchema = z.enum(['email', 'google', 'github']);
export type SignInProvider = z.infer<typeof providerSchema>;

/** The user record the browser sees (spec section 3), from GET /api/me and the user list. */
export const userRecordSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  /** A photo URL from the provider, or null for the default avatar. */
  img: z.string().nullable(),
  provider: providerSchema,
  lastLoginAt: z.string().nullable(),
  role: roleSchema,
  isGuest: z.boolean(),
  twoFactorEnabled: z.boolean(),
  disabled: z.boolean(),
  /** GET /api/me only: the practice the session works in, or null working alone. */
  practice: practiceSchema.nullable().optional(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/** "Continue as guest": a user with no server account (spec section 3, guest default). */
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

/** A stored user without a role is an Editor (spec section 4, role on login). */
export function effectiveRole(stored: number | null | undefined): Role {
  return stored === Role.Admin || stored === Role.Editor || stored === Role.Guest ? stored : Role.Editor;
}

export const updateRoleBodySchema = z.object({ role: roleSchema });
export const setDisabledBodySchema = z.object({ disabled: z.boolean() });
export const userListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string(),
  actorEmail: z.string(),
  action: z.enum(['role.changed', 'user.disabled', 'user.enabled']),
  targetId: z.string(),
  targetEmail: z.string(),
  detail: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
