import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { describeError } from '../../shared/api/http-errors';
import type { RootState } from '../../shared/store/root';
import { businessesRead, hmrcApi } from './api';
import { type CallbackMessage, callbackChannelName, isCallbackMessage } from './callback-channel';

export type AuthoriseOutcome =
  { ok: true; result: Extract<CallbackMessage, { ok: true }> } | { ok: false; message: string };

/** How often to look whether the user closed the HMRC window. */
const closedCheckMs = 500;

/**
 * Authorises in a popup (docs/reference/product.md §5 messages): opens the window at once (so the browser counts
 * it as the user's click, not a blocked popup), fetches HMRC's authorisation URL, sends the window
 * there, and waits for /hmrc-callback's answer or for the window to close.
 */
export function useAuthorisePopup() {
  const { t } = useTranslation(['common', 'hmrc']);
  const [authorisationUrl] = hmrcApi.useAuthorisationUrlMutation();
  const dispatch = useDispatch<ThunkDispatch<RootState, unknown, UnknownAction>>();

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
        // The answer comes by both roads; the first is taken, and the window closing after it is no failure.
        let answered = false;
        const finish = (outcome: AuthoriseOutcome) => {
          clearInterval(timer);
          window.removeEventListener('message', onMessage);
          channel?.close();
          resolve(outcome);
        };
        const handle = async (data: unknown) => {
          if (!isCallbackMessage(data) || answered) return;
          answered = true;
          if (!data.ok) return finish({ ok: false, message: data.error });
          // The popup changed the server's data with its own store: this window's copy is stale.
          // Its businesses are put right before the grant is reported, so that no screen opened on
          // the news finds the business missing.
          dispatch(hmrcApi.util.invalidateTags(['SandboxUsers', 'VatData']));
          if (data.businesses) dispatch(businessesRead(data.businesses));
          else
            await dispatch(hmrcApi.endpoints.businesses.initiate(undefined, { subscribe: false, forceRefetch: true }));
          finish({ ok: true, result: data });
        };
        const onMessage = (event: MessageEvent) => {
          if (event.origin === window.location.origin) void handle(event.data);
        };
        window.addEventListener('message', onMessage);
        try {
          channel = new BroadcastChannel(callbackChannelName);
          channel.onmessage = (event) => void handle(event.data);
        } catch {
          channel = undefined;
        }
        const timer = setInterval(() => {
          if (popup.closed && !answered) finish({ ok: false, message: t('hmrc:authorise.windowClosed') });
        }, closedCheckMs);
      });
    },
    [authorisationUrl, dispatch, t],
  );
}
