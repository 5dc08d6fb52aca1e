import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RootState } from '../../shared/store/root';
import { fakeServer } from '../../test/fake-server';
import { createTestStore } from '../../test/render-page';
import { openChat } from './chat-thunks';
// The chat's slice, injected into the root reducer as the assistant's code loads.
import './chat-state';

describe('opening the chat on start', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('works before the store has run the chat’s reducer (its state not there yet), and fetches the history', async () => {
    const requests = fakeServer({ '/taxgpt/api/conversations': { body: { conversations: [] } } });
    const store = createTestStore();
    // As when the assistant's code loads after the last action: the injected key is not in the state yet.
    const withoutChat = () => {
      const { chat: _chat, ...rest } = store.getState() as RootState & { chat?: unknown };
      return rest as RootState;
    };
    await expect(openChat()(store.dispatch, withoutChat, undefined)).resolves.toBeUndefined();
    expect(requests.map((url) => url.pathname)).toEqual(['/taxgpt/api/conversations']);
  });
});
