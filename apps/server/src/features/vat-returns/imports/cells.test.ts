import { describe, expect, it } from 'vitest';
import { formatLongDate, parseAmount, parseDate, showCell } from './cells';

describe('parseAmount', () => {
  it.each([
    ['1,234.56', 123456],
    ['£1,234.56', 123456],
    ['-12.30', -1230],
    ['(12.30)', -1230],
    ['(£1,000)', -100000],
    ['-£5.05', -505],
    ['£-5.05', -505],
    ['12', 1200],
    ['12.3', 1230],
    ['.5', 50],
    ['0.07', 7],
    ['12.300', 1230],
    ['  £ 99.99 ', 9999],
    ['0', 0],
    ['-0.00', 0],
    ['9999999999999.99', 999999999999999],
  ])('reads %j as %i pence', (text, pence) => {
    expect(parseAmount(text)).toEqual({ ok: true, value: pence });
  });

  it('reads XLSX numbers by their digits, without float noise', () => {
    expect(parseAmount(100.5)).toEqual({ ok: true, value: 10050 });
    expect(parseAmount(0.1 + 0.2)).toEqual({ ok: true, value: 30 });
    expect(parseAmount(2.4600000000000004)).toEqual({ ok: true, value: 246 });
    expect(parseAmount(1234.56)).toEqual({ ok: true, value: 123456 });
    expect(parseAmount(-12)).toEqual({ ok: true, value: -1200 });
  });

  it.each([
    ['12.3.4', '"12.3.4" is not an amount in pounds and pence'],
    ['abc', '"abc" is not an amount in pounds and pence'],
    ['1,23.45', '"1,23.45" is not an amount in pounds and pence'],
    ['(-12.30)', '"(-12.30)" is not an amount in pounds and pence'],
    ['(12.30', '"(12.30" is not an amount in pounds and pence'],
    ['£', '"£" is not an amount in pounds and pence'],
    ['12.345', '"12.345" has more than 2 decimal places: amounts are in pounds and pence, such as 12.35'],
    ['#DIV/0!', '"#DIV/0!" is a formula error: correct the formula in the spreadsheet'],
    ['', 'is empty: enter the amount (0 if there is none)'],
    ['12345678901234', '"12345678901234" is too large an amount'],
  ])('refuses %j', (text, reason) => {
    expect(parseAmount(text)).toEqual({ ok: false, reason });
  });

  it('refuses a number cell with more than 2 decimals, and non-amount cells', () => {
    expect(parseAmount(12.345)).toEqual({
      ok: false,
      reason: '12.345 has more than 2 decimal places: amounts are in pounds and pence, such as 12.35',
    });
    expect(parseAmount(null)).toEqual({ ok: false, reason: 'is empty: enter the amount (0 if there is none)' });
    expect(parseAmount(true)).toEqual({ ok: false, reason: 'true is not an amount in pounds and pence' });
    expect(parseAmount(new Date(Date.UTC(2026, 3, 1)))).toEqual({
      ok: false,
      reason: '01/04/2026 is a date, not an amount in pounds and pence',
    });
  });
});

describe('parseDate', () => {
  it.each([
    ['2026-03-31', '2026-03-31'],
    ['31/03/2026', '2026-03-31'],
    ['31-03-2026', '2026-03-31'],
    ['31.03.2026', '2026-03-31'],
    ['1/4/2026', '2026-04-01'],
    ['05/04/2026', '2026-04-05'],
    ['31 Mar 2026', '2026-03-31'],
    ['1-April-2026', '2026-04-01'],
    ['31/03/2026 00:00:00', '2026-03-31'],
    ['2026-03-31T10:30', '2026-03-31'],
    ['29/02/2028', '2028-02-29'],
  ])('reads %j day first as %s', (text, date) => {
    expect(parseDate(text)).toEqual({ ok: true, value: date });
  });

  it('reads an XLSX date cell as its calendar date, with no time-zone shift', () => {
    // read-excel-file gives midnight UTC; in the UK in summer that is 01:00, still the same day.
    expect(parseDate(new Date(Date.UTC(2026, 5, 30)))).toEqual({ ok: true, value: '2026-06-30' });
    expect(parseDate(new Date(Date.UTC(2026, 0, 1, 18, 0)))).toEqual({ ok: true, value: '2026-01-01' });
  });

  it.each([
    ['31/02/2026', '31/02/2026 is not a real date'],
    ['2026-02-30', '2026-02-30 is not a real date'],
    ['29/02/2026', '29/02/2026 is not a real date'],
    ['03/31/2026', '03/31/2026 is not a real date (dates are read day first, as in 31/03/2026)'],
    ['03-31-2026', '03-31-2026 is not a real date (dates are read day first, as in 31-03-2026)'],
    ['31/03/26', '31/03/26 has a two-digit year: write the year in full, such as 31/03/2026'],
    ['31/03-2026', '"31/03-2026" is not a date: write it as 31/03/2026 or 2026-03-31'],
    ['tomorrow', '"tomorrow" is not a date: write it as 31/03/2026 or 2026-03-31'],
    ['', 'is empty: enter the date, such as 31/03/2026'],
  ])('refuses %j', (text, reason) => {
    expect(parseDate(text)).toEqual({ ok: false, reason });
  });

  it('refuses a bare number (a date cell without a date format)', () => {
    expect(parseDate(46112)).toEqual({
      ok: false,
      reason: '46112 is a number, not a date: format the column as a date, or write dates such as 31/03/2026',
    });
  });
});

describe('display helpers', () => {
  it('writes periods and cells as a user reads them', () => {
    expect(formatLongDate('2026-04-01')).toBe('1 Apr 2026');
    expect(formatLongDate('2026-06-30')).toBe('30 Jun 2026');
    expect(showCell('x')).toBe('"x"');
    expect(showCell(null)).toBe('(empty)');
  });
});
