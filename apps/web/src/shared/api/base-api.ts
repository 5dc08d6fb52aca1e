import {
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  createApi,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import { dynamicMiddleware, rootReducer } from '../store/root';
import { browserFraudHeaders } from './fraud-prevention';

/** docs/reference/product.md §9: API time-outs. The long one is the default for HMRC-backed calls. */
export const API_TIMEOUT_MS = { default: 30_000, long: 150_000, short: 5_000 } as const;

/** The one HTTP client: JSON, the session cookie, and a time-out on every call. */
const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/',
  credentials: 'same-origin',
  timeout: API_TIMEOUT_MS.default,
  prepareHeaders: (headers) => {
    headers.set('accept', 'application/json');
    for (const [name, value] of Object.entries(browserFraudHeaders())) headers.set(name, value);
    return headers;
  },
});

let onSessionExpired: () => void = () => undefined;
let isSignedIn: () => boolean = () => false;

/** The auth feature says what "signed in" means and what to do when the session is gone. */
export function configureSessionHandling(handlers: { isSignedIn: () => boolean; onSessionExpired: () => void }) {
  isSignedIn = handlers.isSignedIn;
  onSessionExpired = handlers.onSessionExpired;
}

function pathOf(args: string | FetchArgs): string {
  return typeof args === 'string' ? args : args.url;
}

/** Calls whose 401 is an answer, not an expired session: sign-in attempts and the session check. */
const ownsItsUnauthorized = (path: string) => path.startsWith('/api/auth/') || path === '/api/me';

/**
 * docs/reference/product.md §4, token refresh: on a 401 the client refreshes the session once and replays the
 * request once; if that fails, the user is signed out and sent to /login.
 */
export const baseQueryWithSessionRefresh: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error?.status !== 401 || ownsItsUnauthorized(pathOf(args)) || !isSignedIn()) return result;
  const refreshed = await rawBaseQuery(
    { url: '/api/auth/get-session', timeout: API_TIMEOUT_MS.short },
    api,
    extraOptions,
  );
  if (!refreshed.error && refreshed.data) {
    const replay = await rawBaseQuery(args, api, extraOptions);
    if (replay.error?.status !== 401) return replay;
  }
  onSessionExpired();
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithSessionRefresh,
  tagTypes: [
    'Me',
    'Users',
    'AuditLog',
    'SandboxUsers',
    'Businesses',
    // The practice dashboard: its rows follow the businesses, its review column the returns.
    'Dashboard',
    'ClientRequests',
    'VatData',
    'VatReturns',
    'VatRecords',
    'VatImports',
    'Agents',
    'Practice',
    'ReturnNotes',
    'BusinessActivity',
    'VatSchemes',
    'MarginStock',
    'Notifications',
  ],
  endpoints: () => ({}),
});

declare module '../store/root' {
  interface LazyLoadedSlices {
    api: ReturnType<typeof api.reducer>;
  }
}

// The API layer joins the store when the first screen that uses it loads.
rootReducer.inject({ reducerPath: api.reducerPath, reducer: api.reducer });
dynamicMiddleware.addMiddleware(api.middleware);
