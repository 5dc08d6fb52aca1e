import { userRecordOf } from '@vatwise/domain';
import { authApi } from './api';

/**
 * Answers the session check with the user the page came with (see shared/api/page-user.ts), as
 * if GET /api/me had just been read; something that is not a user record is ignored.
 * Returns the action to dispatch, or undefined.
 */
export function seedPageUser(pageUser: unknown) {
  const user = userRecordOf(pageUser);
  return user ? authApi.util.upsertQueryEntries([{ endpointName: 'me', arg: undefined, value: user }]) : undefined;
}
