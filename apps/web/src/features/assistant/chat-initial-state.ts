import type { ChatState } from './chat-types';
import { storedLlm } from './selected-llm';

/**
 * The chat state before anything has happened: the slice's initial state, and what the thunks
 * read until the store first runs the injected slice's reducer (an injected slice's key is only
 * in the state from the next action on).
 */
export function initialChatState(): ChatState {
  return {
    conversationHistory: [],
    currentConversation: null,
    currentConversationId: null,
    selectedLLM: storedLlm(),
    loading: false,
    error: null,
    historyRequested: false,
    pendingQuestion: null,
    answer: null,
    useMyData: false,
  };
}
