import { createAction } from '@reduxjs/toolkit';
import type { StreamEvent } from '@vatwise/domain';

/** One event of an answer as it streams in, for the conversation it belongs to. */
export const answerEventReceived = createAction<{ conversationId: string; event: StreamEvent }>(
  'chat/answerEventReceived',
);
