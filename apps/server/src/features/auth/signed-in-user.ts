import type { UserRecord } from '@vatwise/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../plugins/access';
import { findUserRecord } from '../users';

/**
 * The record of whoever is signed in (what GET /api/me answers and a page load carries), or null
 * for nobody. Read through the session cache, so it is forgotten with the session.
 */
export function signedInUserReader(
  app: FastifyInstance,
  resolveUser: (request: FastifyRequest) => Promise<SessionUser | null>,
) {
  return async (request: FastifyRequest): Promise<UserRecord | null> => {
    const sessionUser = await resolveUser(request);
    if (!sessionUser) return null;
    const record = await app.sessionCache.userRecord(request, sessionUser, () =>
      findUserRecord(app.database.db, sessionUser.id),
    );
    return record ? { ...record, practice: sessionUser.practice } : null;
  };
}
