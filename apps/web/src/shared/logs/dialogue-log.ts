import { useSyncExternalStore } from 'react';

/**
 * The spec's two local log stores (section 3): the VAT dialogue and the agent dialogue, each kept
 * in local storage and capped at 1000 entries (section 9), newest last.
 */
export interface DialogueEntry {
  at: string;
  level: 'info' | 'success' | 'error';
  message: string;
}

export const MAX_STORED_LOGS = 1000;

export function createDialogueLog(key: string, max = MAX_STORED_LOGS) {
  const listeners = new Set<() => void>();
  let cache: DialogueEntry[] | undefined;

  function read(): DialogueEntry[] {
    if (cache) return cache;
    try {
      const parsed: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
      cache = Array.isArray(parsed)
        ? parsed.filter(
            (entry): entry is DialogueEntry =>
              typeof entry === 'object' && entry !== null && typeof (entry as DialogueEntry).message === 'string',
          )
        : [];
    } catch {
      cache = [];
    }
    return cache;
  }

  function write(entries: DialogueEntry[]) {
    cache = entries;
    try {
      window.localStorage.setItem(key, JSON.stringify(entries));
    } catch {
      // Storage full or refused: the log lasts for this visit only.
    }
    for (const listener of listeners) listener();
  }

  return {
    append(level: DialogueEntry['level'], message: string, at = new Date()) {
      write([...read(), { at: at.toISOString(), level, message }].slice(-max));
    },
    entries: read,
    clear() {
      write([]);
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type DialogueLog = ReturnType<typeof createDialogueLog>;

export const agentDialogueLog = createDialogueLog('agentDialogueLogs');
export const vatDialogueLog = createDialogueLog('vatDialogueLogs');

export function useDialogueLog(log: DialogueLog): DialogueEntry[] {
  return useSyncExternalStore(log.subscribe, log.entries, log.entries);
}
