/**
 * The check digits of a UK VAT registration number (VRN). The VAT (MTD) API itself only checks that
 * a VRN is 9 digits (docs/reference/hmrc-vat-api.md §3.2); the check digits let us catch typing mistakes, and HMRC's
 * Create Test User API builds its VRNs the same way (2.3).
 *
 * Rule: weight the first 7 digits by 8, 7, 6, 5, 4, 3, 2 and add them up. The last two digits, read as
 * a number, make that sum a multiple of 97 (the original "mod 97" series), or make it one once 55 is
 * added (the newer "9755" series HMRC brought in later).
 */

const checkWeights = [8, 7, 6, 5, 4, 3, 2] as const;

// The newer series adds 55 before the mod-97 check.
const newerSeriesOffset = 55;

function weightedSum(firstSevenDigits: string): number {
  return checkWeights.reduce((sum, weight, index) => sum + weight * Number(firstSevenDigits[index]), 0);
}

/** True for 9 digits whose last two are valid check digits under either series. */
export function isValidVrn(vrn: string): boolean {
  if (!/^\d{9}$/.test(vrn)) return false;
  const sum = weightedSum(vrn.slice(0, 7));
  const checkNumber = Number(vrn.slice(7));
  return (sum + checkNumber) % 97 === 0 || (sum + newerSeriesOffset + checkNumber) % 97 === 0;
}

/** The 9-digit VRN for a 7-digit base, with check digits 00–96 from the original mod-97 series. */
export function vrnWithCheckDigits(base7: string): string {
  if (!/^\d{7}$/.test(base7)) throw new RangeError(`A VRN base is 7 digits, got "${base7}"`);
  const checkNumber = (97 - (weightedSum(base7) % 97)) % 97;
  return base7 + String(checkNumber).padStart(2, '0');
}
