import { describe, expect, it } from 'vitest';
import { remainingParts } from './remaining-time';

describe('time remaining on an authority', () => {
  it('counts whole hours, then minutes and seconds', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(remainingParts('2026-11-24T12:30:05Z', now)).toEqual({ hours: 26, minutes: '30', seconds: '05' });
  });

  it('has nothing left once the time has passed', () => {
    expect(remainingParts('2026-11-23T09:59:59Z', Date.parse('2026-11-23T10:00:00Z'))).toBeUndefined();
  });
});
