import {
  TOAST_ANIMATION_MS,
  type Toast,
  type ToastInput,
  addToast,
  autoDismissDelay,
  createToast,
  markLeaving,
  removeToast,
} from './queue';

type Listener = () => void;

/**
 * The toast list lives outside React and Redux so any code (an API error handler, a socket
 * event) can raise one, and because a toast carries an onClick function, which Redux state
 * must not hold.
 */
export function createNotifier() {
  let toasts: Toast[] = [];
  let counter = 0;
  const listeners = new Set<Listener>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  function set(next: Toast[]) {
    toasts = next;
    for (const listener of listeners) listener();
  }

  function clearTimer(id: string) {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
  }

  function dismiss(id: string) {
    const toast = toasts.find((candidate) => candidate.id === id);
    if (!toast || toast.leaving) return;
    clearTimer(id);
    set(markLeaving(toasts, id));
    timers.set(
      id,
      setTimeout(() => {
        timers.delete(id);
        set(removeToast(toasts, id));
      }, TOAST_ANIMATION_MS),
    );
  }

  function notify(input: ToastInput): string {
    counter += 1;
    const toast = createToast(input, input.id ?? `toast-${counter}`);
    clearTimer(toast.id);
    set(addToast(toasts, toast));
    const delay = autoDismissDelay(toast);
    if (delay !== undefined)
      timers.set(
        toast.id,
        setTimeout(() => dismiss(toast.id), delay),
      );
    return toast.id;
  }

  /** A click runs the toast's own action, then dismisses it. */
  function click(id: string) {
    const toast = toasts.find((candidate) => candidate.id === id);
    if (!toast) return;
    toast.onClick?.();
    dismiss(id);
  }

  return {
    notify,
    dismiss,
    click,
    getToasts: () => toasts,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;

/** The app's one notifier. */
export const notifier = createNotifier();

/** Shows a toast: `notify({ type: 'success', title, message })`. Returns its id. */
export const notify = notifier.notify;
