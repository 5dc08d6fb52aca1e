import type {
  AgentId,
  AgentInfo,
  AgentLogEntry,
  Authorisation,
  BrowserChoice,
  SettableAgentStatus,
  VatLogEntry,
} from '@vatwise/domain';
import { API_TIMEOUT_MS, api } from '../../shared/api/base-api';

export interface AuthoriserBrowsers {
  /** False against HMRC production: the authoriser is for sandbox test users only. */
  available: boolean;
  browsers: BrowserChoice[];
  /** The authoriser is running for this user now (another tab started it, say). */
  running: boolean;
}

/** The agents' routes (docs/reference/product.md §7): statuses, logs, and the sandbox authoriser. */
export const agentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    agentStatuses: build.query<AgentInfo[], void>({
      query: () => '/api/agents/statuses',
      transformResponse: (body: { agents: AgentInfo[] }) => body.agents,
      providesTags: ['Agents'],
    }),
    setAgentStatus: build.mutation<AgentInfo, { id: AgentId; status: SettableAgentStatus }>({
      query: ({ id, status }) => ({ url: `/api/agents/statuses/${id}`, method: 'PUT', body: { status } }),
      // The answer is the new status; the socket tells everyone else.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(updateAgentInCache(data));
      },
    }),
    runAgent: build.mutation<AgentInfo, { id: AgentId }>({
      query: ({ id }) => ({ url: `/api/agents/${id}/run`, method: 'POST', timeout: API_TIMEOUT_MS.long }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(updateAgentInCache(data));
      },
    }),
    userLogs: build.query<{ agent: AgentLogEntry[]; vat: VatLogEntry[] }, void>({
      query: () => '/api/logs/user',
    }),
    clearAgentLog: build.mutation<{ cleared: number }, void>({
      query: () => ({ url: '/api/logs/clear', method: 'DELETE' }),
    }),
    clearVatLog: build.mutation<{ cleared: number }, void>({
      query: () => ({ url: '/api/logs/vat/clear', method: 'DELETE' }),
    }),
    authoriserBrowsers: build.query<AuthoriserBrowsers, void>({
      query: () => '/api/authorize_user/browsers',
    }),
    authorizeUser: build.mutation<
      { userId: string | null; vrn: string | null; authorisation: Authorisation },
      { userId: string; browser: string }
    >({
      query: (body) => ({ url: '/api/authorize_user', method: 'POST', body, timeout: API_TIMEOUT_MS.long }),
      invalidatesTags: ['SandboxUsers', 'Businesses', 'VatData'],
    }),
    stopAuthorizeUser: build.mutation<{ aborted: boolean }, void>({
      query: () => ({ url: '/api/authorize_user', method: 'DELETE' }),
    }),
  }),
});

/** Puts one agent's new status into the cached list (from a mutation's answer or the socket). */
export function updateAgentInCache(agent: AgentInfo) {
  return agentsApi.util.updateQueryData('agentStatuses', undefined, (agents) => {
    const index = agents.findIndex((candidate) => candidate.id === agent.id);
    if (index >= 0) agents[index] = agent;
  });
}

export const {
  useAgentStatusesQuery,
  useSetAgentStatusMutation,
  useRunAgentMutation,
  useAuthoriserBrowsersQuery,
  useAuthorizeUserMutation,
  useStopAuthorizeUserMutation,
} = agentsApi;
