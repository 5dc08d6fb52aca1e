import { z } from 'zod';
import { Role } from '../roles';
import { practiceSchema } from '../practice/roles';
import type { Assert, SameType } from '../type-checks';
import { signInProviders, type UserRecord } from './user-record';

export const roleSchema = z.union([z.literal(Role.Admin), z.literal(Role.Editor), z.literal(Role.Guest)]);

export const providerSchema = z.enum(signInProviders);

/** The schema of UserRecord (auth/user-record.ts), for the API's validation and documents. */
export const userRecordSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  img: z.string().nullable(),
  provider: providerSchema,
  lastLoginAt: z.string().nullable(),
  role: roleSchema,
  isGuest: z.boolean(),
  twoFactorEnabled: z.boolean(),
  disabled: z.boolean(),
  practice: practiceSchema.nullable().optional(),
});
export type UserRecordSchemaMatches = Assert<SameType<z.infer<typeof userRecordSchema>, UserRecord>>;

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
