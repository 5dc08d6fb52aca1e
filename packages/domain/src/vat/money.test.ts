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
    expect(formatGbp(-5)).toBe('-£0.05');
    expect(formatGbp(100_000, 'es-ES')).toBe('£1000,00');
  });
});
