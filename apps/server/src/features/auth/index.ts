/** What other features may use of accounts and sign-in (eslint.config.js enforces it). */
export { trustedOriginsOf } from './auth';
export { loadOrCreateSecret } from './secret';
export { multiFactorHeader } from './multi-factor';
export { invitationLinkToken, isInvitationLinkToken } from './invitation-links';
