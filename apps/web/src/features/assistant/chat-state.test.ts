import type { ChatMessage, Conversation, ConversationSummary, StreamEvent } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import { signedOut } from '../auth';
import { answerEventReceived } from './chat-actions';
import { initialChatState } from './chat-initial-state';
import { chatSlice } from './chat-state';
import type { ChatState } from './chat-types';
import {
  createConversation,
  deleteConversation,
  fetchConversationHistory,
  loadConversation,
  sendMessage,
} from './chat-thunks';

const reduce = chatSlice.reducer;

function summary(id: string, title = `Chat ${id}`): ConversationSummary {
  return { id, title, llm: 'Built-in', createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' };
}

function message(id: string, role: ChatMessage['role'], content: string): ChatMessage {
  return { id, role, content, sources: [], status: 'complete', llm: null, createdAt: '2026-11-01T10:00:00.000Z' };
}

function conversation(id: string, messages: ChatMessage[] = []): Conversation {
  return { ...summary(id), messages };
}

const withHistory = (ids: string[], current?: string): ChatState => {
  let state = reduce(
    initialChatState(),
    fetchConversationHistory.fulfilled(
      ids.map((id) => summary(id)),
      'r',
      undefined,
    ),
  );
  if (current) {
    state = reduce(state, loadConversation.pending('r', current));
    state = reduce(
      state,
      loadConversation.fulfilled(conversation(current, [message('q', 'user', 'Hi')]), 'r', current),
    );
  }
  return state;
};

describe('chat state (docs/reference/product.md §4)', () => {
  it('selects the first conversation when the first history fetch finds none selected', () => {
    const state = withHistory(['a', 'b']);
    expect(state.currentConversationId).toBe('a');
    expect(state.conversationHistory.map((item) => item.id)).toEqual(['a', 'b']);
  });

  it('keeps the selected conversation when the history arrives later', () => {
    let state = reduce(initialChatState(), loadConversation.pending('r', 'b'));
    state = reduce(state, fetchConversationHistory.fulfilled([summary('a'), summary('b')], 'r', undefined));
    expect(state.currentConversationId).toBe('b');
  });

  it('clears the current messages while a conversation loads', () => {
    let state = withHistory(['a', 'b'], 'a');
    expect(state.currentConversation?.messages).toHaveLength(1);
    state = reduce(state, loadConversation.pending('r', 'b'));
    expect(state.currentConversationId).toBe('b');
    expect(state.currentConversation?.messages).toEqual([]);
    expect(state.loading).toBe(true);
    state = reduce(state, loadConversation.fulfilled(conversation('b', [message('m', 'user', 'VAT?')]), 'r', 'b'));
    expect(state.currentConversation?.messages.map((item) => item.content)).toEqual(['VAT?']);
    expect(state.loading).toBe(false);
  });

  it('ignores a late answer for a conversation the user has left', () => {
    let state = withHistory(['a', 'b']);
    state = reduce(state, loadConversation.pending('r1', 'a'));
    state = reduce(state, loadConversation.pending('r2', 'b'));
    state = reduce(state, loadConversation.fulfilled(conversation('a', [message('m', 'user', 'old')]), 'r1', 'a'));
    expect(state.currentConversationId).toBe('b');
    expect(state.currentConversation?.messages).toEqual([]);
  });

  it('appends a created conversation and makes it current with no messages', () => {
    let state = withHistory(['a'], 'a');
    state = reduce(state, createConversation.fulfilled(conversation('c'), 'r', undefined));
    expect(state.conversationHistory.map((item) => item.id)).toEqual(['a', 'c']);
    expect(state.currentConversationId).toBe('c');
    expect(state.currentConversation?.messages).toEqual([]);
  });

  it('makes the last remaining conversation current when the current one is deleted', () => {
    let state = withHistory(['a', 'b', 'c'], 'a');
    state = reduce(state, deleteConversation.fulfilled('a', 'r', 'a'));
    expect(state.conversationHistory.map((item) => item.id)).toEqual(['b', 'c']);
    expect(state.currentConversationId).toBe('c');
  });

  it('keeps the current conversation when another one is deleted, and has none when all are gone', () => {
    let state = withHistory(['a', 'b'], 'a');
    state = reduce(state, deleteConversation.fulfilled('b', 'r', 'b'));
    expect(state.currentConversationId).toBe('a');
    state = reduce(state, deleteConversation.fulfilled('a', 'r', 'a'));
    expect(state.currentConversationId).toBeNull();
    expect(state.currentConversation).toBeNull();
  });

  it('names each failure as the product reference does', () => {
    const failures: [ChatState['error'], ChatState][] = [
      [
        { kind: 'history', detail: null },
        reduce(initialChatState(), fetchConversationHistory.rejected(null, 'r', undefined)),
      ],
      [{ kind: 'load', detail: null }, reduce(withHistory(['a']), loadConversation.rejected(null, 'r', 'a'))],
      [{ kind: 'create', detail: null }, reduce(initialChatState(), createConversation.rejected(null, 'r', undefined))],
      [{ kind: 'delete', detail: null }, reduce(withHistory(['a']), deleteConversation.rejected(null, 'r', 'a'))],
    ];
    for (const [expected, state] of failures) expect(state.error).toEqual(expected);
  });

  it('forgets everything of the last user on sign-out', () => {
    const state = reduce(withHistory(['a'], 'a'), signedOut());
    expect(state.conversationHistory).toEqual([]);
    expect(state.currentConversation).toBeNull();
    expect(state.historyRequested).toBe(false);
  });
});

describe('a streamed answer', () => {
  const send = { text: 'What is the VAT threshold?', useMyData: false, vrn: undefined };
  const event = (conversationId: string, streamEvent: StreamEvent) =>
    answerEventReceived({ conversationId, event: streamEvent });
  const started = (state: ChatState) =>
    reduce(
      reduce(state, sendMessage.pending('r', send)),
      event('a', { type: 'start', question: message('q1', 'user', send.text), answerId: 'ans', llm: 'Built-in' }),
    );

  it('shows the question, then the text as it arrives, then the stored answer and the new title', () => {
    let state = reduce(withHistory(['a'], 'a'), sendMessage.pending('r', send));
    expect(state.pendingQuestion).toBe(send.text);
    state = started(withHistory(['a'], 'a'));
    expect(state.pendingQuestion).toBeNull();
    state = reduce(state, event('a', { type: 'delta', text: 'The threshold ' }));
    state = reduce(state, event('a', { type: 'delta', text: 'is £90,000 [1].' }));
    expect(state.answer?.content).toBe('The threshold is £90,000 [1].');
    const answer = { ...message('ans', 'assistant', 'The threshold is £90,000 [1].'), llm: 'Built-in' as const };
    state = reduce(
      state,
      event('a', { type: 'done', answer, conversation: { ...summary('a'), title: 'What is the VAT threshold?' } }),
    );
    expect(state.answer).toBeNull();
    expect(state.currentConversation?.messages.map((item) => item.id)).toEqual(['q', 'q1', 'ans']);
    expect(state.conversationHistory[0]?.title).toBe('What is the VAT threshold?');
    expect(state.currentConversation?.title).toBe('What is the VAT threshold?');
  });

  it('keeps the question and what had arrived when the user stops it', () => {
    let state = started(withHistory(['a'], 'a'));
    state = reduce(state, event('a', { type: 'delta', text: 'The thresh' }));
    state = reduce(state, sendMessage.rejected(new DOMException('Aborted', 'AbortError'), 'r', send, undefined, true));
    const [question, answer] = state.currentConversation?.messages.slice(-2) ?? [];
    expect(question?.content).toBe(send.text);
    expect(answer).toMatchObject({ role: 'assistant', content: 'The thresh', status: 'stopped' });
    expect(state.error).toBeNull();
  });

  it('keeps what had arrived, marked failed, when the model fails, and says why', () => {
    let state = started(withHistory(['a'], 'a'));
    const answer: ChatMessage = { ...message('ans', 'assistant', 'Partly'), status: 'failed' };
    state = reduce(state, event('a', { type: 'error', code: 'MODEL_RATE_LIMITED', message: 'Wait a minute.', answer }));
    expect(state.currentConversation?.messages.at(-1)).toMatchObject({ content: 'Partly', status: 'failed' });
    expect(state.error).toEqual({ kind: 'send', detail: 'Wait a minute.' });
  });

  it('does not write into a conversation the user has switched away from', () => {
    let state = started(withHistory(['a', 'b'], 'a'));
    state = reduce(state, loadConversation.pending('r', 'b'));
    state = reduce(state, event('a', { type: 'delta', text: 'text' }));
    const answer = message('ans', 'assistant', 'text');
    state = reduce(state, event('a', { type: 'done', answer, conversation: { ...summary('a'), title: 'Renamed' } }));
    expect(state.currentConversation?.messages).toEqual([]);
    expect(state.conversationHistory.find((item) => item.id === 'a')?.title).toBe('Renamed');
  });
});
