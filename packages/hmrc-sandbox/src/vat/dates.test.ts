import { describe, expect, it } from 'vitest';
import { addDays, addMonths, addYears, fromDayNumber, isIsoDate, toDayNumber, ukDateOf } from './dates';

describe('dates', () => {
  it('accepts real calendar dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('1900-02-29')).toBe(false);
    expect(isIsoDate('2017-13-01')).toBe(false);
    expect(isIsoDate('2017-1-1')).toBe(false);
  });

  it('numbers days so that each date and its day number convert both ways', () => {
    expect(toDayNumber('1970-01-01')).toBe(0);
    // Every 997th day from year 1 to year 9999, checked against Date where Date is exact.
    for (let day = toDayNumber('0001-01-01'); day <= toDayNumber('9999-12-31'); day += 997) {
      const date = fromDayNumber(day);
      expect(toDayNumber(date)).toBe(day);
      if (date >= '1000') expect(new Date(day * 86_400_000).toISOString().slice(0, 10)).toBe(date);
    }
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
  });

  it('steps months and years like LocalDate, clamping to the end of a shorter month', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2024-06-30', 1)).toBe('2024-07-30');
    expect(addMonths('2024-01-15', -1)).toBe('2023-12-15');
    expect(addYears('2016-02-29', 1)).toBe('2017-02-28');
  });

  it('gives the UK calendar date of an instant, across the BST change of day', () => {
    expect(ukDateOf(new Date('2025-06-30T22:59:59Z'))).toBe('2025-06-30');
    expect(ukDateOf(new Date('2025-06-30T23:00:00Z'))).toBe('2025-07-01');
    expect(ukDateOf(new Date('2025-12-31T23:30:00Z'))).toBe('2025-12-31');
  });
});
