/** What other features may use of VAT returns (eslint.config.js enforces it). */
export type { VatReturnService } from './service';
