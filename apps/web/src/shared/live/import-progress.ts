import type { ImportProgress } from '@vatwise/domain';
import { useSyncExternalStore } from 'react';

/**
 * Imports' progress as the live channel hears it (features/agents' AgentLive publishes; the
 * import screen reads), kept by return so a screen opened later still sees where its import stands.
 */
const latest = new Map<string, ImportProgress>();
const listeners = new Set<() => void>();

export const importProgressFeed = {
  publish(progress: ImportProgress): void {
    latest.set(progress.draftId, progress);
    for (const listener of listeners) listener();
  },
  /** Forgets an earlier import into this return, as a new one starts. */
  forget(draftId: string): void {
    if (latest.delete(draftId)) for (const listener of listeners) listener();
  },
  /** Forgets what was heard (sign-out: another user may sign in next). */
  reset(): void {
    latest.clear();
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (draftId: string): ImportProgress | undefined => latest.get(draftId),
};

/** The latest progress heard of an import into this return, if any. */
export function useImportProgress(draftId: string): ImportProgress | undefined {
  return useSyncExternalStore(importProgressFeed.subscribe, () => importProgressFeed.get(draftId));
}
