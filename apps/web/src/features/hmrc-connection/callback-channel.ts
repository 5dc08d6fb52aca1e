import type { Authorisation } from '@vatwise/domain';
import type { BusinessList } from './api';

/**
 * How /hmrc-callback (in the popup) tells the window that opened it how the authorisation went:
 * a BroadcastChannel, with window.postMessage as a second road (same origin only, both ways).
 */
export const callbackChannelName = 'vatwise-hmrc-authorisation';
export const callbackMessageSource = 'vatwise-hmrc-callback';

export type CallbackMessage =
  | {
      source: typeof callbackMessageSource;
      ok: true;
      userId: string | null;
      vrn: string | null;
      authorisation: Authorisation;
      /** The businesses as read after the grant was stored: the opener shows them before saying so. */
      businesses: BusinessList | null;
    }
  | { source: typeof callbackMessageSource; ok: false; error: string };

export function isCallbackMessage(value: unknown): value is CallbackMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { source?: unknown }).source === callbackMessageSource &&
    typeof (value as { ok?: unknown }).ok === 'boolean'
  );
}

export function announceCallback(message: CallbackMessage): void {
  try {
    const channel = new BroadcastChannel(callbackChannelName);
    channel.postMessage(message);
    channel.close();
  } catch {
    // No BroadcastChannel: the opener still hears postMessage.
  }
  window.opener?.postMessage(message, window.location.origin);
}
