import type { UserRecord } from '@vatwise/domain';
import { API_TIMEOUT_MS, api } from '../../shared/api/base-api';

/** docs/reference/product.md §9: sign-in state waits at most 10 000 ms ('Auth state timeout'). */
export const AUTH_WAIT_TIMEOUT_MS = 10_000;

export type SignInResult = { twoFactorRedirect: true } | { twoFactorRedirect?: false; user: { id: string } };
export type SocialProvider = 'google' | 'github';

/** better-auth's own endpoints (under /api/auth) and our /api/me. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user, or null for nobody. */
    me: build.query<UserRecord | null, void>({
      query: () => ({ url: '/api/me', timeout: AUTH_WAIT_TIMEOUT_MS }),
      transformResponse: (body: { user: UserRecord | null }) => body.user,
      providesTags: ['Me'],
    }),
    signIn: build.mutation<SignInResult, { email: string; password: string; rememberMe: boolean }>({
      query: (body) => ({ url: '/api/auth/sign-in/email', method: 'POST', body }),
    }),
    /** `token` null: the address must be proved first (the server has mailed the link). */
    signUp: build.mutation<
      { token: string | null },
      { name: string; email: string; password: string; callbackURL: string }
    >({
      query: (body) => ({ url: '/api/auth/sign-up/email', method: 'POST', body }),
    }),
    signOut: build.mutation<unknown, void>({
      query: () => ({ url: '/api/auth/sign-out', method: 'POST', body: {} }),
    }),
    requestPasswordReset: build.mutation<unknown, { email: string }>({
      query: ({ email }) => ({
        url: '/api/auth/request-password-reset',
        method: 'POST',
        body: { email, redirectTo: '/user/reset-password' },
      }),
    }),
    resetPassword: build.mutation<unknown, { token: string; newPassword: string }>({
      query: (body) => ({ url: '/api/auth/reset-password', method: 'POST', body }),
    }),
    verifyTotp: build.mutation<unknown, { code: string; trustDevice: boolean }>({
      query: (body) => ({ url: '/api/auth/two-factor/verify-totp', method: 'POST', body }),
    }),
    verifyBackupCode: build.mutation<unknown, { code: string }>({
      query: (body) => ({ url: '/api/auth/two-factor/verify-backup-code', method: 'POST', body }),
    }),
    enableTwoFactor: build.mutation<{ totpURI: string; backupCodes: string[] }, { password: string }>({
      query: (body) => ({ url: '/api/auth/two-factor/enable', method: 'POST', body }),
    }),
    disableTwoFactor: build.mutation<unknown, { password: string }>({
      query: (body) => ({ url: '/api/auth/two-factor/disable', method: 'POST', body }),
      invalidatesTags: ['Me'],
    }),
    socialSignIn: build.mutation<{ url: string }, { provider: SocialProvider; callbackURL: string }>({
      query: ({ provider, callbackURL }) => ({
        url: '/api/auth/sign-in/social',
        method: 'POST',
        body: { provider, callbackURL, errorCallbackURL: `/user/login?provider=${provider}` },
      }),
    }),
    refreshSession: build.mutation<unknown, void>({
      query: () => ({ url: '/api/auth/get-session', timeout: API_TIMEOUT_MS.short }),
    }),
  }),
});
