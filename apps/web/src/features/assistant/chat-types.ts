import type { Conversation, ConversationSummary, LlmSelection, Source } from '@vatwise/domain';

/**
 * The chat's shapes, apart from the slice (chat-state.ts), its thunks (chat-thunks.ts) and its
 * initial state (chat-initial-state.ts), which all use them: so none of those imports another back.
 */

/** What failed, as docs/reference/product.md §8 names it; `detail` is the server's own explanation, if any. */
export interface ChatFailure {
  kind: 'history' | 'load' | 'create' | 'delete' | 'send';
  detail: string | null;
}

/** The answer being written: shown as it arrives, stored as a message when it ends. */
export interface AnswerInProgress {
  conversationId: string;
  id: string | null;
  content: string;
  sources: Source[];
  llm: LlmSelection | null;
}

/** docs/reference/product.md §3, chat state, plus what streaming needs. */
export interface ChatState {
  conversationHistory: ConversationSummary[];
  currentConversation: Conversation | null;
  currentConversationId: string | null;
  selectedLLM: LlmSelection;
  /** A conversation or the history is on its way. */
  loading: boolean;
  error: ChatFailure | null;
  /** The history has been asked for since sign-in (it is fetched once). */
  historyRequested: boolean;
  /** The question just sent, shown until the server confirms it. */
  pendingQuestion: string | null;
  answer: AnswerInProgress | null;
  /** The user allowed the assistant to read their own VAT data (asked each visit, never stored). */
  useMyData: boolean;
}
