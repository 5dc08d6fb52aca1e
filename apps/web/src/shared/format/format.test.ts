import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney } from './format';

describe('formats for people', () => {
  it('writes money from pence in pounds and pence', () => {
    expect(formatMoney(123_456)).toBe('£1,234.56');
    expect(formatMoney(null)).toBe('—');
  });

  it('writes a calendar date the UK way, whatever the browser’s time zone', () => {
    expect(formatDate('2026-11-23')).toBe('23 Nov 2026');
    expect(formatDate(null)).toBe('—');
  });

  it('writes an instant in UK time', () => {
    expect(formatDateTime('2026-07-01T23:30:00.000Z')).toBe('2 Jul 2026, 00:30');
  });
});
