import { describe, expect, it } from 'vitest';
import { expectedVatPence, vatDisagreesWithRate } from '../index';

describe('expectedVatPence', () => {
  it('is net × 20% at the standard rate and net × 5% at the reduced rate', () => {
    expect(expectedVatPence(100_000, 'standard')).toBe(20_000); // £1,000.00 → £200.00
    expect(expectedVatPence(123_456, 'standard')).toBe(24_691); // £1,234.56 → £246.912 → £246.91
    expect(expectedVatPence(100_000, 'reduced')).toBe(5_000); // £1,000.00 → £50.00
    expect(expectedVatPence(1_999, 'reduced')).toBe(100); // £19.99 → 99.95p → £1.00
  });

  it('rounds to the nearest penny, half a penny up', () => {
    expect(expectedVatPence(1_002, 'standard')).toBe(200); // 200.4p
    expect(expectedVatPence(1_003, 'standard')).toBe(201); // 200.6p
    expect(expectedVatPence(1_010, 'reduced')).toBe(51); // 50.5p
    expect(expectedVatPence(1_009, 'reduced')).toBe(50); // 50.45p
    expect(expectedVatPence(2, 'standard')).toBe(0); // 0.4p
  });

  it('gives a credit note the VAT of its invoice, negated', () => {
    expect(expectedVatPence(-100_000, 'standard')).toBe(-20_000);
    expect(expectedVatPence(-123_456, 'standard')).toBe(-24_691);
    expect(expectedVatPence(-1_010, 'reduced')).toBe(-51); // -50.5p, as its invoice's 50.5p
    expect(expectedVatPence(-1_009, 'reduced')).toBe(-50);
  });

  it('is nothing on a zero net or a rate with no VAT', () => {
    expect(expectedVatPence(0, 'standard')).toBe(0);
    expect(expectedVatPence(0, 'reduced')).toBe(0);
    expect(expectedVatPence(100_000, 'zero')).toBe(0);
    expect(expectedVatPence(100_000, 'exempt')).toBe(0);
    expect(expectedVatPence(-100_000, 'outsideScope')).toBe(0);
  });

  it('stays exact for the largest amounts and refuses fractions of a penny', () => {
    expect(expectedVatPence(999_999_999_999_999, 'standard')).toBe(200_000_000_000_000);
    expect(() => expectedVatPence(10.5, 'standard')).toThrow(RangeError);
  });
});

describe('vatDisagreesWithRate', () => {
  it('flags 20% VAT that is not 20% of the net (£150.00 on £1,000.00)', () => {
    expect(vatDisagreesWithRate(100_000, 15_000, 'standard')).toBe(true);
    expect(vatDisagreesWithRate(100_000, 20_000, 'standard')).toBe(false);
  });

  it('allows a penny either way for rounding, but not two', () => {
    expect(vatDisagreesWithRate(123_456, 24_690, 'standard')).toBe(false); // rounded down, as HMRC allows per invoice
    expect(vatDisagreesWithRate(123_456, 24_692, 'standard')).toBe(false);
    expect(vatDisagreesWithRate(123_456, 24_689, 'standard')).toBe(true);
    expect(vatDisagreesWithRate(123_456, 24_693, 'standard')).toBe(true);
    expect(vatDisagreesWithRate(1_999, 99, 'reduced')).toBe(false);
    expect(vatDisagreesWithRate(1_999, 98, 'reduced')).toBe(true);
  });

  it('checks credit notes the same way', () => {
    expect(vatDisagreesWithRate(-100_000, -20_000, 'standard')).toBe(false);
    expect(vatDisagreesWithRate(-100_000, -19_999, 'standard')).toBe(false);
    expect(vatDisagreesWithRate(-100_000, 20_000, 'standard')).toBe(true); // VAT with the wrong sign
    expect(vatDisagreesWithRate(-100_000, -15_000, 'standard')).toBe(true);
  });

  it('allows no VAT at all on zero-rated, exempt and outside-the-scope records', () => {
    expect(vatDisagreesWithRate(100_000, 0, 'zero')).toBe(false);
    expect(vatDisagreesWithRate(100_000, 1, 'zero')).toBe(true);
    expect(vatDisagreesWithRate(100_000, 20_000, 'exempt')).toBe(true);
    expect(vatDisagreesWithRate(100_000, -1, 'outsideScope')).toBe(true);
  });

  it('flags VAT on a zero net, beyond a penny', () => {
    expect(vatDisagreesWithRate(0, 0, 'standard')).toBe(false);
    expect(vatDisagreesWithRate(0, 1, 'standard')).toBe(false);
    expect(vatDisagreesWithRate(0, 500, 'standard')).toBe(true);
  });
});
