import { Role, roleName, type AuditEntry, type UserRecord } from '@vatwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SessionUser } from '../../plugins/access';
import { AppError } from '../../plugins/errors';
import {
  appendAudit,
  countActiveAdmins,
  deleteSessionsOf,
  findUserRecord,
  listAudit,
  listUserRecords,
  updateDisabled,
  updateRole,
} from './repo';

type Db = Kysely<Database>;

async function requireUser(db: Db, id: string): Promise<UserRecord> {
  const user = await findUserRecord(db, id);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user;
}

/** An installation always keeps one enabled Admin, or nobody could manage it any more. */
async function refuseIfLastAdmin(db: Db, target: UserRecord) {
  if (target.role === Role.Admin && !target.disabled && (await countActiveAdmins(db, Role.Admin)) <= 1) {
    throw new AppError('LAST_ADMIN');
  }
}

export async function listUsers(db: Db, search?: string) {
  return listUserRecords(db, search);
}

export async function changeRole(db: Db, actor: SessionUser, targetId: string, role: Role) {
  const target = await requireUser(db, targetId);
  if (target.role === role) return { user: target };
  if (role !== Role.Admin) await refuseIfLastAdmin(db, target);
  await updateRole(db, targetId, role);
  const audit = await appendAudit(db, {
    actorId: actor.id,
    actorEmail: actor.email,
    action: 'role.changed',
    targetId,
    targetEmail: target.email,
    detail: `${roleName(target.role)} -> ${roleName(role)}`,
  });
  return { user: await requireUser(db, targetId), audit };
}

/** A disabled account cannot sign in, and its sessions end at once. */
export async function setDisabled(db: Db, actor: SessionUser, targetId: string, disabled: boolean) {
  const target = await requireUser(db, targetId);
  if (target.disabled === disabled) return { user: target };
  if (disabled) await refuseIfLastAdmin(db, target);
  await updateDisabled(db, targetId, disabled);
  if (disabled) await deleteSessionsOf(db, targetId);
  const audit: AuditEntry = await appendAudit(db, {
    actorId: actor.id,
    actorEmail: actor.email,
    action: disabled ? 'user.disabled' : 'user.enabled',
    targetId,
    targetEmail: target.email,
    detail: disabled ? 'Account disabled; its sessions were ended' : 'Account enabled',
  });
  return { user: await requireUser(db, targetId), audit };
}

export async function auditLog(db: Db) {
  return listAudit(db);
}
