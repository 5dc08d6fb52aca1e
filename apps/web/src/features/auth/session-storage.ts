import { type UserRecord, userRecordOf } from '@vatwise/domain';
import { readStored, writeStored } from '../../shared/storage/local-storage';

/** Local storage keys from docs/reference/product.md §3: the current user and the sandbox authorisation. */
export const CURRENT_USER_KEY = 'currentUser';
export const AUTHORIZATION_DETAILS_KEY = 'authorizationDetails';

export function storedCurrentUser(): UserRecord | undefined {
  return readStored(CURRENT_USER_KEY, userRecordOf);
}

export function storeCurrentUser(user: UserRecord) {
  writeStored(CURRENT_USER_KEY, user);
}

/** Logout removes currentUser and authorizationDetails (docs/reference/product.md §4, auth actions). */
export function clearStoredSession() {
  try {
    window.localStorage.removeItem(CURRENT_USER_KEY);
    window.localStorage.removeItem(AUTHORIZATION_DETAILS_KEY);
  } catch {
    // Storage refused: nothing was kept there to remove.
  }
}
