import type { BulkInvitationAnswer, BulkInvitationBody } from '@vatwise/domain';
import { api } from '../../shared/api/base-api';

/** Inviting many clients from a CSV: a preview reads and checks the rows, a send asks HMRC for each. */
export const bulkInviteApi = api.injectEndpoints({
  endpoints: (build) => ({
    inviteFromCsv: build.mutation<BulkInvitationAnswer, BulkInvitationBody>({
      query: (body) => ({ url: '/api/client_requests/bulk', method: 'POST', body }),
      invalidatesTags: (_answer, _error, body) => (body.preview ? [] : ['ClientRequests', 'Practice']),
    }),
  }),
});
