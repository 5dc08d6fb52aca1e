import { describe, expect, it } from 'vitest';
import { compareDecimals, decimal, decimalOfNumber, isWhole, parseDecimal, toPence } from './decimal';
import { JsonNumber, parseLosslessJson } from './lossless-json';
import { formatPence, penceToJson, percentOf } from './money';

describe('exact decimals', () => {
  it('keeps the written scale, as java.math.BigDecimal does', () => {
    expect(parseDecimal('100.10')).toEqual({ unscaled: 10010n, scale: 2 });
    expect(parseDecimal('100.100')).toEqual({ unscaled: 100100n, scale: 3 });
    expect(parseDecimal('5E+2')).toEqual({ unscaled: 5n, scale: -2 });
    expect(parseDecimal('1e-7')?.scale).toBe(7);
    expect(parseDecimal('01')).toBeUndefined();
    expect(parseDecimal('1.')).toBeUndefined();
    expect(parseDecimal('1e999999')).toBeUndefined();
  });

  it('sees float artefacts in a JavaScript number', () => {
    expect(decimalOfNumber(0.1 + 0.2)?.scale).toBe(17);
    expect(decimalOfNumber(100.1)).toEqual({ unscaled: 1001n, scale: 1 });
    expect(decimalOfNumber(Number.NaN)).toBeUndefined();
  });

  it('compares, tells whole numbers and converts to pence exactly', () => {
    expect(compareDecimals(decimal('500.00'), decimal('5E+2'))).toBe(0);
    expect(compareDecimals(decimal('-0.01'), decimal('0'))).toBe(-1);
    expect(isWhole(decimal('500.00'))).toBe(true);
    expect(isWhole(decimal('500.5'))).toBe(false);
    expect(toPence(decimal('9999999999999.99'))).toBe(999_999_999_999_999);
    expect(toPence(decimal('500.000'))).toBe(50_000);
    expect(toPence(decimal('0.001'))).toBeUndefined();
  });
});

describe('money at the edge', () => {
  it('formats pence with integer arithmetic and emits exact JSON numbers', () => {
    expect(formatPence(-123_405)).toBe('-1234.05');
    expect(formatPence(5)).toBe('0.05');
    expect(penceToJson(10_010)).toBe(100.1);
    expect(penceToJson(999_999_999_999_999)).toBe(9_999_999_999_999.99);
  });

  it('takes a percentage rounded half up to the penny', () => {
    expect(percentOf(1_800_000, 165)).toBe(297_000);
    expect(percentOf(3, 200)).toBe(1);
    expect(percentOf(2, 200)).toBe(0);
    expect(percentOf(-3, 200)).toBe(-1);
  });
});

describe('parseLosslessJson', () => {
  it('keeps numbers as written and objects as Maps', () => {
    const parsed = parseLosslessJson('{"a": 100.100, "b": [true, null, "x\\u0041"], "__proto__": 1, "a": 2.50}');
    expect(parsed).toBeInstanceOf(Map);
    const map = parsed as Map<string, unknown>;
    expect(map.get('a')).toEqual(new JsonNumber('2.50'));
    expect(map.get('b')).toEqual([true, null, 'xA']);
    expect(map.get('__proto__')).toEqual(new JsonNumber('1'));
  });

  it('refuses what RFC 8259 refuses', () => {
    for (const text of [
      '',
      '{',
      '{"a":1,}',
      '[1,]',
      '{"a":01}',
      "{'a':1}",
      '{"a":NaN}',
      '1 2',
      '"a\u0001"',
      '['.repeat(2000),
    ]) {
      expect(parseLosslessJson(text)).toBeUndefined();
    }
  });
});
