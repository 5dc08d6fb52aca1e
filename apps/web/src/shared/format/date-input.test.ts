import { describe, expect, it } from 'vitest';
import { parseDayMonthYear } from './date-input';

describe('dates typed in a date field', () => {
  it('reads the day first, as UK users write it, whatever the browser’s language', () => {
    expect(parseDayMonthYear('05/06/2026')).toBe('2026-06-05');
    expect(parseDayMonthYear('5/6/2026')).toBe('2026-06-05');
    expect(parseDayMonthYear(' 24.11.2026 ')).toBe('2026-11-24');
    expect(parseDayMonthYear('24-11-2026')).toBe('2026-11-24');
    expect(parseDayMonthYear('2026-11-24')).toBe('2026-11-24');
  });

  it('refuses a day the calendar does not have, or a month-first date, rather than guessing', () => {
    expect(parseDayMonthYear('31/02/2026')).toBeNull();
    expect(parseDayMonthYear('11/24/2026')).toBeNull();
    expect(parseDayMonthYear('24 Nov 2026')).toBeNull();
    expect(parseDayMonthYear('')).toBeNull();
  });
});
