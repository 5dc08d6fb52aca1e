import { describe, expect, it } from 'vitest';
import { formatRateTenths, parsePounds, parseRateTenths, penceToInput } from './money-input';

describe('parsePounds', () => {
  it('reads pounds and pence exactly, with or without £ and grouping commas', () => {
    expect(parsePounds('1,234.56')).toBe(123456);
    expect(parsePounds('£1,234.56')).toBe(123456);
    expect(parsePounds('1234.56')).toBe(123456);
    expect(parsePounds('  12 ')).toBe(1200);
    expect(parsePounds('12.5')).toBe(1250);
    expect(parsePounds('12.')).toBe(1200);
    expect(parsePounds('.07')).toBe(7);
    expect(parsePounds('0.07')).toBe(7);
    expect(parsePounds('1,234,567.89')).toBe(123456789);
  });

  it('keeps the pennies that floating point loses', () => {
    // parseFloat('1.005') * 100 is 100.49999999999999; 0.29 * 100 is 28.999999999999996.
    expect(parsePounds('0.29')).toBe(29);
    expect(parsePounds('4.35')).toBe(435);
    expect(parsePounds('1000000000.01')).toBe(100000000001);
  });

  it('reads credit notes and refunds as negative', () => {
    expect(parsePounds('-12.50')).toBe(-1250);
    expect(parsePounds('-£12.50')).toBe(-1250);
    expect(parsePounds('£-12.50')).toBe(-1250);
    expect(parsePounds('\u221212.50')).toBe(-1250);
    expect(parsePounds('+3')).toBe(300);
    expect(Object.is(parsePounds('-0.00'), 0)).toBe(true);
  });

  it('refuses what is not plainly an amount, rather than guessing', () => {
    for (const text of [
      '',
      ' ',
      '£',
      '-',
      '.',
      'abc',
      '12,50',
      '1,23',
      '1.234.56',
      '12.345',
      '1e3',
      '--1',
      '-£-1',
      '£12.3.4',
    ])
      expect(parsePounds(text), text).toBeNull();
  });

  it('refuses amounts too big to keep exact', () => {
    expect(parsePounds('9999999999999.99')).toBe(999999999999999);
    expect(parsePounds('99999999999999.99')).toBeNull();
  });

  it('reads back what penceToInput writes', () => {
    for (const pence of [0, 7, 123456, -1250, 999999999999999]) expect(parsePounds(penceToInput(pence))).toBe(pence);
    expect(penceToInput(-1250)).toBe('-12.50');
  });
});

describe('flat rates in tenths of a per cent', () => {
  it('parses a percentage with at most one decimal', () => {
    expect(parseRateTenths('14.5')).toBe(145);
    expect(parseRateTenths('12')).toBe(120);
    expect(parseRateTenths('16.5%')).toBe(165);
    expect(parseRateTenths('14,5 %')).toBe(145);
    expect(parseRateTenths('0')).toBe(0);
    expect(parseRateTenths('100')).toBe(1000);
    expect(parseRateTenths('14.55')).toBeNull();
    expect(parseRateTenths('101')).toBeNull();
    expect(parseRateTenths('-1')).toBeNull();
    expect(parseRateTenths('')).toBeNull();
  });

  it('formats a rate with the language’s decimal mark', () => {
    expect(formatRateTenths(145)).toBe('14.5%');
    expect(formatRateTenths(120)).toBe('12%');
    expect(formatRateTenths(65)).toBe('6.5%');
    expect(formatRateTenths(145, 'es')).toBe('14,5%');
  });
});
