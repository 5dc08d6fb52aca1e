import { useEffect, useState } from 'react';

/**
 * False while the page first paints, true once the browser has a moment to spare after that (at
 * most 1.5 s later). A header control drawn plainly at first (the account menu's button, the
 * business switcher, the chat button) then swaps in its full component, so the code of menus,
 * drop-downs and tooltips is not on the way to a screen's first paint.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const { requestIdleCallback: whenIdle, cancelIdleCallback: cancelIdle } = window;
    if (typeof whenIdle === 'function' && typeof cancelIdle === 'function') {
      const id = whenIdle(() => setReady(true), { timeout: 1500 });
      return () => cancelIdle(id);
    }
    const id = window.setTimeout(() => setReady(true), 0);
    return () => window.clearTimeout(id);
  }, []);
  return ready;
}

/**
 * The module of a control's full component (a menu, a drop-down, a calendar), loaded after the
 * page has painted, while the control is drawn plainly. `module` is null until the plain control
 * may give way: it is loaded and the user has pressed the plain control (`openAtOnce`: the full
 * one should open at once), or the page has painted and the control is not in use. Never while
 * the pointer is on it or it has the focus, so a press or a typed date is never split between
 * the plain control and its replacement. Spread `plainHandlers` on the plain control and call
 * `press` when it is pressed. A module that fails to download (offline) leaves the plain
 * control in place, and the next press tries again.
 */
export function useDeferredModule<Module>(load: () => Promise<Module>) {
  const painted = useAfterFirstPaint();
  const [use, setUse] = useState({ presses: 0, focused: false, pointed: false });
  const [module, setModule] = useState<Module | null>(null);
  const wanted = use.presses > 0 || painted;
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
      onFocus: () => setUse((state) => ({ ...state, focused: true })),
      onBlur: () => setUse((state) => ({ ...state, focused: false })),
      onPointerEnter: () => setUse((state) => ({ ...state, pointed: true })),
      onPointerLeave: () => setUse((state) => ({ ...state, pointed: false })),
    },
  };
}
