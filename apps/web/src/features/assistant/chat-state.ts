import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ChatMessage, Conversation, ConversationSummary, LlmSelection } from '@vatwise/domain';
import { rootReducer } from '../../shared/store/root';
import { signedIn, signedOut } from '../auth';
import { answerEventReceived } from './chat-actions';
import {
  createConversation,
  deleteConversation,
  fetchConversationHistory,
  loadConversation,
  sendMessage,
} from './chat-thunks';
import { initialChatState } from './chat-initial-state';
import type { ChatState } from './chat-types';

/** Adds a conversation to the history, or replaces it there if present (docs/reference/product.md §4). */
function upsert(history: ConversationSummary[], summary: ConversationSummary) {
  const at = history.findIndex((candidate) => candidate.id === summary.id);
  if (at === -1) history.push(summary);
  else history[at] = summary;
}

function summaryOf({ messages: _messages, ...summary }: Conversation): ConversationSummary {
  return summary;
}

/** Ends the answer in progress as a message of the current conversation (when it is still shown). */
function settleAnswer(state: ChatState, status: ChatMessage['status']) {
  const answer = state.answer;
  state.answer = null;
  state.pendingQuestion = null;
  if (!answer?.id || state.currentConversation?.id !== answer.conversationId) return;
  state.currentConversation.messages.push({
    id: answer.id,
    role: 'assistant',
    content: answer.content,
    sources: answer.sources,
    status,
    llm: answer.llm,
    createdAt: new Date().toISOString(),
  });
}

export const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {
    llmChosen(state, action: PayloadAction<LlmSelection>) {
      state.selectedLLM = action.payload;
    },
    myDataConsentChosen(state, action: PayloadAction<boolean>) {
      state.useMyData = action.payload;
    },
    errorDismissed(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      // Another person may use this browser next: nothing of this one's chat stays.
      .addCase(signedOut, () => initialChatState())
      .addCase(signedIn, () => initialChatState())
      .addCase(fetchConversationHistory.pending, (state) => {
        state.historyRequested = true;
        state.loading = true;
        state.error = null;
      })
      .addCase(fetchConversationHistory.fulfilled, (state, action) => {
        state.conversationHistory = action.payload;
        state.loading = false;
        const first = action.payload[0];
        if (!state.currentConversationId && first) state.currentConversationId = first.id;
      })
      .addCase(fetchConversationHistory.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload ?? { kind: 'history', detail: null };
      })
      .addCase(loadConversation.pending, (state, action) => {
        const id = action.meta.arg;
        const summary = state.conversationHistory.find((candidate) => candidate.id === id);
        state.currentConversationId = id;
        state.currentConversation = summary ? { ...summary, messages: [] } : null;
        state.loading = true;
        state.error = null;
      })
      .addCase(loadConversation.fulfilled, (state, action) => {
        // A slower answer for a conversation the user has since left must not replace the new one.
        if (action.payload.id !== state.currentConversationId) return;
        state.currentConversation = action.payload;
        upsert(state.conversationHistory, summaryOf(action.payload));
        state.loading = false;
      })
      .addCase(loadConversation.rejected, (state, action) => {
        if (action.meta.arg !== state.currentConversationId) return;
        state.loading = false;
        state.error = action.payload ?? { kind: 'load', detail: null };
      })
      .addCase(createConversation.pending, (state) => {
        state.error = null;
      })
      .addCase(createConversation.fulfilled, (state, action) => {
        state.conversationHistory.push(summaryOf(action.payload));
        state.currentConversationId = action.payload.id;
        state.currentConversation = { ...action.payload, messages: [] };
        state.loading = false;
      })
      .addCase(createConversation.rejected, (state, action) => {
        state.error = action.payload ?? { kind: 'create', detail: null };
      })
      .addCase(deleteConversation.pending, (state) => {
        state.error = null;
      })
      .addCase(deleteConversation.fulfilled, (state, action) => {
        const id = action.payload;
        state.conversationHistory = state.conversationHistory.filter((candidate) => candidate.id !== id);
        if (state.currentConversationId !== id) return;
        const last = state.conversationHistory.at(-1);
        state.currentConversationId = last?.id ?? null;
        state.currentConversation = last ? { ...last, messages: [] } : null;
      })
      .addCase(deleteConversation.rejected, (state, action) => {
        state.error = action.payload ?? { kind: 'delete', detail: null };
      })
      .addCase(sendMessage.pending, (state, action) => {
        state.pendingQuestion = action.meta.arg.text;
        state.error = null;
      })
      .addCase(answerEventReceived, (state, action) => {
        const { conversationId, event } = action.payload;
        const shown = state.currentConversation?.id === conversationId ? state.currentConversation : null;
        switch (event.type) {
          case 'start':
            shown?.messages.push(event.question);
            state.pendingQuestion = null;
            state.answer = { conversationId, id: event.answerId, content: '', sources: [], llm: event.llm };
            break;
          case 'sources':
            if (state.answer) state.answer.sources = event.sources;
            break;
          case 'delta':
            if (state.answer) state.answer.content += event.text;
            break;
          case 'notice':
            break;
          case 'done':
            state.answer = null;
            shown?.messages.push(event.answer);
            upsert(state.conversationHistory, event.conversation);
            if (shown) Object.assign(shown, event.conversation);
            break;
          case 'error':
            state.answer = null;
            shown?.messages.push(event.answer);
            state.error = { kind: 'send', detail: event.message };
            break;
        }
      })
      .addCase(sendMessage.fulfilled, (state) => {
        // A stream that ended without its last event (the connection dropped) keeps what came.
        if (state.answer) settleAnswer(state, 'failed');
        state.pendingQuestion = null;
      })
      .addCase(sendMessage.rejected, (state, action) => {
        if (action.meta.aborted) {
          settleAnswer(state, 'stopped');
          return;
        }
        settleAnswer(state, 'failed');
        state.error = action.payload ?? { kind: 'send', detail: null };
      });
  },
  selectors: {
    selectChat: (state) => state,
  },
});

declare module '../../shared/store/root' {
  interface LazyLoadedSlices {
    chat: ChatState;
  }
}

export const injectedChatSlice = chatSlice.injectInto(rootReducer);
export const { selectChat } = injectedChatSlice.selectors;
export const { llmChosen, myDataConsentChosen, errorDismissed } = chatSlice.actions;
