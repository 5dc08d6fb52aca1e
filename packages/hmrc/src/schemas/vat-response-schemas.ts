import { type z } from 'zod';
import { customerInformationResponseSchema } from './customer-information';
import { financialDetailsResponseSchema } from './financial-details';
import { liabilitiesResponseSchema } from './liabilities';
import { obligationsResponseSchema } from './obligations';
import { paymentsResponseSchema } from './payments';
import { penaltiesResponseSchema } from './penalties';
import { submitReturnResponseSchema, viewReturnResponseSchema } from './returns';

/** The success body schema of each VAT (MTD) endpoint (docs/reference/hmrc-vat-api.md §3.1), by endpoint name. */
export const vatResponseSchemas = {
  obligations: obligationsResponseSchema,
  submitReturn: submitReturnResponseSchema,
  viewReturn: viewReturnResponseSchema,
  liabilities: liabilitiesResponseSchema,
  payments: paymentsResponseSchema,
  penalties: penaltiesResponseSchema,
  financialDetails: financialDetailsResponseSchema,
  customerInformation: customerInformationResponseSchema,
} as const;

export type VatEndpointName = keyof typeof vatResponseSchemas;

/** The parsed success body of one VAT endpoint, e.g. `VatResponse<'obligations'>`. */
export type VatResponse<Endpoint extends VatEndpointName> = z.infer<(typeof vatResponseSchemas)[Endpoint]>;
