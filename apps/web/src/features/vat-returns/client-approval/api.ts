import type {
  ClientAnswer,
  ClientApprovalPage,
  ClientApproveBody,
  ClientQueryBody,
  ReturnDraft,
  SentClientApproval,
} from '@vatwise/domain';
import { api } from '../../../shared/api/base-api';
import { vatReturnsApi } from '../api';

/** The client's approval of a return (server: features/vat-returns/client-approval/routes.ts). */
export const clientApprovalApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendClientApproval: build.mutation<SentClientApproval, { id: string; email?: string }>({
      query: ({ id, email }) => ({
        url: `/api/vat_returns/${encodeURIComponent(id)}/client_approval`,
        method: 'POST',
        body: email ? { email } : {},
      }),
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(
          vatReturnsApi.util.updateQueryData('vatReturn', id, (draft: ReturnDraft) => {
            draft.clientApproval = data.approval;
          }),
        );
      },
      invalidatesTags: ['BusinessActivity'],
    }),
    // The client's own page: no session, the token is the only key.
    clientApprovalPage: build.query<ClientApprovalPage, string>({
      query: (token) => `/api/client_approval/${encodeURIComponent(token)}`,
      keepUnusedDataFor: 0,
    }),
    clientApprove: build.mutation<ClientAnswer, { token: string } & ClientApproveBody>({
      query: ({ token, ...body }) => ({
        url: `/api/client_approval/${encodeURIComponent(token)}/approve`,
        method: 'POST',
        body,
      }),
    }),
    clientQuery: build.mutation<ClientAnswer, { token: string } & ClientQueryBody>({
      query: ({ token, ...body }) => ({
        url: `/api/client_approval/${encodeURIComponent(token)}/query`,
        method: 'POST',
        body,
      }),
    }),
  }),
});
