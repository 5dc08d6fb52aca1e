import { effectiveRole, type AuditEntry, type Role, type SignInProvider, type UserRecord } from '@vatwise/domain';
import type { Kysely } from 'kysely';
import crypto from 'node:crypto';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

function isoOrNull(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** SQLite keeps booleans as 0/1, PostgreSQL as booleans. */
const truthy = (value: boolean | number | null | undefined) => value === true || value === 1;

/** 'credential' is better-auth's name for our own email and password. */
function providerOf(providerIds: string[]): SignInProvider {
  if (providerIds.includes('google')) return 'google';
  if (providerIds.includes('github')) return 'github';
  return 'email';
}

function userQuery(db: Db) {
  return db
    .selectFrom('user')
    .select(['id', 'email', 'name', 'image', 'role', 'disabled', 'lastLoginAt', 'twoFactorEnabled', 'createdAt']);
}

async function withProviders(db: Db, rows: Awaited<ReturnType<ReturnType<typeof userQuery>['execute']>>) {
  if (rows.length === 0) return [];
  const accounts = await db
    .selectFrom('account')
    .select(['userId', 'providerId'])
    .where(
      'userId',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  return rows.map((row): UserRecord => ({
    id: row.id,
    email: row.email,
    name: row.name ?? '',
    img: row.image ?? null,
    provider: providerOf(accounts.filter((account) => account.userId === row.id).map((account) => account.providerId)),
    lastLoginAt: isoOrNull(row.lastLoginAt),
    role: effectiveRole(row.role),
    isGuest: false,
    twoFactorEnabled: truthy(row.twoFactorEnabled),
    disabled: truthy(row.disabled),
  }));
}

export async function findUserRecord(db: Db, id: string): Promise<UserRecord | undefined> {
  const rows = await userQuery(db).where('id', '=', id).execute();
  return (await withProviders(db, rows))[0];
}

/** Users whose name or email contains the search text (any case), newest first. */
export async function listUserRecords(db: Db, search?: string): Promise<UserRecord[]> {
  let query = userQuery(db).orderBy('createdAt', 'desc');
  if (search) {
    const pattern = `%${search.toLowerCase()}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['email']), 'like', eb.val(pattern)),
        eb(eb.fn('lower', ['name']), 'like', eb.val(pattern)),
      ]),
    );
  }
  return withProviders(db, await query.execute());
}

/** Enabled Admins, counting stored users with no role as Editors. */
export async function countActiveAdmins(db: Db, role: Role): Promise<number> {
  const rows = await db.selectFrom('user').select(['role', 'disabled']).where('role', '=', role).execute();
  return rows.filter((row) => !truthy(row.disabled)).length;
}

export async function updateRole(db: Db, id: string, role: Role) {
  await db.updateTable('user').set({ role, updatedAt: new Date().toISOString() }).where('id', '=', id).execute();
}

export async function updateDisabled(db: Db, id: string, disabled: boolean) {
  // 1/0 suits both databases: SQLite has no boolean type, PostgreSQL casts '1' and '0'.
  await db
    .updateTable('user')
    .set({ disabled: disabled ? 1 : 0, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function deleteSessionsOf(db: Db, userId: string) {
  await db.deleteFrom('session').where('userId', '=', userId).execute();
}

export async function appendAudit(db: Db, entry: Omit<AuditEntry, 'id' | 'at'>): Promise<AuditEntry> {
  const row: AuditEntry = { id: crypto.randomUUID(), at: new Date().toISOString(), ...entry };
  await db
    .insertInto('audit_log')
    .values({
      id: row.id,
      at: row.at,
      actor_id: row.actorId,
      actor_email: row.actorEmail,
      action: row.action,
      target_id: row.targetId,
      target_email: row.targetEmail,
      detail: row.detail,
    })
    .execute();
  return row;
}

export async function listAudit(db: Db, limit = 200): Promise<AuditEntry[]> {
  const rows = await db.selectFrom('audit_log').selectAll().orderBy('at', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    action: row.action as AuditEntry['action'],
    targetId: row.target_id,
    targetEmail: row.target_email,
    detail: row.detail,
  }));
}
