import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { api, configureSessionHandling } from '../../shared/api/base-api';
import type { RootState } from '../../shared/store/root';
import { sessionEndedUrl } from './access';
import { authApi } from './api';
import { clearStoredSession } from './session-storage';
import { signedOut } from './slice';

/** docs/reference/product.md §9: the session is refreshed every 45 minutes while the app is open. */
export const SESSION_REFRESH_INTERVAL_MS = 2_700_000;

/**
 * After a failed refresh: forget the user and the sandbox authorisation, and go to /login,
 * carrying the page the user was on so that signing in again brings them back to it.
 */
export function expireSession() {
  clearStoredSession();
  window.location.assign(sessionEndedUrl(window.location));
}

export function installSessionHandling(getState: () => RootState) {
  configureSessionHandling({
    // The API layer is in the store by the time any call can answer 401.
    isSignedIn: () =>
      Boolean(
        authApi.endpoints.me.select()(getState() as Parameters<ReturnType<typeof authApi.endpoints.me.select>>[0]).data,
      ),
    onSessionExpired: expireSession,
  });
}

/** Sign out: end the server session, clear local state and storage, and go to /user/login. */
export function useSignOut() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [signOut] = authApi.useSignOutMutation();
  return useCallback(async () => {
    // First mark the sign-out, so the main area's guard, which may still be on screen while
    // the login page loads, does not offer the page being left as one to return to.
    dispatch(signedOut());
    // Even if the server cannot be reached, this browser forgets the user.
    await signOut().catch(() => undefined);
    clearStoredSession();
    // Forget every cached server answer, the signed-in user among them.
    dispatch(api.util.resetApiState());
    await navigate('/user/login', { replace: true });
  }, [dispatch, navigate, signOut]);
}
