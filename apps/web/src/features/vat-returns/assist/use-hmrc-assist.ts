import { type AssistAnswer, canonicalBoxes, type ReturnDraft } from '@vatwise/domain';
import { useEffect, useState } from 'react';
import { isEditable } from '../common/periods';
import { assistApi } from './api';

/** How long filing waits for HMRC Assist before the person may carry on (docs/hmrc-assist-flow.md). */
export const assistWaitMs = 20_000;

export type AssistPhase = 'idle' | 'waiting' | 'timedOut' | 'answered' | 'failed';

export interface HmrcAssist {
  phase: AssistPhase;
  answer: AssistAnswer | null;
  /** Filing pauses while this is true: HMRC's feedback is awaited, within assistWaitMs. */
  waiting: boolean;
}

/**
 * Asks for HMRC Assist's feedback when a draft is shown and again whenever its figures change
 * (HMRC's service guide, "Handling feedback messages"); none for a return already sent.
 */
export function useHmrcAssist(draft: ReturnDraft | undefined, waitMs = assistWaitMs): HmrcAssist {
  const [request] = assistApi.useRequestAssistMutation();
  const id = draft?.id;
  const key =
    draft && isEditable(draft.status) && draft.computed ? `${draft.id}:${canonicalBoxes(draft.computed.boxes)}` : null;
  const [state, setState] = useState<{ key: string; phase: AssistPhase; answer: AssistAnswer | null } | null>(null);

  useEffect(() => {
    if (!key || !id) return;
    let live = true;
    // Until this key has a state of its own, it reads as 'waiting' (below).
    const timer = setTimeout(() => {
      if (live) setState((now) => (now?.key === key ? now : { key, phase: 'timedOut', answer: null }));
    }, waitMs);
    request({ id })
      .unwrap()
      .then((answer) => {
        if (live) setState({ key, phase: 'answered', answer });
      })
      .catch(() => {
        if (live) setState({ key, phase: 'failed', answer: null });
      })
      .finally(() => clearTimeout(timer));
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, id, request, waitMs]);

  const current = state && state.key === key ? state : null;
  const phase: AssistPhase = key ? (current?.phase ?? 'waiting') : 'idle';
  return { phase, answer: current?.answer ?? null, waiting: phase === 'waiting' };
}

/** Whether the browser's preferred languages rank Welsh above English. */
export function prefersWelsh(languages: readonly string[]): boolean {
  const rank = (code: string) => languages.findIndex((language) => language.toLowerCase().split('-')[0] === code);
  const welsh = rank('cy');
  const english = rank('en');
  return welsh >= 0 && (english < 0 || welsh < english);
}
