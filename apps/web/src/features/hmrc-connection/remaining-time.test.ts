import { describe, expect, it } from 'vitest';
import { remainingMs } from './remaining-time';

describe('time remaining on an authority', () => {
  it('is the time until the expiry', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(remainingMs('2026-11-24T12:30:05Z', now)).toBe(((26 * 60 + 30) * 60 + 5) * 1000);
  });

  it('has nothing left once the time has passed', () => {
    expect(remainingMs('2026-11-23T09:59:59Z', Date.parse('2026-11-23T10:00:00Z'))).toBeUndefined();
    expect(remainingMs('not a date', Date.parse('2026-11-23T10:00:00Z'))).toBeUndefined();
  });
});
