import { createSlice } from '@reduxjs/toolkit';
import { guestUser, type UserRecord } from '@vatwise/domain';
import { useSelector } from 'react-redux';
import { rootReducer } from '../../shared/store/root';
import { authApi } from './api';
import { storedCurrentUser } from './session-storage';

/**
 * Who the browser acts as. The signed-in user is server data and lives in RTK Query's cache
 * (GET /api/me); the only client state is whether the visitor chose to continue as guest.
 */
export interface AuthState {
  guest: boolean;
  /** The user signed out (or left guest mode) in this tab; cleared when someone signs in. */
  signedOut: boolean;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: (): AuthState => ({ guest: storedCurrentUser()?.isGuest === true, signedOut: false }),
  reducers: {
    guestChosen(state) {
      state.guest = true;
      state.signedOut = false;
    },
    /** Someone signed in or registered (ending guest mode if it was on). */
    signedIn(state) {
      state.guest = false;
      state.signedOut = false;
    },
    /** The user signed out, or left guest mode. */
    signedOut(state) {
      state.guest = false;
      state.signedOut = true;
    },
  },
  selectors: {
    selectIsGuest: (state) => state.guest,
    selectSignedOut: (state) => state.signedOut,
  },
});

declare module '../../shared/store/root' {
  interface LazyLoadedSlices {
    auth: AuthState;
  }
}

export const injectedAuthSlice = authSlice.injectInto(rootReducer);
export const { selectIsGuest, selectSignedOut } = injectedAuthSlice.selectors;
export const { guestChosen, signedIn, signedOut } = authSlice.actions;

export type AuthStatus = 'unknown' | 'signedIn' | 'guest' | 'anonymous';

export interface Auth {
  /** Sign-in state (docs/reference/product.md §4): unknown while checking, then one of the other three. */
  status: AuthStatus;
  user: UserRecord | null;
  /** The user signed out in this tab (so the guard need not offer a page to return to). */
  signedOut: boolean;
  me: ReturnType<typeof authApi.useMeQuery>;
}

/** The current user and sign-in state, checked with the server unless the visitor is the guest. */
export function useAuth(): Auth {
  const guest = useSelector(selectIsGuest);
  const signedOut = useSelector(selectSignedOut);
  const me = authApi.useMeQuery(undefined, { skip: guest });
  if (guest) return { status: 'guest', user: guestUser, me, signedOut };
  if (me.data) return { status: 'signedIn', user: me.data, me, signedOut };
  if (me.data === null) return { status: 'anonymous', user: null, me, signedOut };
  return { status: 'unknown', user: null, me, signedOut };
}
