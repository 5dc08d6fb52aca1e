import { describe, expect, it } from 'vitest';
import { partialExemption, partialExemptionAnnualAdjustment, recoveryBasisPoints } from './partial-exemption';

/**
 * The standard method (VAT Notice 706). The Notice's own examples are not reproduced from memory:
 * every case here is a worked example derived from the rules of N706 sections 4, 11 and 12, and
 * named so.
 */

const quarter = {
  months: 3,
  taxableSuppliesPence: 10_000_000, // £100,000
  exemptSuppliesPence: 5_000_000, // £50,000
  directTaxablePence: 600_000, // £6,000
  directExemptPence: 150_000, // £1,500
  residualPence: 300_000, // £3,000
};

describe('the recovery percentage (N706 4.6, 4.7)', () => {
  it('derived example: £100,000 taxable of £150,000 supplies is 66.67%, rounded up to 67%', () => {
    expect(recoveryBasisPoints(10_000_000, 5_000_000, false)).toBe(6_700);
  });

  it('derived example: a whole percentage stays as it is (3 of 4 = 75%)', () => {
    expect(recoveryBasisPoints(300, 100, false)).toBe(7_500);
  });

  it('derived example: over £400,000 residual a month it is rounded up at two decimal places (66.67%)', () => {
    const working = partialExemption({ ...quarter, months: 1, residualPence: 40_000_001 });
    expect(working.twoDecimalPlaces).toBe(true);
    expect(working.recoveryBasisPoints).toBe(6_667);
    expect(partialExemption({ ...quarter, months: 1, residualPence: 40_000_000 }).recoveryBasisPoints).toBe(6_700);
  });

  it('is unknown with no supplies, and then no residual input tax is counted as recoverable', () => {
    const working = partialExemption({ ...quarter, taxableSuppliesPence: 0, exemptSuppliesPence: 0 });
    expect(working.recoveryBasisPoints).toBeNull();
    expect(working.recoverableResidualPence).toBe(0);
  });
});

describe('a quarter under the standard method', () => {
  it('derived example: 67% of £3,000 residual is recoverable; £1,500 + £990 exempt input tax is lost', () => {
    const working = partialExemption(quarter);
    expect(working.recoverableResidualPence).toBe(201_000);
    expect(working.exemptInputTaxPence).toBe(249_000);
    expect(working.totalInputTaxPence).toBe(1_050_000);
    // £2,490 is over £1,875 (3 × £625): not de minimis.
    expect(working.deMinimis).toEqual({ limitPence: 187_500, test1: false, test2: false, standard: false });
    expect(working.irrecoverablePence).toBe(249_000);
    expect(working.recoverablePence).toBe(801_000);
  });

  it('derived example: exempt input tax of £1,800 (under £1,875 and half of all) is de minimis: all recoverable', () => {
    const working = partialExemption({ ...quarter, directExemptPence: 81_000 });
    expect(working.exemptInputTaxPence).toBe(180_000);
    expect(working.deMinimis.standard).toBe(true);
    expect(working.deMinimisMet).toBe(true);
    expect(working.irrecoverablePence).toBe(0);
    expect(working.recoverablePence).toBe(working.totalInputTaxPence);
  });

  it('derived example: within £1,875 but more than half of all input tax is not de minimis', () => {
    // Exempt supplies are over half, so the simplified tests cannot pass either.
    const working = partialExemption({
      ...quarter,
      exemptSuppliesPence: 10_000_001,
      directTaxablePence: 10_000,
      directExemptPence: 100_000,
      residualPence: 0,
    });
    expect(working.exemptInputTaxPence).toBe(100_000);
    expect(working.deMinimis).toMatchObject({ test1: false, test2: false, standard: false });
    expect(working.irrecoverablePence).toBe(100_000);
  });
});

describe('the simplified de minimis tests (N706 section 11)', () => {
  it('derived example, test 1: £1,800 of input tax in all and exempt supplies a third of supplies', () => {
    const working = partialExemption({
      ...quarter,
      directTaxablePence: 100_000,
      directExemptPence: 60_000,
      residualPence: 20_000,
    });
    expect(working.deMinimis.test1).toBe(true);
    expect(working.irrecoverablePence).toBe(0);
  });

  it('derived example, test 2: £9,000 on taxable supplies set aside leaves £1,800, within £1,875', () => {
    const working = partialExemption({
      ...quarter,
      directTaxablePence: 900_000,
      directExemptPence: 120_000,
      residualPence: 60_000,
    });
    expect(working.deMinimis.test1).toBe(false);
    expect(working.deMinimis.test2).toBe(true);
    expect(working.deMinimisMet).toBe(true);
  });

  it('derived example: neither simplified test passes when exempt supplies are more than half', () => {
    const working = partialExemption({
      ...quarter,
      exemptSuppliesPence: 10_000_001,
      directExemptPence: 0,
      residualPence: 1,
    });
    expect(working.deMinimis.test1).toBe(false);
    expect(working.deMinimis.test2).toBe(false);
  });
});

describe('the annual adjustment (N706 section 12)', () => {
  it('derived example: the year’s figures give back £1,200 more than the quarters recovered', () => {
    const year = {
      taxableSuppliesPence: 45_000_000,
      exemptSuppliesPence: 15_000_000, // 75%
      directTaxablePence: 2_400_000,
      directExemptPence: 600_000,
      residualPence: 1_200_000,
    };
    // The year: £24,000 + 75% of £12,000 = £33,000 recoverable; exempt input tax £9,000 > £7,500.
    const { year: working, adjustmentPence } = partialExemptionAnnualAdjustment(year, 3_180_000);
    expect(working.deMinimis.limitPence).toBe(750_000);
    expect(working.recoverablePence).toBe(3_300_000);
    expect(adjustmentPence).toBe(120_000);
  });

  it('derived example: a year that is de minimis as a whole recovers all, so the adjustment claims the rest', () => {
    const { adjustmentPence, year } = partialExemptionAnnualAdjustment(
      {
        taxableSuppliesPence: 40_000_000,
        exemptSuppliesPence: 4_000_000,
        directTaxablePence: 2_000_000,
        directExemptPence: 300_000,
        residualPence: 200_000,
      },
      2_300_000,
    );
    expect(year.deMinimisMet).toBe(true);
    expect(adjustmentPence).toBe(200_000);
  });

  it('refuses negative or fractional figures, saying which', () => {
    expect(() => partialExemption({ ...quarter, residualPence: -1 })).toThrow(/residualPence/);
    expect(() => partialExemptionAnnualAdjustment({ ...quarter }, 1.5)).toThrow(/recovered/);
  });
});
