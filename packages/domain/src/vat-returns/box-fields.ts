import type { ReturnBoxes } from '../hmrc/api';
import { type BoxNumber, boxNumbers } from './box-numbers';

/**
 * HMRC's field for each of the nine boxes (docs/reference/hmrc-vat-api.md §3.5): the one table of them, used to
 * build a submission, read HMRC's copy of a return, lay out a receipt and validate in the simulator.
 */
export const hmrcBoxFields = {
  1: 'vatDueSales',
  2: 'vatDueAcquisitions',
  3: 'totalVatDue',
  4: 'vatReclaimedCurrPeriod',
  5: 'netVatDue',
  6: 'totalValueSalesExVAT',
  7: 'totalValuePurchasesExVAT',
  8: 'totalValueGoodsSuppliedExVAT',
  9: 'totalAcquisitionsExVAT',
} as const satisfies Record<BoxNumber, keyof ReturnBoxes>;

export type HmrcBoxField = (typeof hmrcBoxFields)[BoxNumber];

/** HMRC's nine box fields in box order, as on the VAT return form and in HMRC's bodies. */
export const hmrcBoxFieldOrder: readonly HmrcBoxField[] = boxNumbers.map((box) => hmrcBoxFields[box]);
