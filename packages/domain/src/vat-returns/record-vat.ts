import type { VatRateKind } from './api';
import { divideRoundHalfUp } from './flat-rate';

/**
 * The VAT a sale or purchase should carry at its rate, for checking what was typed or imported.
 *
 * Rates (docs/reference/vat-rules.md §3.1): standard 20%, reduced 5%; zero-rated, exempt and outside-the-scope records
 * carry no VAT. The treatment does not change it: the box engine (records-to-boxes) puts a record's
 * VAT in the boxes under every treatment, and for reverse charge, postponed import VAT and goods
 * acquired into Northern Ireland that VAT is still worked out at the record's rate on its net value;
 * a Northern Ireland sale to the EU that is zero-rated is marked so by its rate.
 */
export const vatRatePercents: Readonly<Record<VatRateKind, number>> = {
  standard: 20,
  reduced: 5,
  zero: 0,
  exempt: 0,
  outsideScope: 0,
};

/** Whether a record at this rate carries VAT at all (standard and reduced). */
export const rateCarriesVat = (rate: VatRateKind): boolean => vatRatePercents[rate] > 0;

/**
 * net × rate in pence, rounded to the nearest penny: below 0.5p down, 0.5p or more up, the way HMRC
 * allows VAT worked out per line to be rounded (VAT Notice 700 para 17.5, VATREC12010/12030; docs/reference/vat-rules.md
 * 1.4). A credit note (negative net) rounds the same way away from zero, so it mirrors its invoice
 * exactly. Worked in bigint, so any whole number of pence is exact.
 */
export function expectedVatPence(netPence: number, rate: VatRateKind): number {
  if (!Number.isSafeInteger(netPence)) throw new RangeError(`Pence must be a whole number: ${netPence}`);
  return Number(divideRoundHalfUp(BigInt(netPence) * BigInt(vatRatePercents[rate]), 100n));
}

/** How far entered VAT may be from expectedVatPence: 1p, for invoices rounded another way HMRC allows. */
export const vatRoundingTolerancePence = 1;

/**
 * Whether the VAT entered on a record disagrees with its net × rate by more than rounding explains.
 * A rate with no VAT allows none: a penny of VAT on a zero-rated record is not a rounding difference.
 */
export function vatDisagreesWithRate(netPence: number, vatPence: number, rate: VatRateKind): boolean {
  if (!Number.isSafeInteger(vatPence)) throw new RangeError(`Pence must be a whole number: ${vatPence}`);
  if (!rateCarriesVat(rate)) return vatPence !== 0;
  return Math.abs(vatPence - expectedVatPence(netPence, rate)) > vatRoundingTolerancePence;
}
