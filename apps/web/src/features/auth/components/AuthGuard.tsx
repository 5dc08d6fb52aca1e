import { Button, Center, LoadingOverlay, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { Navigate, useLocation, useMatches } from 'react-router';
import { describeError } from '../../../shared/api/http-errors';
import { clientConfig } from '../../../shared/config/client-config';
import type { RootState } from '../../../shared/store/root';
import { anyUser, decideAccess, type RouteAccess } from '../access';
import { authApi } from '../api';
import { expireSession, installSessionHandling, SESSION_REFRESH_INTERVAL_MS } from '../session';
import { clearStoredSession, storeCurrentUser } from '../session-storage';
import { useAuth } from '../slice';

/** The access of the deepest matched route that declares one. */
function useRouteAccess(): RouteAccess {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const access = (matches[index]?.handle as { access?: RouteAccess } | undefined)?.access;
    if (access) return access;
  }
  return anyUser;
}

/**
 * The auth guard (docs/reference/product.md §4): checking -> authenticated or denied. Denied goes to
 * /user/login (carrying the requested location, path and query, to return to after signing in;
 * saying the session ended if this tab had a user) or /unauthorized; guest-allowed pages
 * render anyway; DISABLE_AUTH_GUARD (development) lets everything render.
 */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const store = useStore<RootState>();
  const auth = useAuth();
  const { me } = auth;
  const location = useLocation();
  const access = useRouteAccess();
  const [refreshSession] = authApi.useRefreshSessionMutation();

  useEffect(() => installSessionHandling(store.getState), [store]);
  // The product reference keeps the current user in local storage as currentUser.
  useEffect(() => {
    if (auth.user) storeCurrentUser(auth.user);
    else if (auth.status === 'anonymous') clearStoredSession();
  }, [auth.user, auth.status]);

  // Each page change re-reads the user, so a role change or a disabled account takes effect at once.
  // Not the page the user was first read on: that read has just happened.
  const { refetch } = me;
  const readOnPath = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (auth.status !== 'signedIn') {
      readOnPath.current = undefined;
      return;
    }
    if (readOnPath.current !== undefined && readOnPath.current !== location.pathname) void refetch();
    readOnPath.current = location.pathname;
  }, [location.pathname, auth.status, refetch]);

  // Someone who was signed in here and is now found signed out, without signing out in this tab:
  // their session ended (expired, or ended on the server), so the sign-in page says so.
  const [hadUser, setHadUser] = useState(false);
  if (auth.status === 'signedIn' && !hadUser) setHadUser(true);

  useEffect(() => {
    if (auth.status !== 'signedIn') return;
    const timer = setInterval(async () => {
      const result = await refreshSession();
      if ('error' in result || !result.data) expireSession();
    }, SESSION_REFRESH_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [auth.status, refreshSession]);

  if (!clientConfig.authGuard) return children;

  const decision = decideAccess(
    access,
    { status: auth.status, role: auth.user?.role, signedOut: auth.signedOut },
    location.pathname + location.search,
  );
  const confirmingRefusal = typeof decision === 'object' && decision.redirect === '/unauthorized' && me.isFetching;
  if (decision === 'check' || confirmingRefusal) {
    if (me.isError && !me.isFetching && me.error && 'status' in me.error) {
      const message = me.error.status === 'TIMEOUT_ERROR' ? t('auth.stateTimeout') : describeError(me.error, t);
      return (
        <Center mih="60vh">
          <Stack align="center" role="alert">
            <Text>{message}</Text>
            <Button onClick={() => void me.refetch()}>{t('chunk.retry')}</Button>
          </Stack>
        </Center>
      );
    }
    return (
      <LoadingOverlay
        visible
        zIndex={300}
        loaderProps={{
          children: (
            <Text size="lg" role="status">
              {t('auth.verifying')}
            </Text>
          ),
        }}
      />
    );
  }
  if (typeof decision === 'object') {
    const sessionEnded = auth.status === 'anonymous' && hadUser && !auth.signedOut;
    return <Navigate to={decision.redirect} replace state={sessionEnded ? { reason: 'session-ended' } : undefined} />;
  }
  return children;
}
