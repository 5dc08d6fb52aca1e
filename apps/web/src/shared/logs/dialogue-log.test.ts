import { describe, expect, it, vi } from 'vitest';
import { createDialogueLog, type DialogueEntry } from './dialogue-log';

const entry = (id: string, at: string, message = id): DialogueEntry => ({
  id,
  at,
  level: 'info',
  message,
  source: 'token-keeper',
});

describe('dialogue logs', () => {
  it('keeps entries in time order, newest last, and no more than its buffer', () => {
    const log = createDialogueLog(3);
    log.merge([entry('b', '2026-01-01T10:00:02Z'), entry('a', '2026-01-01T10:00:01Z')]);
    log.merge([entry('d', '2026-01-01T10:00:04Z'), entry('c', '2026-01-01T10:00:03Z')]);
    expect(log.entries().map((item) => item.id)).toEqual(['b', 'c', 'd']);
  });

  it('holds an entry that arrives twice (stored log, then live) once', () => {
    const log = createDialogueLog();
    log.merge([entry('a', '2026-01-01T10:00:01Z')]);
    log.merge([entry('a', '2026-01-01T10:00:01Z'), entry('b', '2026-01-01T10:00:02Z')]);
    expect(log.entries().map((item) => item.id)).toEqual(['a', 'b']);
  });

  it("mixes this browser's own steps in, marked as the web app's", () => {
    const log = createDialogueLog();
    log.merge([entry('server', '2000-01-01T00:00:00Z')]);
    log.append('success', 'Opened the HMRC window');
    expect(log.entries().at(-1)).toMatchObject({ source: 'web', level: 'success', message: 'Opened the HMRC window' });
  });

  it('tells subscribers; clearing empties it here and asks the server to', async () => {
    const log = createDialogueLog();
    const clearServer = vi.fn(async () => undefined);
    log.setRemoteClear(clearServer);
    let calls = 0;
    const unsubscribe = log.subscribe(() => (calls += 1));
    log.append('info', 'one');
    await log.clear();
    unsubscribe();
    log.append('error', 'unseen');
    expect(calls).toBe(2);
    expect(clearServer).toHaveBeenCalledOnce();
    expect(log.entries()).toHaveLength(1);
  });

  it('resets without asking the server (signing out)', () => {
    const log = createDialogueLog();
    const clearServer = vi.fn(async () => undefined);
    log.setRemoteClear(clearServer);
    log.append('info', 'one');
    log.reset();
    expect(log.entries()).toEqual([]);
    expect(clearServer).not.toHaveBeenCalled();
  });
});
