import type { PracticeAuditPage, PracticeAuditQuery, PracticeClientList } from '@vatwise/domain';
import { api } from '../../shared/api/base-api';

/** The query string of an audit log's filters, without the empty ones. */
export function auditParams(query: PracticeAuditQuery): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

/** Where the audit log's CSV of these filters downloads from. */
export const auditCsvUrl = (query: PracticeAuditQuery) =>
  `/api/practice/audit?${new URLSearchParams({ ...auditParams({ ...query, page: undefined }), format: 'csv' })}`;

/** Working across many clients: assigning clients to members, the practice's audit log. */
export const practiceClientsApi = api.injectEndpoints({
  endpoints: (build) => ({
    practiceClients: build.query<PracticeClientList, void>({
      query: () => '/api/practice/clients',
      providesTags: ['Practice'],
    }),
    assignClient: build.mutation<PracticeClientList, { vrn: string; userId: string | null }>({
      query: ({ vrn, userId }) => ({ url: `/api/practice/clients/${vrn}/assignee`, method: 'PUT', body: { userId } }),
      invalidatesTags: ['Practice', 'Dashboard', 'BusinessActivity'],
    }),
    practiceAudit: build.query<PracticeAuditPage, PracticeAuditQuery>({
      query: (query) => ({ url: '/api/practice/audit', params: auditParams(query) }),
      providesTags: ['BusinessActivity'],
    }),
  }),
});
