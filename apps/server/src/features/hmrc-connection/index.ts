/** What other features may use of the HMRC connection (eslint.config.js enforces it). */
export { hmrcConnection } from './setup';
export type { FraudHeaderSource } from './fraud-headers';
export { type ConnectedBusiness, type HmrcConnectionService, isNothingToList } from './service';
export { VatDataService, type VatReader } from './vat-data';
