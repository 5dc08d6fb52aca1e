/**
 * The reference checks HMRC's Initiate payment service makes before it starts a journey
 * (third-party-payments-external-api ReferenceValidationService, using HMRC's reference-checker
 * rules, which are published in hmrc/reference-checker): a payment must name a liability that can
 * exist, so that the money is not misallocated.
 */

const vatWeights = [8, 7, 6, 5, 4, 3, 2] as const;

/**
 * A VRN as HMRC's payment service checks it: nine digits, the first seven weighted 8…2; take 97
 * from the sum until it is 97 or less, and 97 minus that must be the last two digits, either as
 * is or after adding 55 to the sum first (the newer "9755" series).
 */
export function isValidVatReference(reference: string): boolean {
  if (!/^\d{9}$/.test(reference)) return false;
  const sum = vatWeights.reduce((total, weight, index) => total + weight * Number(reference[index]), 0);
  const expected = Number(reference.slice(7));
  const checkDigits = (weighted: number) => {
    let reduced = weighted;
    while (reduced > 97) reduced -= 97;
    return 97 - reduced;
  };
  return checkDigits(sum) === expected || checkDigits(sum + 55) === expected;
}

const utrWeights = [6, 7, 8, 9, 10, 5, 4, 3, 2] as const;
const utrCheckCharacters = '21987654321';

/**
 * A Self Assessment UTR as HMRC's payment service checks it: ten digits (a K before or after is
 * allowed and dropped), whose first digit is the check character for the other nine weighted
 * 6, 7, 8, 9, 10, 5, 4, 3, 2, modulus 11.
 */
export function isValidSaUtr(reference: string): boolean {
  const upper = reference.toUpperCase();
  const utr = upper.startsWith('K') ? upper.slice(1) : upper.endsWith('K') ? upper.slice(0, -1) : upper;
  if (!/^\d{10}$/.test(utr)) return false;
  const sum = utrWeights.reduce((total, weight, index) => total + weight * Number(utr[index + 1]), 0);
  return utrCheckCharacters.charAt(sum % 11) === utr.charAt(0);
}
