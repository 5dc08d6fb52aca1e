import { z } from 'zod';
import { hmrcDateTimeSchema, netVatDueSchema, periodKeySchema, signedMoneySchema, wholePoundsSchema } from './common';

/** The nine boxes of a VAT return with their JSON names and ranges (docs/reference/hmrc-vat-api.md §3.5). */
export const nineBoxFields = {
  /** Box 1: VAT due on sales and other outputs. */
  vatDueSales: signedMoneySchema,
  /** Box 2: VAT due on goods acquired into Northern Ireland from the EU. */
  vatDueAcquisitions: signedMoneySchema,
  /** Box 3: box 1 + box 2 exactly, else HMRC answers VAT_TOTAL_VALUE. */
  totalVatDue: signedMoneySchema,
  /** Box 4: VAT reclaimed on purchases and other inputs. */
  vatReclaimedCurrPeriod: signedMoneySchema,
  /** Box 5: |box 3 − box 4| exactly, else VAT_NET_VALUE; never negative. */
  netVatDue: netVatDueSchema,
  /** Box 6: sales excluding VAT, whole pounds. */
  totalValueSalesExVAT: wholePoundsSchema,
  /** Box 7: purchases excluding VAT, whole pounds. */
  totalValuePurchasesExVAT: wholePoundsSchema,
  /** Box 8: goods dispatched from Northern Ireland to the EU, whole pounds. */
  totalValueGoodsSuppliedExVAT: wholePoundsSchema,
  /** Box 9: goods acquired into Northern Ireland from the EU, whole pounds. */
  totalAcquisitionsExVAT: wholePoundsSchema,
};

/**
 * Body of `POST /organisations/vat/{vrn}/returns` (HMRC's VATReturnDeclaration). This is HMRC's field
 * check; the box arithmetic (VAT_TOTAL_VALUE, VAT_NET_VALUE) and `finalised: true` (403 NOT_FINALISED)
 * are later business rules, so a well-formed body may still be refused (3.5 validation stages).
 */
export const vatReturnDeclarationSchema = z.object({
  periodKey: periodKeySchema,
  ...nineBoxFields,
  /** The user confirmed HMRC's legal declaration; HMRC refuses `false`. */
  finalised: z.boolean(),
});
export type VatReturnDeclaration = z.infer<typeof vatReturnDeclarationSchema>;

/** 201 answer to a submitted return; keep every field as the receipt (3.5, 6.3). */
export const submitReturnResponseSchema = z.object({
  processingDate: hmrcDateTimeSchema,
  /** HMRC's reference for the stored return. */
  formBundleNumber: z.string().regex(/^\d{12}$/, { message: 'must be 12 digits' }),
  /** `DD`: payable and HMRC holds a Direct Debit; `BANK`: repayable and HMRC holds bank details. */
  paymentIndicator: z.enum(['DD', 'BANK']).optional(),
  /** Only when box 5 is money owed. */
  chargeRefNumber: z.string().min(1).max(16).optional(),
});
export type SubmitReturnResponse = z.infer<typeof submitReturnResponseSchema>;

/** 200 answer of `GET /organisations/vat/{vrn}/returns/{periodKey}`: the nine boxes, no `finalised` (3.6). */
export const viewReturnResponseSchema = z.object({
  periodKey: periodKeySchema,
  ...nineBoxFields,
});
export type ViewReturnResponse = z.infer<typeof viewReturnResponseSchema>;
