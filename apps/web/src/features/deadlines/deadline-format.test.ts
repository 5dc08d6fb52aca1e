import { describe, expect, it } from 'vitest';
import { daysLeftText, levelBadge } from './deadline-format';

describe('daysLeftText', () => {
  it('reads overdue, today, tomorrow and days left', () => {
    expect(daysLeftText(-3)).toEqual({ key: 'overdueBy', count: 3 });
    expect(daysLeftText(-1)).toEqual({ key: 'overdueBy', count: 1 });
    expect(daysLeftText(0)).toEqual({ key: 'dueToday', count: 0 });
    expect(daysLeftText(1)).toEqual({ key: 'dueTomorrow', count: 1 });
    expect(daysLeftText(76)).toEqual({ key: 'daysLeft', count: 76 });
  });
});

describe('levelBadge', () => {
  it('colours each level, and none beyond 14 days', () => {
    expect(levelBadge('overdue')).toEqual({ color: 'red', variant: 'filled' });
    expect(levelBadge('due1')).toEqual({ color: 'red', variant: 'light' });
    expect(levelBadge('due7')).toEqual({ color: 'orange', variant: 'light' });
    expect(levelBadge('due14')).toEqual({ color: 'yellow', variant: 'light' });
    expect(levelBadge(null)).toBeNull();
  });
});
