import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';

/**
 * A practice invitation's link that only its sender can hand over: the invitation id and an HMAC
 * of it under the server's secret. Without mail no address is ever verified, so this link (given
 * by an owner or admin) is the other way to show the invitation is the holder's to accept.
 */
export function invitationLinkToken(secret: string, invitationId: string): string {
  return crypto.createHmac('sha256', secret).update(`practice-invitation:${invitationId}`).digest('base64url');
}

export function isInvitationLinkToken(secret: string, invitationId: string, token: string): boolean {
  const expected = Buffer.from(invitationLinkToken(secret, invitationId));
  const given = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The header the browser sends the link's token in when accepting through better-auth's endpoint. */
export const invitationTokenHeader = 'x-invitation-token';

/**
 * The invitation whose link's token this request carried, checked, for better-auth's
 * beforeAcceptInvitation hook (auth.ts), which has no access to the request itself.
 */
export const acceptingByLink = new AsyncLocalStorage<string>();
