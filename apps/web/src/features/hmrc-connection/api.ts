import type { Authorisation, Business, SandboxUser, SandboxUserType } from '@vatwise/domain';
import { API_TIMEOUT_MS, api } from '../../shared/api/base-api';

/** VAT Wise's HMRC routes (spec section 7): sandbox users, authorisation and businesses. */
export const hmrcApi = api.injectEndpoints({
  endpoints: (build) => ({
    sandboxUsers: build.query<SandboxUser[], void>({
      query: () => '/api/sandbox_users',
      transformResponse: (body: { sandboxUsers: SandboxUser[] }) => body.sandboxUsers,
      providesTags: ['SandboxUsers'],
    }),
    createSandboxUser: build.mutation<SandboxUser, { userType: SandboxUserType }>({
      query: (body) => ({ url: '/api/create_sandbox_user', method: 'POST', body, timeout: API_TIMEOUT_MS.long }),
      invalidatesTags: ['SandboxUsers'],
    }),
    deleteSandboxUser: build.mutation<void, { userId: string }>({
      query: ({ userId }) => ({ url: `/api/sandbox_users/${encodeURIComponent(userId)}`, method: 'DELETE' }),
      invalidatesTags: ['SandboxUsers', 'Businesses', 'VatData'],
    }),
    authorisationUrl: build.mutation<{ url: string }, { userId?: string }>({
      query: ({ userId }) => ({ url: '/api/get_auth_url', params: userId ? { userId } : {} }),
    }),
    exchangeCode: build.mutation<
      { userId: string | null; vrn: string | null; authorisation: Authorisation },
      { code: string; state: string }
    >({
      query: (body) => ({ url: '/api/exchange_code', method: 'POST', body, timeout: API_TIMEOUT_MS.long }),
      invalidatesTags: ['SandboxUsers', 'Businesses', 'VatData'],
    }),
    refreshToken: build.mutation<{ authorisation: Authorisation }, { userId: string }>({
      query: (body) => ({ url: '/api/refresh_token', method: 'POST', body }),
      invalidatesTags: ['SandboxUsers', 'Businesses'],
    }),
    businesses: build.query<{ businesses: Business[]; current: string | null }, void>({
      query: () => '/api/businesses',
      providesTags: ['Businesses'],
    }),
    selectBusiness: build.mutation<{ businesses: Business[]; current: string | null }, { vrn: string }>({
      query: (body) => ({ url: '/api/businesses/current', method: 'PUT', body }),
      // The switch shows at once; the server's answer confirms it.
      async onQueryStarted({ vrn }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          hmrcApi.util.updateQueryData('businesses', undefined, (draft) => {
            draft.current = vrn;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(hmrcApi.util.upsertQueryData('businesses', undefined, data));
        } catch {
          patch.undo();
        }
      },
    }),
    addBusiness: build.mutation<
      { businesses: Business[]; current: string | null },
      { vrn: string; name?: string; userId: string; replace?: boolean }
    >({
      query: (body) => ({ url: '/api/businesses', method: 'POST', body }),
      invalidatesTags: ['Businesses'],
    }),
  }),
});
