import type { Dashboard } from '@vatwise/domain';
import { api } from '../../shared/api/base-api';

/** The practice dashboard's one route: the rows as last read, and a way to read them all again. */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<Dashboard, { refresh?: boolean } | void>({
      query: (args) => ({ url: '/api/dashboard', params: args?.refresh ? { refresh: 'true' } : {} }),
      providesTags: ['Businesses', 'Dashboard'],
    }),
  }),
});
