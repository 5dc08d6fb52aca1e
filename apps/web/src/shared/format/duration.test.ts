import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n';
import { durationParts, formatDuration } from './duration';

const minutes = (count: number) => count * 60_000;
const hours = (count: number) => count * minutes(60);
const days = (count: number) => count * hours(24);

describe('a length of time, as people read it', () => {
  beforeAll(async () => {
    await initI18n('en');
    await i18n.loadLanguages('es');
    await i18n.loadNamespaces('common');
  });
  const english = () => i18n.getFixedT('en');
  const spanish = () => i18n.getFixedT('es');

  it('reads an 18-month HMRC authority in years and days, not 13,127 hours', () => {
    const authority = hours(13_127) + minutes(59);
    expect(durationParts(authority)).toEqual({ years: 1, days: 181, hours: 0, minutes: 0 });
    expect(formatDuration(authority, english())).toBe('1 year 181 days');
    expect(formatDuration(authority, spanish())).toBe('1 año 181 días');
  });

  it('counts days (rounded down) from a day up to a year', () => {
    expect(formatDuration(days(364) + hours(23), english())).toBe('364 days');
    expect(formatDuration(days(1) + hours(23), english())).toBe('1 day');
    expect(formatDuration(days(365), english())).toBe('1 year');
    expect(formatDuration(days(2 * 365 + 1), english())).toBe('2 years 1 day');
    expect(formatDuration(days(2) + hours(3), spanish())).toBe('2 días');
    expect(formatDuration(days(1), spanish())).toBe('1 día');
  });

  it('counts hours and minutes below a day, and minutes below an hour', () => {
    expect(formatDuration(hours(5) + minutes(12) + 59_000, english())).toBe('5 hours 12 min');
    expect(formatDuration(hours(23) + minutes(59), english())).toBe('23 hours 59 min');
    expect(formatDuration(hours(1), english())).toBe('1 hour');
    expect(formatDuration(hours(1) + minutes(1), spanish())).toBe('1 hora 1 minuto');
    expect(formatDuration(hours(5) + minutes(12), spanish())).toBe('5 horas 12 minutos');
    expect(formatDuration(minutes(12), english())).toBe('12 min');
    expect(formatDuration(minutes(1), spanish())).toBe('1 minuto');
  });

  it('says less than a minute for the last seconds, and nothing left after', () => {
    expect(formatDuration(59_000, english())).toBe('less than a minute');
    expect(formatDuration(1_000, spanish())).toBe('menos de un minuto');
    expect(formatDuration(0, english())).toBe('0 min');
    expect(formatDuration(-minutes(5), english())).toBe('0 min');
    expect(durationParts(Number.NaN)).toEqual({ years: 0, days: 0, hours: 0, minutes: 0 });
  });
});
