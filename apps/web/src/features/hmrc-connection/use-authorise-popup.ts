import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { describeError } from '../../shared/api/http-errors';
import { hmrcApi } from './api';
import { type CallbackMessage, callbackChannelName, isCallbackMessage } from './callback-channel';

export type AuthoriseOutcome =
  { ok: true; result: Extract<CallbackMessage, { ok: true }> } | { ok: false; message: string };

/** How often to look whether the user closed the HMRC window. */
const closedCheckMs = 500;

/**
 * Authorises in a popup (spec section 5 messages): opens the window at once (so the browser counts
 * it as the user's click, not a blocked popup), fetches HMRC's authorisation URL, sends the window
 * there, and waits for /hmrc-callback's answer or for the window to close.
 */
export function useAuthorisePopup() {
  const { t } = useTranslation(['common', 'hmrc']);
  const [authorisationUrl] = hmrcApi.useAuthorisationUrlMutation();
  const dispatch = useDispatch();

  return useCallback(
    async (userId?: string, agentArn?: string): Promise<AuthoriseOutcome> => {
      const popup = window.open('', 'vatwise-hmrc-authorise', 'popup,width=560,height=760');
      if (!popup) return { ok: false, message: t('hmrc:authorise.popupBlocked') };
      try {
        popup.document.title = t('hmrc:callback.title');
        popup.document.body.textContent = t('hmrc:authorise.opening');
      } catch {
        // Another origin already: nothing to write into.
      }

      const answer = await authorisationUrl({ ...(userId ? { userId } : {}), ...(agentArn ? { agentArn } : {}) });
      if ('error' in answer) {
        popup.close();
        return { ok: false, message: describeError(answer.error, t) };
      }
      if (!answer.data?.url) {
        popup.close();
        return { ok: false, message: t('hmrc:authorise.noUrl') };
      }
      popup.location.href = answer.data.url;

      return new Promise<AuthoriseOutcome>((resolve) => {
        let channel: BroadcastChannel | undefined;
        const finish = (outcome: AuthoriseOutcome) => {
          clearInterval(timer);
          window.removeEventListener('message', onMessage);
          channel?.close();
          resolve(outcome);
        };
        const handle = (data: unknown) => {
          if (!isCallbackMessage(data)) return;
          // The popup changed the server's data with its own store: this window's copy is stale.
          if (data.ok) dispatch(hmrcApi.util.invalidateTags(['SandboxUsers', 'Businesses', 'VatData']));
          finish(data.ok ? { ok: true, result: data } : { ok: false, message: data.error });
        };
        const onMessage = (event: MessageEvent) => {
          if (event.origin === window.location.origin) handle(event.data);
        };
        window.addEventListener('message', onMessage);
        try {
          channel = new BroadcastChannel(callbackChannelName);
          channel.onmessage = (event) => handle(event.data);
        } catch {
          channel = undefined;
        }
        const timer = setInterval(() => {
          if (popup.closed) finish({ ok: false, message: t('hmrc:authorise.windowClosed') });
        }, closedCheckMs);
      });
    },
    [authorisationUrl, dispatch, t],
  );
}
