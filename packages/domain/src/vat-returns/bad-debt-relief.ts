import { addMonths, isCalendarDate, maxDate } from '../vat/dates';
import type { VatRateKind } from './api';
import { divideRoundHalfUp } from './flat-rate';
import { vatRatePercents } from './record-vat';

/**
 * Bad debt relief (VAT Notice 700/18; docs/reference/vat-rules.md §1.6, 1.8 item 11, 3.8). Pure; money in pence.
 *
 * - The relevant date is the later of the date of supply and the date payment was due (VR7420).
 * - Relief can be claimed once 6 months have passed since it, and no later than 4 years and 6 months
 *   after it (VAT Regulations 1995 reg 165A; VR7420's example: supplied 25 January 2010, due
 *   14 February, claimable from 14 August 2010 until 14 August 2014).
 * - The claim is the VAT in what is still unpaid: the VAT fraction of the unpaid VAT-inclusive amount
 *   (1/6 at 20%, 1/21 at 5%), so a part payment reduces it in proportion. It goes in box 4 (VBDR3100).
 * - A payment received after the claim repays the same share of the relief, in box 1 of the return
 *   for the period the payment comes in (VBDR4200; reg 171).
 * - The customer's side: input tax claimed on a supply not paid for 6 months after the relevant date
 *   is repaid in proportion to what is unpaid, as a negative entry in box 4 of the period in which those
 *   6 months end (VATA 1994 s 26A; reg 172H).
 *
 * Amounts are worked to the nearest penny, half up, as VAT on a line is (docs/reference/vat-rules.md §1.4).
 */

/** The rates whose VAT a bad debt can hold. */
export type TaxedRate = Extract<VatRateKind, 'standard' | 'reduced'>;

/** An unpaid (or part-paid) invoice, as the worksheet asks for it. */
export interface UnpaidInvoice {
  supplyDate: string;
  dueDate: string;
  /** The invoice's total, VAT included. */
  grossPence: number;
  rate: TaxedRate;
  /** What the customer has paid of it so far. */
  paidPence: number;
}

export type UnpaidInvoiceProblem = 'supplyDate' | 'dueDate' | 'gross' | 'paid' | 'paidInFull';

/** What is wrong with the invoice as entered, field by field; empty when it can be worked on. */
export function unpaidInvoiceProblems(invoice: UnpaidInvoice): UnpaidInvoiceProblem[] {
  const problems: UnpaidInvoiceProblem[] = [];
  if (!isCalendarDate(invoice.supplyDate)) problems.push('supplyDate');
  if (!isCalendarDate(invoice.dueDate)) problems.push('dueDate');
  if (!Number.isSafeInteger(invoice.grossPence) || invoice.grossPence <= 0) problems.push('gross');
  if (!Number.isSafeInteger(invoice.paidPence) || invoice.paidPence < 0) problems.push('paid');
  else if (!problems.includes('gross') && invoice.paidPence >= invoice.grossPence) problems.push('paidInFull');
  return problems;
}

/** The VAT in a VAT-inclusive amount: amount × rate / (100 + rate), to the nearest penny. */
export function vatFractionOf(amountPence: number, rate: TaxedRate): number {
  if (!Number.isSafeInteger(amountPence)) throw new RangeError(`Pence must be a whole number: ${amountPence}`);
  const percent = BigInt(vatRatePercents[rate]);
  return Number(divideRoundHalfUp(BigInt(amountPence) * percent, 100n + percent));
}

export interface BadDebtDates {
  /** The later of the date of supply and the due date. */
  relevantDate: string;
  /** The first day relief can be claimed: 6 months after the relevant date. */
  claimableFrom: string;
  /** The last day a claim can be made: 4 years and 6 months after the relevant date. */
  claimUntil: string;
}

export function badDebtDates(supplyDate: string, dueDate: string): BadDebtDates {
  const relevantDate = maxDate(supplyDate, dueDate);
  return {
    relevantDate,
    claimableFrom: addMonths(relevantDate, 6),
    claimUntil: addMonths(relevantDate, 54),
  };
}

/** 'tooEarly': not 6 months by the end of the period; 'tooLate': past the 4 years and 6 months. */
export type BadDebtStanding = 'tooEarly' | 'claimable' | 'tooLate';

export interface BadDebtClaim extends BadDebtDates {
  standing: BadDebtStanding;
  unpaidPence: number;
  /** The relief: the VAT fraction of the unpaid amount (whether or not it can be claimed yet). */
  claimPence: number;
}

/**
 * The relief on an invoice for the return of a period ending `periodEnd`, made `today`: claimable when
 * the 6 months have passed by the period's end (the claim belongs to the return of the period in which
 * entitlement arises, or a later one) and the claim is made within the time limit.
 */
export function badDebtClaim(invoice: UnpaidInvoice, on: { periodEnd: string; today: string }): BadDebtClaim {
  const problems = unpaidInvoiceProblems(invoice);
  if (problems.length > 0) throw new RangeError(`Not an unpaid invoice: ${problems.join(', ')}`);
  const dates = badDebtDates(invoice.supplyDate, invoice.dueDate);
  const unpaidPence = invoice.grossPence - invoice.paidPence;
  const standing: BadDebtStanding =
    on.periodEnd < dates.claimableFrom ? 'tooEarly' : on.today > dates.claimUntil ? 'tooLate' : 'claimable';
  return { ...dates, standing, unpaidPence, claimPence: vatFractionOf(unpaidPence, invoice.rate) };
}

/**
 * The relief to repay when the customer pays `paymentPence` after relief of `claimPence` was claimed on
 * `unpaidAtClaimPence`: the same share of the relief as the payment is of what was unpaid. Paying it all
 * repays the whole relief, to the penny. Goes in box 1.
 */
export function badDebtReliefRepayment(claim: {
  claimPence: number;
  unpaidAtClaimPence: number;
  paymentPence: number;
}): number {
  const { claimPence, unpaidAtClaimPence, paymentPence } = claim;
  for (const value of [claimPence, unpaidAtClaimPence, paymentPence]) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Not an amount of pence: ${value}`);
  }
  if (unpaidAtClaimPence === 0) throw new RangeError('Nothing was unpaid when relief was claimed');
  const paid = Math.min(paymentPence, unpaidAtClaimPence);
  return Number(divideRoundHalfUp(BigInt(claimPence) * BigInt(paid), BigInt(unpaidAtClaimPence)));
}

export interface InputTaxRepayment {
  /** The day the 6 months end: the repayment belongs to the return of the period holding it. */
  dueOn: string;
  /** The input tax to take back out of box 4 (a positive figure; the record is its negative). */
  repayPence: number;
}

/**
 * The customer's side: input tax reclaimed in full on a purchase (its VAT fraction) that is still
 * unpaid 6 months after the relevant date is repaid in the share still unpaid (reg 172H).
 */
export function inputTaxRepayment(invoice: UnpaidInvoice): InputTaxRepayment {
  const problems = unpaidInvoiceProblems(invoice);
  if (problems.length > 0) throw new RangeError(`Not an unpaid invoice: ${problems.join(', ')}`);
  const { claimableFrom } = badDebtDates(invoice.supplyDate, invoice.dueDate);
  const inputTax = vatFractionOf(invoice.grossPence, invoice.rate);
  const unpaid = invoice.grossPence - invoice.paidPence;
  return {
    dueOn: claimableFrom,
    repayPence: Number(divideRoundHalfUp(BigInt(inputTax) * BigInt(unpaid), BigInt(invoice.grossPence))),
  };
}
