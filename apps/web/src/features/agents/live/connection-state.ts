import { useSyncExternalStore } from 'react';

/** Whether the live channel is up: the Agents screen's live indicator. */
export type LiveState = 'off' | 'connecting' | 'live' | 'lost';

let state: LiveState = 'off';
const listeners = new Set<() => void>();

export function setLiveState(next: LiveState) {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export function useLiveState(): LiveState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}
