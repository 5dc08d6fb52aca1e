import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SessionUser } from '../../plugins/access';
import { AppError } from '../../plugins/errors';
import { PracticeRepo } from './repo';

/**
 * Refuses an HMRC call made for `user` when the practice they work in requires two-factor sign-in
 * and they have not turned it on (TWO_FACTOR_REQUIRED), so that call would go without
 * Gov-Client-Multi-Factor. Someone working alone is never refused. The policy is read afresh each
 * time (one primary-key lookup, only for practice members): a change applies at once, on every
 * instance. `user.twoFactorEnabled` may come from the session cache: turning two-factor sign-in on
 * or off forgets that user's cached sessions (features/auth/session-cache.ts).
 */
export async function assertTwoFactorIfRequired(db: Kysely<Database>, user: SessionUser): Promise<void> {
  if (!user.practice || user.twoFactorEnabled) return;
  if (await new PracticeRepo(db).requiresTwoFactor(user.workspaceId)) throw new AppError('TWO_FACTOR_REQUIRED');
}
