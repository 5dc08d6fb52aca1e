import { useEffect, useState } from 'react';

/**
 * False while the page first paints, true once the browser has a moment to spare after that (at
 * most 1.5 s later). A control drawn plainly at first (a date field) then swaps in its full
 * component, so the code of calendars and drop-downs is not on the way to a screen's first paint.
 * With `enabled` false it stays false (the caller waits for something else).
 */
export function useAfterFirstPaint(enabled = true): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!enabled) return undefined;
    const { requestIdleCallback: whenIdle, cancelIdleCallback: cancelIdle } = window;
    if (typeof whenIdle === 'function' && typeof cancelIdle === 'function') {
      const id = whenIdle(() => setReady(true), { timeout: 1500 });
      return () => cancelIdle(id);
    }
    const id = window.setTimeout(() => setReady(true), 0);
    return () => window.clearTimeout(id);
  }, [enabled]);
  return ready;
}

/**
 * The module of a control's full component (a menu, a drop-down, a calendar), loaded while the
 * control is drawn plainly. `after` says when it loads: `'paint'` once the page has painted (a
 * date field of a form), `'intent'` only when the user reaches for the control: the pointer comes
 * over it, it takes the focus, or it is pressed. The header's controls (the account menu, the
 * business switcher, the chat button) are on every page and wait for intent: their code and first
 * render otherwise ran while every page was becoming responsive, for controls most visits never open.
 *
 * `module` is null until the plain control may give way: it is loaded and the user has pressed
 * the plain control (`openAtOnce`: the full one should open at once), or it is loaded and the
 * control is not in use. Never while the pointer is on it or it has the focus, so a press or a
 * typed date is never split between the plain control and its replacement. Spread
 * `plainHandlers` on the plain control and call `press` when it is pressed. A module that fails
 * to download (offline) leaves the plain control in place, and the next press tries again.
 */
export function useDeferredModule<Module>(load: () => Promise<Module>, after: 'paint' | 'intent' = 'paint') {
  const painted = useAfterFirstPaint(after === 'paint');
  // `reached` stays true once the pointer or the focus has come to the control.
  const [use, setUse] = useState({ presses: 0, focused: false, pointed: false, reached: false });
  const [module, setModule] = useState<Module | null>(null);
  const wanted = use.presses > 0 || (after === 'paint' ? painted : use.reached);
  useEffect(() => {
    if (!wanted || module) return undefined;
    let live = true;
    load().then(
      (loaded) => {
        if (live) setModule(() => loaded);
      },
      // The plain control stays; the next press asks again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, module, load, use.presses]);
  const inUse = use.focused || use.pointed;
  return {
    module: module && (use.presses > 0 || !inUse) ? module : null,
    openAtOnce: use.presses > 0,
    press: () => setUse((state) => ({ ...state, presses: state.presses + 1 })),
    plainHandlers: {
      onFocus: () => setUse((state) => ({ ...state, focused: true, reached: true })),
      onBlur: () => setUse((state) => ({ ...state, focused: false })),
      onPointerEnter: () => setUse((state) => ({ ...state, pointed: true, reached: true })),
      onPointerLeave: () => setUse((state) => ({ ...state, pointed: false })),
    },
  };
}

/** How long a background module that failed to download waits before it is tried again. */
export const backgroundModuleRetryMs = 30_000;

/**
 * The module of something a page runs in the background (the live channel), loaded once `wanted`
 * and null until then. A download that fails (the connection dropped) never reaches the page's
 * error screen: it is tried again when the browser is back online, or after
 * `backgroundModuleRetryMs`.
 */
export function useBackgroundModule<Module>(load: () => Promise<Module>, wanted: boolean): Module | null {
  const [module, setModule] = useState<Module | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || module) return undefined;
    let live = true;
    let retry: number | undefined;
    const again = () => {
      window.clearTimeout(retry);
      window.removeEventListener('online', again);
      if (live) setAttempt((count) => count + 1);
    };
    load().then(
      (loaded) => {
        if (live) setModule(() => loaded);
      },
      () => {
        if (!live) return;
        window.addEventListener('online', again);
        retry = window.setTimeout(again, backgroundModuleRetryMs);
      },
    );
    return () => {
      live = false;
      window.clearTimeout(retry);
      window.removeEventListener('online', again);
    };
  }, [wanted, module, load, attempt]);
  return module;
}
