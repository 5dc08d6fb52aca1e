import { type ThunkAction, type UnknownAction, createAsyncThunk } from '@reduxjs/toolkit';
import { type Conversation, type ConversationSummary, type StreamEvent, llmSelectionHeader } from '@vatwise/domain';
import { browserFraudHeaders } from '../../shared/api/fraud-prevention';
import { i18n } from '../../shared/i18n/i18n';
import type { RootState } from '../../shared/store/root';
import { TAXGPT_BASE, assistantApi } from './api';
import { answerEventReceived } from './chat-actions';
import { initialChatState } from './chat-initial-state';
import type { ChatFailure, ChatState } from './chat-types';
import { readNdjson } from './ndjson';

interface ThunkConfig {
  state: RootState;
  rejectValue: ChatFailure;
}

const chatOf = (state: RootState): ChatState => (state as RootState & { chat?: ChatState }).chat ?? initialChatState();

/** The server's message from a failed call, when it sent one. */
function detailOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const data = (error as { data: unknown }).data;
  if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string') {
    return data.message;
  }
  return null;
}

/** Runs one of the assistant's calls through the shared client, leaving nothing in its cache. */
async function call<Result>(request: { unwrap(): Promise<Result>; reset(): void }): Promise<Result> {
  try {
    return await request.unwrap();
  } finally {
    request.reset();
  }
}

/** Loads a conversation; until it arrives the current messages are cleared (docs/reference/product.md §4). */
export const loadConversation = createAsyncThunk<Conversation, string, ThunkConfig>(
  'chat/loadConversation',
  async (id, { dispatch, rejectWithValue }) => {
    try {
      return await call(dispatch(assistantApi.endpoints.conversation.initiate(id)));
    } catch (error) {
      return rejectWithValue({ kind: 'load', detail: detailOf(error) });
    }
  },
);

/** The user's conversations; the first becomes current if none is (docs/reference/product.md §4). */
export const fetchConversationHistory = createAsyncThunk<
  ConversationSummary[],
  { force?: boolean } | undefined,
  ThunkConfig
>(
  'chat/fetchConversationHistory',
  async (_options, { dispatch, rejectWithValue }) => {
    try {
      return await call(dispatch(assistantApi.endpoints.conversations.initiate()));
    } catch (error) {
      return rejectWithValue({ kind: 'history', detail: detailOf(error) });
    }
  },
  // Fetched once per sign-in (docs/reference/product.md §4, on start); a retry after a failure forces it.
  { condition: (options, { getState }) => options?.force === true || !chatOf(getState()).historyRequested },
);

/** A new, empty conversation, appended to the history and made current (docs/reference/product.md §4). */
export const createConversation = createAsyncThunk<Conversation, void, ThunkConfig>(
  'chat/createConversation',
  async (_none, { dispatch, getState, rejectWithValue }) => {
    try {
      return await call(dispatch(assistantApi.endpoints.createConversation.initiate(chatOf(getState()).selectedLLM)));
    } catch (error) {
      return rejectWithValue({ kind: 'create', detail: detailOf(error) });
    }
  },
);

/** Deletes a conversation; if it was current, the last remaining one is loaded (docs/reference/product.md §4). */
export const deleteConversation = createAsyncThunk<string, string, ThunkConfig>(
  'chat/deleteConversation',
  async (id, { dispatch, rejectWithValue }) => {
    try {
      await call(dispatch(assistantApi.endpoints.deleteConversation.initiate(id)));
    } catch (error) {
      return rejectWithValue({ kind: 'delete', detail: detailOf(error) });
    }
    return id;
  },
);

type ChatThunk = ThunkAction<Promise<void>, RootState, unknown, UnknownAction>;

/** The history, then the conversation it made current (the first, if none was). */
export function openChat(options?: { force?: boolean }): ChatThunk {
  return async (dispatch, getState) => {
    const before = chatOf(getState()).currentConversation;
    await dispatch(fetchConversationHistory(options));
    const { currentConversationId } = chatOf(getState());
    if (currentConversationId && before?.id !== currentConversationId) {
      await dispatch(loadConversation(currentConversationId));
    }
  };
}

/** Deletes a conversation and loads the one that became current in its place, if any. */
export function removeConversation(id: string): ChatThunk {
  return async (dispatch, getState) => {
    const wasCurrent = chatOf(getState()).currentConversationId === id;
    const result = await dispatch(deleteConversation(id));
    const next = chatOf(getState()).currentConversationId;
    if (deleteConversation.fulfilled.match(result) && wasCurrent && next) await dispatch(loadConversation(next));
  };
}

export interface SendMessageInput {
  text: string;
  /** The user allows the assistant to read their own VAT data for this business. */
  useMyData: boolean;
  vrn: string | undefined;
}

/**
 * Asks a question and streams the answer into the store. With no current conversation one is
 * created first (docs/reference/product.md §4). Aborting the returned promise stops the answer; the server keeps
 * the question and what had arrived.
 */
export const sendMessage = createAsyncThunk<void, SendMessageInput, ThunkConfig>(
  'chat/sendMessage',
  async (input, { dispatch, getState, signal, rejectWithValue }) => {
    let conversationId = chatOf(getState()).currentConversationId;
    if (!conversationId) {
      const created = await dispatch(createConversation());
      if (createConversation.rejected.match(created)) {
        return rejectWithValue(created.payload ?? { kind: 'create', detail: null });
      }
      conversationId = created.payload.id;
    }
    const id = conversationId;
    let response: Response;
    try {
      response = await fetch(`${TAXGPT_BASE}/conversations/${encodeURIComponent(id)}/messages`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          ...browserFraudHeaders(),
          accept: 'application/x-ndjson',
          'content-type': 'application/json',
          // The built-in assistant answers a question whose words do not tell its language in this one.
          ...(i18n.language ? { 'accept-language': i18n.language } : {}),
          [llmSelectionHeader]: chatOf(getState()).selectedLLM,
        },
        body: JSON.stringify({
          text: input.text,
          useMyData: input.useMyData && Boolean(input.vrn),
          ...(input.useMyData && input.vrn ? { vrn: input.vrn } : {}),
        }),
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw error;
      return rejectWithValue({ kind: 'send', detail: null });
    }
    if (!response.ok || !response.body) {
      const body: unknown = await response.json().catch(() => undefined);
      return rejectWithValue({ kind: 'send', detail: detailOf({ data: body }) });
    }
    await readNdjson(response.body, (event) =>
      dispatch(answerEventReceived({ conversationId: id, event: event as StreamEvent })),
    );
  },
);
