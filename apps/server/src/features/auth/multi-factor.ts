import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type MultiFactorMethod = 'TOTP' | 'OTHER';

export async function recordMultiFactor(
  db: Kysely<Database>,
  userId: string,
  method: MultiFactorMethod,
  at = new Date(),
) {
  const verifiedAt = at.toISOString();
  await db
    .insertInto('user_mfa')
    .values({ user_id: userId, method, verified_at: verifiedAt })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ method, verified_at: verifiedAt }))
    .execute();
}

/**
 * HMRC's Gov-Client-Multi-Factor header (fraud prevention, WEB_APP_VIA_SERVER): the type of the
 * user's last second factor, when it was proved (UTC, to the minute), and a reference that is
 * the same for the same user and factor but reveals nothing: a salted SHA-256 of the user id.
 * Empty when the user has not used a second factor; HMRC forbids placeholder values.
 */
export async function multiFactorHeader(
  db: Kysely<Database>,
  userId: string,
  salt: string,
): Promise<string | undefined> {
  const row = await db.selectFrom('user_mfa').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  return formatMultiFactor(row.method as MultiFactorMethod, new Date(row.verified_at), userId, salt);
}

export function formatMultiFactor(method: MultiFactorMethod, at: Date, userId: string, salt: string): string {
  const timestamp = `${at.toISOString().slice(0, 16)}Z`;
  const reference = crypto.createHash('sha256').update(`${salt}:${userId}:${method}`).digest('hex');
  return `type=${method}&timestamp=${encodeURIComponent(timestamp)}&unique-reference=${reference}`;
}
