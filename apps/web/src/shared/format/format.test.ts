import { describe, expect, it } from 'vitest';
import { formatBoxAmount, formatDate, formatDateTime, formatDatesInText, formatMoney } from './format';

describe('formats for people', () => {
  it('writes money from pence in pounds and pence', () => {
    expect(formatMoney(123_456)).toBe('£1,234.56');
    expect(formatMoney(123_456_789, 'es')).toBe('£1.234.567,89');
    expect(formatMoney(null)).toBe('—');
  });

  it('writes a negative with a true minus sign before the pound sign, in both languages', () => {
    expect(formatMoney(-123_456)).toBe('\u2212£1,234.56');
    expect(formatMoney(-123_456_789, 'es')).toBe('\u2212£1.234.567,89');
    expect(formatMoney(-5)).not.toContain('-');
  });

  it('writes boxes 6-9 in whole pounds and boxes 1-5 with pence', () => {
    expect(formatBoxAmount(6, 125_000)).toBe('£1,250');
    expect(formatBoxAmount(9, -125_000)).toBe('\u2212£1,250');
    expect(formatBoxAmount(7, 123_456_700, 'es')).toBe('£1.234.567');
    expect(formatBoxAmount(1, 125_000)).toBe('£1,250.00');
    expect(formatBoxAmount(5, 25_010, 'es')).toBe('£250,10');
    expect(formatBoxAmount(8, null)).toBe('—');
  });

  it('writes a calendar date the UK way, whatever the browser’s time zone', () => {
    expect(formatDate('2026-11-23')).toBe('23 Nov 2026');
    expect(formatDate('2026-11-24', 'en-US')).toBe('24 Nov 2026');
    expect(formatDate('2026-11-24', 'es')).toBe('24 nov 2026');
    expect(formatDate(null)).toBe('—');
  });

  it('writes an instant in UK time on the 24-hour clock, day first', () => {
    expect(formatDateTime('2026-07-01T23:30:00.000Z')).toBe('2 Jul 2026, 00:30');
    expect(formatDateTime('2026-11-24T01:32:00Z')).toBe('24 Nov 2026, 01:32');
    expect(formatDateTime('2026-11-24T13:05:00Z', 'en-US')).toBe('24 Nov 2026, 13:05');
    expect(formatDateTime('2026-11-24T01:32:00Z', 'es')).toBe('24 nov 2026, 01:32');
  });

  it('writes the ISO dates and instants inside a server’s message the same way', () => {
    expect(formatDatesInText('Refreshed the HMRC token. It is valid until 2026-11-24T01:32:00.000Z.')).toBe(
      'Refreshed the HMRC token. It is valid until 24 Nov 2026, 01:32.',
    );
    expect(formatDatesInText('the VAT return for 2026-08-01 to 2026-10-31 is due on 2026-12-07.', 'es')).toBe(
      'the VAT return for 1 ago 2026 to 31 oct 2026 is due on 7 dic 2026.',
    );
    expect(formatDatesInText('GET /obligations?from=2026-01-01&to=2026-12-31 · 200')).toBe(
      'GET /obligations?from=2026-01-01&to=2026-12-31 · 200',
    );
  });
});

describe('formats in a right-to-left layout', () => {
  it('keeps each amount, date and instant one left-to-right run, so its parts are not reordered', () => {
    expect(formatMoney(-1_250, 'enrtl')).toBe('\u2066\u2212£12.50\u2069');
    expect(formatBoxAmount(6, 125_000, 'enrtl')).toBe('\u2066£1,250\u2069');
    expect(formatDate('2026-11-23', 'enrtl')).toBe('\u206623 Nov 2026\u2069');
    expect(formatDateTime('2026-11-24T01:32:00Z', 'enrtl')).toBe('\u206624 Nov 2026, 01:32\u2069');
    expect(formatDatesInText('valid until 2026-11-24', 'enrtl')).toBe('valid until \u206624 Nov 2026\u2069');
    // Nothing to reorder in a dash.
    expect(formatMoney(null, 'enrtl')).toBe('—');
  });
});
