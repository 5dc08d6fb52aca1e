import { describe, expect, it } from 'vitest';
import { formatGbp, penceToDecimalText, poundsToPence } from './money';

describe('money in pence', () => {
  it('turns HMRC’s pounds into exact pence, float artefacts and all', () => {
    expect(poundsToPence(1250.1)).toBe(125_010);
    expect(poundsToPence(0.29)).toBe(29);
    expect(poundsToPence(-9_999_999_999_999.99)).toBe(-999_999_999_999_999);
    expect(() => poundsToPence(Number.NaN)).toThrow();
  });

  it('writes pence as pounds by integer arithmetic', () => {
    expect(penceToDecimalText(123_405)).toBe('1234.05');
    expect(penceToDecimalText(-5)).toBe('-0.05');
    expect(formatGbp(123_456_789)).toBe('£1,234,567.89');
    expect(formatGbp(100_000, 'es-ES')).toBe('£1000,00');
    expect(formatGbp(123_456_789, 'es-ES')).toBe('£1.234.567,89');
  });

  it('writes a negative with a true minus sign before the pound sign, as accountants do', () => {
    expect(formatGbp(-5)).toBe('\u2212£0.05');
    expect(formatGbp(-123_456)).toBe('−£1,234.56');
    expect(formatGbp(-123_456, 'es-ES')).toBe('−£1234,56');
    expect(formatGbp(0)).toBe('£0.00');
    // Files and HMRC bodies keep the machine-readable hyphen.
    expect(penceToDecimalText(-123_456)).toBe('-1234.56');
  });

  it('leaves out the pence for whole-pound figures (boxes 6-9) only when there are none', () => {
    expect(formatGbp(125_000, 'en-GB', { wholePounds: true })).toBe('£1,250');
    expect(formatGbp(-125_000, 'en-GB', { wholePounds: true })).toBe('−£1,250');
    expect(formatGbp(12_345_600, 'es-ES', { wholePounds: true })).toBe('£123.456');
    expect(formatGbp(0, 'en-GB', { wholePounds: true })).toBe('£0');
    expect(formatGbp(125_040, 'en-GB', { wholePounds: true })).toBe('£1,250.40');
  });
});
