/**
 * HMRC's Making Tax Digital APIs as pure TypeScript: zod schemas of every body we send or receive
 * (OAuth, Create Test User, VAT) and one normalised error type. No I/O:
 * the HTTP client builds on these.
 */
export * from './schemas';
export * from './errors';
export * from './client/client';
export * from './client/http';
export * from './client/fraud-headers';
export * from './client/to-domain';
export * from './client/vat-assist';
export * from './client/payments';
export type { HmrcTransport } from './client/transport';
