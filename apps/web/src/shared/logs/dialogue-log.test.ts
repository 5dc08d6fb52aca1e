import { beforeEach, describe, expect, it } from 'vitest';
import { createDialogueLog } from './dialogue-log';

describe('dialogue logs', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps entries across a reload, newest last, and no more than its cap', () => {
    const log = createDialogueLog('testLogs', 3);
    for (const message of ['one', 'two', 'three', 'four']) log.append('info', message);
    expect(log.entries().map((entry) => entry.message)).toEqual(['two', 'three', 'four']);
    const reloaded = createDialogueLog('testLogs', 3);
    expect(reloaded.entries().map((entry) => entry.message)).toEqual(['two', 'three', 'four']);
  });

  it('tells subscribers, and clears', () => {
    const log = createDialogueLog('testLogs');
    let calls = 0;
    const unsubscribe = log.subscribe(() => (calls += 1));
    log.append('success', 'done');
    log.clear();
    unsubscribe();
    log.append('error', 'unseen');
    expect(calls).toBe(2);
    expect(log.entries()).toHaveLength(1);
  });

  it('reads a damaged store as empty', () => {
    window.localStorage.setItem('testLogs', '{not json');
    expect(createDialogueLog('testLogs').entries()).toEqual([]);
  });
});
