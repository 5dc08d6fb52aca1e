/**
 * Partial exemption, standard method (VAT Notice 706 sections 4, 5, 11, 12): how much of a period's
 * input tax a business making both taxable and exempt supplies may reclaim. Integer pence; bigint for
 * products. Percentages are kept in hundredths of a per cent (basis points: 6700 = 67%).
 */

/** The de minimis limit: £625 a month on average (N706 section 11). */
export const deMinimisPenceAMonth = 62_500;
/** Above £400,000 a month of residual input tax the percentage keeps two decimal places (N706 4.7). */
export const twoDecimalsResidualPenceAMonth = 40_000_000;

export interface PartialExemptionInput {
  /** Months the figures cover: 1, 3 or 12 (the partial exemption year). */
  months: number;
  /** Values of taxable and exempt supplies, VAT excluded, for the recovery percentage. */
  taxableSuppliesPence: number;
  exemptSuppliesPence: number;
  /** Input tax directly attributable to taxable supplies (recoverable). */
  directTaxablePence: number;
  /** Input tax directly attributable to exempt supplies (exempt input tax). */
  directExemptPence: number;
  /** Input tax on costs used for both (overheads): residual. */
  residualPence: number;
}

export interface DeMinimisTests {
  /** £625 a month on average, for the period. */
  limitPence: number;
  /** Simplified test 1: all input tax ≤ the limit and exempt supplies ≤ half of all supplies. */
  test1: boolean;
  /** Simplified test 2: input tax less that on taxable supplies ≤ the limit, and exempt supplies ≤ half. */
  test2: boolean;
  /** The standard test: exempt input tax ≤ the limit and ≤ half of all input tax. */
  standard: boolean;
}

export interface PartialExemptionWorking {
  /** taxable ÷ all supplies, rounded up; null when no supplies were entered (nothing to share by). */
  recoveryBasisPoints: number | null;
  /** True when it kept two decimal places (residual over £400,000 a month on average). */
  twoDecimalPlaces: boolean;
  totalInputTaxPence: number;
  recoverableResidualPence: number;
  /** Direct exempt input tax plus the exempt share of residual. */
  exemptInputTaxPence: number;
  deMinimis: DeMinimisTests;
  /** Any of the three tests passed: all input tax is recoverable. */
  deMinimisMet: boolean;
  recoverablePence: number;
  /** What may not be reclaimed: 0 when de minimis. */
  irrecoverablePence: number;
}

function checked(input: PartialExemptionInput): void {
  for (const [name, value] of Object.entries(input)) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`${name} must be a whole, non-negative number: ${value}`);
    }
  }
  if (input.months < 1) throw new RangeError('The figures must cover at least one month');
}

const divideCeil = (a: bigint, b: bigint): bigint => (a % b === 0n ? a / b : a / b + 1n);

/**
 * The recovery percentage in basis points (N706 4.6, 4.7; VAT Regulations 1995 reg 101(4)): the value
 * of taxable supplies over all supplies, rounded up to the next whole per cent — or, when residual
 * input tax is more than £400,000 a month on average, up to two decimal places.
 */
export function recoveryBasisPoints(
  taxableSuppliesPence: number,
  exemptSuppliesPence: number,
  twoDecimals: boolean,
): number | null {
  const all = BigInt(taxableSuppliesPence) + BigInt(exemptSuppliesPence);
  if (all === 0n) return null;
  const taxable = BigInt(taxableSuppliesPence);
  return twoDecimals ? Number(divideCeil(taxable * 10_000n, all)) : Number(divideCeil(taxable * 100n, all)) * 100;
}

/** residual × basis points ÷ 10,000, to the nearest penny (a half up). */
const shareOf = (residualPence: number, basisPoints: number): number =>
  Number((BigInt(residualPence) * BigInt(basisPoints) * 2n + 10_000n) / 20_000n);

/**
 * The standard method for one period or the year (N706 4, 11): residual input tax is shared by the
 * recovery percentage; exempt input tax is the direct exempt part plus residual's exempt share; then
 * the de minimis tests (simplified tests 1 and 2 first, then the standard test) — if any passes, all
 * input tax is recoverable.
 */
export function partialExemption(input: PartialExemptionInput): PartialExemptionWorking {
  checked(input);
  const { months, taxableSuppliesPence, exemptSuppliesPence, directTaxablePence, directExemptPence, residualPence } =
    input;
  const twoDecimalPlaces = residualPence > twoDecimalsResidualPenceAMonth * months;
  const basisPoints = recoveryBasisPoints(taxableSuppliesPence, exemptSuppliesPence, twoDecimalPlaces);
  const totalInputTaxPence = directTaxablePence + directExemptPence + residualPence;
  // With no supplies to share by, none of residual is taken as recoverable until figures are entered.
  const recoverableResidualPence = basisPoints === null ? 0 : shareOf(residualPence, basisPoints);
  const exemptInputTaxPence = directExemptPence + (residualPence - recoverableResidualPence);

  const limitPence = deMinimisPenceAMonth * months;
  const exemptSuppliesAtMostHalf = 2 * exemptSuppliesPence <= taxableSuppliesPence + exemptSuppliesPence;
  const deMinimis: DeMinimisTests = {
    limitPence,
    test1: totalInputTaxPence <= limitPence && exemptSuppliesAtMostHalf,
    test2: totalInputTaxPence - directTaxablePence <= limitPence && exemptSuppliesAtMostHalf,
    standard: exemptInputTaxPence <= limitPence && 2 * exemptInputTaxPence <= totalInputTaxPence,
  };
  const deMinimisMet = deMinimis.test1 || deMinimis.test2 || deMinimis.standard;
  const irrecoverablePence = deMinimisMet ? 0 : exemptInputTaxPence;
  return {
    recoveryBasisPoints: basisPoints,
    twoDecimalPlaces,
    totalInputTaxPence,
    recoverableResidualPence,
    exemptInputTaxPence,
    deMinimis,
    deMinimisMet,
    recoverablePence: totalInputTaxPence - irrecoverablePence,
    irrecoverablePence,
  };
}

export interface AnnualAdjustment {
  /** The standard method over the partial exemption year's totals. */
  year: PartialExemptionWorking;
  /** The year's recoverable input tax less what the year's returns recovered: positive to claim, negative to repay. */
  adjustmentPence: number;
}

/**
 * The annual adjustment (N706 section 12): the standard method worked again with the partial
 * exemption year's totals (de minimis at £625 × 12), compared with the input tax the year's returns
 * recovered. The difference goes on the first return after the year ends (or the year's last, if
 * the business chooses): more to claim in box 4, or less.
 */
export function partialExemptionAnnualAdjustment(
  yearTotals: Omit<PartialExemptionInput, 'months'> & { months?: number },
  recoveredInYearPence: number,
): AnnualAdjustment {
  if (!Number.isSafeInteger(recoveredInYearPence) || recoveredInYearPence < 0) {
    throw new RangeError(`The input tax recovered must be a whole, non-negative number: ${recoveredInYearPence}`);
  }
  const year = partialExemption({ ...yearTotals, months: yearTotals.months ?? 12 });
  return { year, adjustmentPence: year.recoverablePence - recoveredInYearPence };
}
