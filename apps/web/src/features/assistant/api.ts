import {
  type Conversation,
  type ConversationSummary,
  type LlmSelection,
  type ModelInfo,
  llmSelectionHeader,
} from '@vatwise/domain';
import { api } from '../../shared/api/base-api';

/** The assistant's base address (docs/reference/product.md §7: tax chat calls have their own). */
export const TAXGPT_BASE = '/taxgpt/api';

/**
 * The tax chat calls of docs/reference/product.md §7, through the shared HTTP client (so a 401 refreshes the
 * session once, as every call does). Conversations live in the chat slice, so these are mutations
 * the slice's thunks call; only the model list is cached here.
 */
export const assistantApi = api.injectEndpoints({
  endpoints: (build) => ({
    models: build.query<ModelInfo[], void>({
      query: () => `${TAXGPT_BASE}/models`,
      transformResponse: (body: { models: ModelInfo[] }) => body.models,
    }),
    conversations: build.mutation<ConversationSummary[], void>({
      query: () => `${TAXGPT_BASE}/conversations`,
      transformResponse: (body: { conversations: ConversationSummary[] }) => body.conversations,
    }),
    conversation: build.mutation<Conversation, string>({
      query: (id) => `${TAXGPT_BASE}/conversations/${encodeURIComponent(id)}`,
    }),
    createConversation: build.mutation<Conversation, LlmSelection>({
      query: (llm) => ({
        url: `${TAXGPT_BASE}/conversations`,
        method: 'POST',
        headers: { [llmSelectionHeader]: llm },
      }),
    }),
    deleteConversation: build.mutation<void, string>({
      query: (id) => ({ url: `${TAXGPT_BASE}/conversations/${encodeURIComponent(id)}`, method: 'DELETE' }),
    }),
  }),
});
