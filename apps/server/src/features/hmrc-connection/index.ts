/** What other features may use of the HMRC connection (eslint.config.js enforces it). */
export { confirmTokenKey, hmrcConnection } from './setup';
export type { FraudHeaderSource } from './fraud-headers';
export { isNothingToList } from './connection-views';
export type { SandboxUserService } from './sandbox-users';
export type { ConnectedBusiness, HmrcConnectionService, VatTarget } from './service';
export { withCallPriority, type CallPriority } from './pacing';
