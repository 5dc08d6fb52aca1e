/** What other features may use of VAT operations, HMRC's VAT data (eslint.config.js enforces it). */
export { type HmrcWithVatData, withVatData } from './setup';
export { vatOperationsRoutes } from './routes';
export { VatDataService, type VatReader } from './service';
