import { describe, expect, it } from 'vitest';
import { relativeAge, ukDayOf } from './news-format';

describe('relativeAge', () => {
  it('says minutes for under an hour, at least one', () => {
    expect(relativeAge(0)).toBe('1 minute ago');
    expect(relativeAge(59)).toBe('1 minute ago');
    expect(relativeAge(17 * 60 + 30)).toBe('17 minutes ago');
    expect(relativeAge(59 * 60 + 59)).toBe('59 minutes ago');
  });

  it('says hours from an hour and days from two days', () => {
    expect(relativeAge(60 * 60)).toBe('1 hour ago');
    expect(relativeAge(47 * 3600 + 3599)).toBe('47 hours ago');
    expect(relativeAge(48 * 3600)).toBe('2 days ago');
    expect(relativeAge(10 * 86_400)).toBe('10 days ago');
  });

  it('speaks Spanish, and treats a nonsense age as a minute', () => {
    expect(relativeAge(17 * 60, 'es')).toBe('hace 17 minutos');
    expect(relativeAge(3 * 3600, 'es')).toBe('hace 3 horas');
    expect(relativeAge(-5)).toBe('1 minute ago');
  });
});

describe('ukDayOf', () => {
  it('gives the UK calendar day of an instant, in summer and winter time', () => {
    expect(ukDayOf('2026-07-13T23:30:00.000Z')).toBe('2026-07-14');
    expect(ukDayOf('2026-01-13T23:30:00.000Z')).toBe('2026-01-13');
    expect(ukDayOf('not a date')).toBe('');
  });
});
