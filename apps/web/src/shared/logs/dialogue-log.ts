import { useSyncExternalStore } from 'react';
import { clientConfig } from '../config/client-config';

/**
 * The user's two dialogue logs (docs/reference/product.md §3): the agent dialogue and the VAT dialogue. The
 * server keeps them (1000 entries per store, section 9) and sends new entries live over the
 * agents socket; the browser holds the latest in a buffer of 1000 (5000 in production), with the
 * steps the web app itself reports (opening the HMRC window, say) mixed in for this visit.
 */
export type DialogueLevel = 'info' | 'success' | 'warning' | 'error';

export interface DialogueEntry {
  id: string;
  at: string;
  level: DialogueLevel;
  message: string;
  /** Who wrote it: an agent's id, 'hmrc' for an HMRC call, or 'web' for this browser's own steps. */
  source: string;
}

export const LOG_BUFFER_SIZE = clientConfig.environment === 'production' ? 5000 : 1000;

const byTime = (a: DialogueEntry, b: DialogueEntry) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : 1);

export function createDialogueLog(max = LOG_BUFFER_SIZE) {
  const listeners = new Set<() => void>();
  let entries: DialogueEntry[] = [];
  let localCount = 0;
  let clearRemote: (() => Promise<unknown>) | undefined;

  function set(next: DialogueEntry[]) {
    entries = next.length > max ? next.slice(-max) : next;
    for (const listener of listeners) listener();
  }

  function merge(incoming: readonly DialogueEntry[]) {
    const known = new Set(entries.map((entry) => entry.id));
    const fresh = incoming.filter((entry) => !known.has(entry.id));
    if (fresh.length > 0) set([...entries, ...fresh].sort(byTime));
  }

  return {
    /** A step this browser took (not stored on the server). */
    append(level: DialogueLevel, message: string, at = new Date()) {
      localCount += 1;
      merge([{ id: `web-${localCount}`, at: at.toISOString(), level, message, source: 'web' }]);
    },
    /** Entries from the server (the stored log, or one arriving live); an entry already held is kept once. */
    merge,
    entries: () => entries,
    /** Empties the buffer without touching the server (signing out). */
    reset() {
      set([]);
    },
    /** Empties the log here and on the server. */
    async clear() {
      set([]);
      await clearRemote?.();
    },
    /** How `clear` empties the server's copy (set once the user is signed in). */
    setRemoteClear(clear: (() => Promise<unknown>) | undefined) {
      clearRemote = clear;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type DialogueLog = ReturnType<typeof createDialogueLog>;

export const agentDialogueLog = createDialogueLog();
export const vatDialogueLog = createDialogueLog();

export function useDialogueLog(log: DialogueLog): DialogueEntry[] {
  return useSyncExternalStore(log.subscribe, log.entries, log.entries);
}
