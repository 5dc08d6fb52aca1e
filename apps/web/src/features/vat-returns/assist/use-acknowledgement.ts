import type { AssistReport } from '@vatwise/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { assistApi } from './api';

/** A failed acknowledgement is tried again after these pauses, then the person may retry it. */
export const acknowledgementRetryMs = [3_000, 10_000] as const;

export interface Acknowledgement {
  /** When HMRC was told the messages were shown (as HMRC took it), or null until then. */
  presentedAt: string | null;
  /** Every automatic try failed: the person is offered another. */
  failed: boolean;
  /** Called once the messages are on the screen: tells HMRC, once per report. */
  onShown: () => void;
  /** Tries again, with the time the messages were first shown. */
  retry: () => void;
}

/**
 * Tells HMRC that a report's messages were shown (HMRC's service guide: automatically, apart from the
 * submit button), with the time they first were, retrying a failure twice before asking the person.
 */
export function useAcknowledgement(returnId: string, report: AssistReport): Acknowledgement {
  const [acknowledge] = assistApi.useAcknowledgeAssistMutation();
  const [presentedAt, setPresentedAt] = useState<string | null>(report.presentedAt);
  const [failed, setFailed] = useState(false);
  const shownAt = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const live = useRef(true);
  const { reportId } = report;
  const pending = Boolean(reportId) && !report.acknowledgedAt;

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  /** Sends the acknowledgement, pausing `pauses` between tries; unmounting ends the tries. */
  const send = useCallback(
    async (pauses: readonly number[]) => {
      if (!reportId || !shownAt.current) return;
      for (let attempt = 0; live.current; attempt += 1) {
        try {
          const stored = await acknowledge({ id: returnId, reportId, presentedAt: shownAt.current }).unwrap();
          if (live.current) setPresentedAt(stored.presentedAt);
          return;
        } catch {
          const pause = pauses[attempt];
          if (pause === undefined) {
            if (live.current) setFailed(true);
            return;
          }
          await new Promise((resume) => {
            timer.current = setTimeout(resume, pause);
          });
        }
      }
    },
    [acknowledge, returnId, reportId],
  );

  const onShown = useCallback(() => {
    if (!pending || shownAt.current) return;
    shownAt.current = new Date().toISOString();
    void send(acknowledgementRetryMs);
  }, [pending, send]);

  const retry = useCallback(() => {
    setFailed(false);
    void send([]);
  }, [send]);

  return { presentedAt, failed, onShown, retry };
}
