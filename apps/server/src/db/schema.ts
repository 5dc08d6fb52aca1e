import type { Generated } from 'kysely';

/**
 * Tables as Kysely sees them. better-auth creates and migrates its own tables (user, session,
 * account, verification, twoFactor); they are listed here with the columns our code reads.
 * Each of our migrations that adds a table adds its interface here.
 */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: Generated<string>;
}

/** better-auth's user table, with our additional fields (features/auth/auth.ts). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  role: number | null;
  disabled: boolean | number | null;
  lastLoginAt: Date | string | null;
  twoFactorEnabled: boolean | number | null;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Date | string;
}

export interface AccountTable {
  id: string;
  userId: string;
  providerId: string;
  accountId: string;
  createdAt: Date | string;
}

export interface AuditLogTable {
  id: string;
  at: string;
  actor_id: string;
  actor_email: string;
  action: string;
  target_id: string;
  target_email: string;
  detail: string;
}

/** When each user last proved a second factor: HMRC's Gov-Client-Multi-Factor header needs it. */
export interface UserMfaTable {
  user_id: string;
  method: string;
  verified_at: string;
}

export interface Database {
  app_meta: AppMetaTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  audit_log: AuditLogTable;
  user_mfa: UserMfaTable;
}
