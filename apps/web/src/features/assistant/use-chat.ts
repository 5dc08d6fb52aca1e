import { type LlmSelection, Role } from '@vatwise/domain';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { RootState } from '../../shared/store/root';
import { useAuth } from '../auth';
import { llmChosen, selectChat, myDataConsentChosen } from './chat-state';
import {
  type SendMessageInput,
  createConversation,
  loadConversation,
  removeConversation,
  sendMessage,
} from './chat-thunks';
import { storeLlm } from './selected-llm';

/** The answer being written, so any chat view (panel or screen) can stop it. */
let answerInFlight: { abort(): void } | null = null;

/** Dispatch that accepts the chat's thunks. */
export const useChatDispatch = () => useDispatch<ThunkDispatch<RootState, unknown, UnknownAction>>();

/** Whether this visitor may chat: conversations belong to accounts (docs/reference/product.md §5). */
export function useCanChat(): boolean {
  const { status, user } = useAuth();
  return status === 'signedIn' && user?.role !== Role.Guest;
}

/** The chat state and what a chat view can do with it. */
export function useChat() {
  const dispatch = useChatDispatch();
  const chat = useSelector(selectChat);

  const send = useCallback(
    async (input: SendMessageInput) => {
      const request = dispatch(sendMessage(input));
      answerInFlight = request;
      const result = await request;
      if (answerInFlight === request) answerInFlight = null;
      return sendMessage.fulfilled.match(result) || result.meta.aborted;
    },
    [dispatch],
  );

  return {
    chat,
    answering: chat.pendingQuestion !== null || chat.answer !== null,
    send,
    stop: useCallback(() => answerInFlight?.abort(), []),
    newChat: useCallback(() => dispatch(createConversation()), [dispatch]),
    open: useCallback((id: string) => dispatch(loadConversation(id)), [dispatch]),
    remove: useCallback((id: string) => dispatch(removeConversation(id)), [dispatch]),
    chooseLlm: useCallback(
      (llm: LlmSelection) => {
        storeLlm(llm);
        dispatch(llmChosen(llm));
      },
      [dispatch],
    ),
    allowMyData: useCallback((allowed: boolean) => dispatch(myDataConsentChosen(allowed)), [dispatch]),
  };
}
