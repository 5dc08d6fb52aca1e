import type { AuditEntry, Role, UserRecord } from '@vatwise/domain';
import { api } from '../../shared/api/base-api';

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<UserRecord[], string>({
      query: (search) => ({ url: '/api/users', params: search ? { search } : undefined }),
      transformResponse: (body: { users: UserRecord[] }) => body.users,
      providesTags: ['Users'],
    }),
    changeRole: build.mutation<{ user: UserRecord }, { id: string; role: Role }>({
      query: ({ id, role }) => ({ url: `/api/users/${encodeURIComponent(id)}/role`, method: 'PUT', body: { role } }),
      invalidatesTags: ['Users', 'AuditLog', 'Me'],
    }),
    setDisabled: build.mutation<{ user: UserRecord }, { id: string; disabled: boolean }>({
      query: ({ id, disabled }) => ({
        url: `/api/users/${encodeURIComponent(id)}/disabled`,
        method: 'PUT',
        body: { disabled },
      }),
      invalidatesTags: ['Users', 'AuditLog'],
    }),
    auditLog: build.query<AuditEntry[], void>({
      query: () => '/api/users/audit-log',
      transformResponse: (body: { entries: AuditEntry[] }) => body.entries,
      providesTags: ['AuditLog'],
    }),
  }),
});
