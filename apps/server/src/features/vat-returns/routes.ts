import type { FastifyInstance } from 'fastify';
import type { FraudHeaderSource } from '../hmrc-connection';
import { assistRoutes } from './assist/routes';
import { draftRoutes } from './drafts/routes';
import { errorCorrectionRoutes } from './error-corrections/routes';
import { importRoutes } from './imports/routes';
import type { ImportService } from './imports/service';
import { recordRoutes } from './records/routes';
import { reportRoutes } from './reports/routes';
import { reviewRoutes } from './review/routes';
import { schemeRoutes } from './schemes/routes';
import type { MarginStockService } from './schemes/margin-stock-service';
import type { VatSchemeService } from './schemes/service';
import type { VatReturnService } from './service';
import { submissionRoutes } from './submission/routes';

export interface VatReturnRouteOptions {
  service: VatReturnService;
  imports: ImportService;
  schemes: VatSchemeService;
  stockBook: MarginStockService;
  businessName: (ownerId: string, vrn: string) => Promise<string>;
  /** Each HMRC call made for a request carries the fraud prevention headers worked out from it. */
  fraud: FraudHeaderSource;
  /** HMRC's sandbox (or the simulator): test scenarios may be named. */
  sandbox: boolean;
}

/**
 * VAT returns (docs/reference/product.md §7's /initiate_vat_return, and the rest of the return's life): each
 * sub-slice's routes (its routes.ts, where each route's schema is), added to this one plugin.
 */
export async function vatReturnRoutes(
  app: FastifyInstance,
  { service, imports, schemes, stockBook, businessName, fraud, sandbox }: VatReturnRouteOptions,
) {
  recordRoutes(app, { records: service.records });
  schemeRoutes(app, { schemes, stockBook });
  draftRoutes(app, { drafts: service.drafts, fraud });
  submissionRoutes(app, { submission: service.submission, fraud });
  assistRoutes(app, { assist: service.assist, fraud, sandbox });
  reviewRoutes(app, { review: service.review });
  errorCorrectionRoutes(app, { errorCorrections: service.errorCorrections });
  reportRoutes(app, {
    drafts: service.drafts,
    errorCorrections: service.errorCorrections,
    reports: service.reports,
    businessName,
  });
  await importRoutes(app, { imports });
}
