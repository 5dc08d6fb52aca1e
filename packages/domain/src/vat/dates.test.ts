import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addMonthsToInstant,
  addYears,
  dateRangeProblem,
  fromDayNumber,
  isCalendarDate,
  isIsoDate,
  toDayNumber,
  ukDateOf,
  ukLongDate,
  ukToday,
} from './dates';

describe('date ranges (docs/reference/product.md §5, docs/reference/hmrc-vat-api.md §3.4 and 3.7)', () => {
  const today = '2026-11-23';

  it('allows obligations to span one calendar year, 366 days in a leap year, and no more', () => {
    expect(dateRangeProblem('obligations', '2024-01-01', '2025-01-01', today)).toBeUndefined();
    expect(dateRangeProblem('obligations', '2024-01-01', '2025-01-02', today)).toBe('TOO_LONG');
  });

  it('allows liabilities and payments one year less a day, never into the future or before April 2016', () => {
    expect(dateRangeProblem('liabilities', '2025-01-01', '2025-12-31', today)).toBeUndefined();
    expect(dateRangeProblem('payments', '2025-01-01', '2026-01-01', today)).toBe('TOO_LONG');
    expect(dateRangeProblem('payments', '2026-01-01', '2026-11-24', today)).toBe('TO_IN_FUTURE');
    expect(dateRangeProblem('liabilities', '2016-04-05', '2016-12-01', today)).toBe('FROM_TOO_EARLY');
  });

  it('wants real dates with from before to', () => {
    expect(dateRangeProblem('obligations', '2025-02-30', '2025-06-01', today)).toBe('FROM_INVALID');
    expect(dateRangeProblem('obligations', '2025-01-01', '25-06-01', today)).toBe('TO_INVALID');
    expect(dateRangeProblem('obligations', '2025-06-01', '2025-06-01', today)).toBe('FROM_AFTER_TO');
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
  });

  it('steps a year from 29 February to 28 February, as HMRC does', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
  });

  it('tells the date in the UK, which is a day ahead of UTC just after midnight in summer', () => {
    expect(ukToday(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(ukToday(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });
});

describe('calendar arithmetic (shared with the HMRC simulator)', () => {
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
    // Every 997th day from year 1 to year 9999 converts back to itself.
    for (let day = toDayNumber('0001-01-01'); day <= toDayNumber('9999-12-31'); day += 997) {
      expect(toDayNumber(fromDayNumber(day))).toBe(day);
    }
    // And from year 1000 on, where Date's ISO text is exact, agrees with Date.
    for (let day = toDayNumber('1000-01-01'); day <= toDayNumber('9999-12-31'); day += 997) {
      expect(fromDayNumber(day)).toBe(new Date(day * 86_400_000).toISOString().slice(0, 10));
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

  it('steps an instant by months at the same time of day, clamping the day as LocalDate does', () => {
    expect(addMonthsToInstant('2026-01-31T10:15:00.000Z', 1)).toBe('2026-02-28T10:15:00.000Z');
    expect(addMonthsToInstant('2026-01-31T10:15:00.000Z', 18)).toBe('2027-07-31T10:15:00.000Z');
    expect(addMonthsToInstant('2028-03-31T23:59:59.999Z', -1)).toBe('2028-02-29T23:59:59.999Z');
  });

  it('gives the UK calendar date of an instant, across the BST change of day', () => {
    expect(ukDateOf(new Date('2025-06-30T22:59:59Z'))).toBe('2025-06-30');
    expect(ukDateOf(new Date('2025-06-30T23:00:00Z'))).toBe('2025-07-01');
    expect(ukDateOf(new Date('2025-12-31T23:30:00Z'))).toBe('2025-12-31');
  });
});

describe('dates written out, as GOV.UK writes them', () => {
  it('names every month in English and in Welsh, the day without a leading zero', () => {
    const months = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-07`);
    expect(months.map((date) => ukLongDate(date).split(' ')[1])).toEqual([
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
    expect(months.map((date) => ukLongDate(date, 'cy').split(' ')[1])).toEqual([
      'Ionawr',
      'Chwefror',
      'Mawrth',
      'Ebrill',
      'Mai',
      'Mehefin',
      'Gorffennaf',
      'Awst',
      'Medi',
      'Hydref',
      'Tachwedd',
      'Rhagfyr',
    ]);
    expect(ukLongDate('2026-03-01')).toBe('1 March 2026');
    expect(ukLongDate('2024-02-29', 'cy')).toBe('29 Chwefror 2024');
  });

  it('keeps the date whatever the zone (31 December stays in its year)', () => {
    expect(ukLongDate('2026-12-31')).toBe('31 December 2026');
  });

  it('refuses what is not a calendar date rather than write a wrong one', () => {
    expect(() => ukLongDate('2026-02-30')).toThrow('Not a calendar date: 2026-02-30');
  });
});
