import { z } from 'zod';
import { isoDateSchema } from './common';

/**
 * Flat Rate Scheme sector codes of HMRC's OpenAPI `FlatRateScheme` (docs/reference/hmrc-vat-api.md §3.11): 001–055,
 * and 999 for data migrated from the old VAT system. The API does not give the percentages.
 */
export const flatRateCategoryCodes = [
  '001',
  '002',
  '003',
  '004',
  '005',
  '006',
  '007',
  '008',
  '009',
  '010',
  '011',
  '012',
  '013',
  '014',
  '015',
  '016',
  '017',
  '018',
  '019',
  '020',
  '021',
  '022',
  '023',
  '024',
  '025',
  '026',
  '027',
  '028',
  '029',
  '030',
  '031',
  '032',
  '033',
  '034',
  '035',
  '036',
  '037',
  '038',
  '039',
  '040',
  '041',
  '042',
  '043',
  '044',
  '045',
  '046',
  '047',
  '048',
  '049',
  '050',
  '051',
  '052',
  '053',
  '054',
  '055',
  '999',
] as const;
export type FlatRateCategoryCode = (typeof flatRateCategoryCodes)[number];

/** 200 answer of `GET /organisations/vat/{vrn}/information` (3.11). */
export const customerInformationResponseSchema = z.object({
  customerDetails: z
    .object({
      /** The date from which the business charges VAT. */
      effectiveRegistrationDate: isoDateSchema.optional(),
    })
    .optional(),
  flatRateScheme: z
    .object({
      frsCategory: z.enum(flatRateCategoryCodes).optional(),
      /** The date the business joined the Flat Rate Scheme. */
      startDate: isoDateSchema.optional(),
    })
    .optional(),
});
export type CustomerInformationResponse = z.infer<typeof customerInformationResponseSchema>;
