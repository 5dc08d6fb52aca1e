import type {
  AddClientBody,
  Authorisation,
  Business,
  ClientRequest,
  ClientRequestList,
  SandboxUser,
  SandboxUserType,
} from '@vatwise/domain';
import { businessesPath } from '@vatwise/domain';
import { API_TIMEOUT_MS, api } from '../../shared/api/base-api';

/** GET /api/businesses: the workspace's businesses, and the one this person works on. */
export type BusinessList = { businesses: Business[]; current: string | null };

/** A grant's answer, with the businesses as read once it was stored (null when that read failed). */
export type ExchangeAnswer = {
  userId: string | null;
  vrn: string | null;
  authorisation: Authorisation;
  businesses: BusinessList | null;
};

/** VAT Wise's HMRC routes (docs/reference/product.md §7): sandbox users, authorisation and businesses. */
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
    authorisationUrl: build.mutation<{ url: string }, { userId?: string; agentArn?: string }>({
      query: ({ userId, agentArn }) => ({
        url: '/api/get_auth_url',
        params: { ...(userId ? { userId } : {}), ...(agentArn ? { agentArn } : {}) },
      }),
    }),
    // The server stores the business before it answers; the list is read before the answer is
    // handed on, so no screen says "granted" while its businesses still lack the new one.
    exchangeCode: build.mutation<ExchangeAnswer, { code: string; state: string }>({
      async queryFn(body, { dispatch }, _extra, baseQuery) {
        const exchanged = await baseQuery({
          url: '/api/exchange_code',
          method: 'POST',
          body,
          timeout: API_TIMEOUT_MS.long,
        });
        if (exchanged.error) return { error: exchanged.error };
        const listed = await baseQuery(businessesPath);
        const businesses = listed.error ? null : (listed.data as BusinessList);
        if (businesses) dispatch(businessesRead(businesses));
        return { data: { ...(exchanged.data as Omit<ExchangeAnswer, 'businesses'>), businesses } };
      },
      // The list is in the cache already, unless it could not be read.
      invalidatesTags: (answer) => [
        'SandboxUsers',
        'VatData',
        ...(answer?.businesses ? [] : (['Businesses'] as const)),
      ],
    }),
    refreshToken: build.mutation<{ authorisation: Authorisation }, { userId: string }>({
      query: (body) => ({ url: '/api/refresh_token', method: 'POST', body }),
      invalidatesTags: ['SandboxUsers', 'Businesses'],
    }),
    businesses: build.query<BusinessList, void>({
      query: () => businessesPath,
      providesTags: ['Businesses'],
    }),
    selectBusiness: build.mutation<BusinessList, { vrn: string }>({
      query: (body) => ({ url: `${businessesPath}/current`, method: 'PUT', body }),
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
    addBusiness: build.mutation<BusinessList, { vrn: string; name?: string; userId: string; replace?: boolean }>({
      query: (body) => ({ url: businessesPath, method: 'POST', body }),
      invalidatesTags: ['Businesses', 'ClientRequests'],
    }),
    // --- a tax agent's clients ---
    clientRequests: build.query<ClientRequestList, { refresh?: boolean } | void>({
      query: (args) => ({ url: '/api/client_requests', params: args?.refresh ? { refresh: 'true' } : {} }),
      providesTags: ['ClientRequests'],
    }),
    addClient: build.mutation<ClientRequest, AddClientBody>({
      query: (body) => ({ url: '/api/client_requests', method: 'POST', body, timeout: API_TIMEOUT_MS.long }),
      invalidatesTags: ['ClientRequests'],
    }),
    // Both answer with the whole list as it now stands: it replaces the cached one.
    cancelClientRequest: build.mutation<ClientRequestList, { id: string }>({
      query: ({ id }) => ({ url: `/api/client_requests/${encodeURIComponent(id)}/cancel`, method: 'POST' }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        await whenAnswered(queryFulfilled, (data) => {
          dispatch(hmrcApi.util.upsertQueryData('clientRequests', undefined, data));
        });
      },
    }),
    // Re-checks every authority at once: waiting requests and accepted clients' relationships.
    recheckClientAuthorities: build.mutation<ClientRequestList, void>({
      query: () => ({ url: '/api/client_requests/recheck', method: 'POST', timeout: API_TIMEOUT_MS.long }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        await whenAnswered(queryFulfilled, (data) => {
          dispatch(hmrcApi.util.upsertQueryData('clientRequests', undefined, data));
        });
      },
      invalidatesTags: ['Businesses', 'Dashboard'],
    }),
    // A new request with an earlier one's VRN, registration date and name.
    askClientAgain: build.mutation<ClientRequest, { id: string }>({
      query: ({ id }) => ({
        url: `/api/client_requests/${encodeURIComponent(id)}/ask_again`,
        method: 'POST',
        timeout: API_TIMEOUT_MS.long,
      }),
      invalidatesTags: ['ClientRequests'],
    }),
    // The agent ends its authority for the client through HMRC.
    endClientAuthority: build.mutation<ClientRequestList, { id: string }>({
      query: ({ id }) => ({ url: `/api/client_requests/${encodeURIComponent(id)}/end_authority`, method: 'POST' }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        await whenAnswered(queryFulfilled, (data) => {
          dispatch(hmrcApi.util.upsertQueryData('clientRequests', undefined, data));
        });
      },
      invalidatesTags: ['Businesses', 'Dashboard'],
    }),
    answerAsSandboxClient: build.mutation<ClientRequestList, { id: string; accept: boolean }>({
      query: ({ id, accept }) => ({
        url: `/api/client_requests/${encodeURIComponent(id)}/sandbox_answer`,
        method: 'POST',
        body: { accept },
        // A browser signs in as the client on HMRC's page: allow it the long time.
        timeout: API_TIMEOUT_MS.long,
      }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        await whenAnswered(queryFulfilled, (data) => {
          dispatch(hmrcApi.util.upsertQueryData('clientRequests', undefined, data));
        });
      },
      invalidatesTags: ['Businesses', 'SandboxUsers'],
    }),
  }),
});

/**
 * The businesses' query answered with a list read elsewhere (a grant's answer, here or in HMRC's
 * window), as a finished read: it replaces the cached list, and a read still on its way is dropped.
 */
export const businessesRead = (list: BusinessList) =>
  hmrcApi.util.upsertQueryEntries([{ endpointName: 'businesses', arg: undefined, value: list }]);

/** Hands a mutation’s answer to `keep`; a failed call changes nothing (the screen shows its error). */
async function whenAnswered<T>(answered: Promise<{ data: T }>, keep: (data: T) => void): Promise<void> {
  try {
    keep((await answered).data);
  } catch {
    // Shown where the mutation was called.
  }
}
