import type { ReturnBoxesPence } from './validation';
import type { VatAccount } from './model';
import { digitsFor } from './random';

/**
 * What a filed return is given by HMRC, the same whether the simulator generated it in the account's
 * history or it was submitted: its form bundle number, its charge reference and type, and how it
 * will be paid or repaid.
 */

/** The charge type HMRC gives the debit raised by a VAT return. */
export const returnDebitChargeType = 'VAT Return Debit Charge';

export const formBundleNumberFor = (vrn: string, periodKey: string): string =>
  digitsFor(`form-bundle|${vrn}|${periodKey}`, 12);

/** `XV` + 12 digits: HMRC's form for a VAT return charge reference (docs/reference/vat-rules.md §5.4). */
export const returnChargeReferenceFor = (vrn: string, periodKey: string): string =>
  `XV${digitsFor(`charge|${vrn}|${periodKey}`, 12)}`;

export function paymentIndicatorFor(
  account: Pick<VatAccount, 'directDebit' | 'repaymentBankAccount'>,
  boxes: ReturnBoxesPence,
) {
  if (boxes.totalVatDue > boxes.vatReclaimedCurrPeriod && account.directDebit) return 'DD' as const;
  if (boxes.vatReclaimedCurrPeriod > boxes.totalVatDue && account.repaymentBankAccount) return 'BANK' as const;
  return undefined;
}
