/**
 * Toast rules (docs/reference/product.md §4): a toast joins the end of the list, or the front when it is
 * a priority toast; it goes when its time-out passes, when clicked, or when removed; a
 * time-out of 0 keeps it until dismissed. Leaving takes 400 ms, so a toast is first marked
 * leaving and only then removed.
 */
export const toastTypes = ['primary', 'secondary', 'info', 'success', 'warning', 'error'] as const;
export type ToastType = (typeof toastTypes)[number];

export const DEFAULT_TOAST_TIMEOUT_MS = 5000;
export const TOAST_ANIMATION_MS = 400;

export interface ToastInput {
  type: ToastType;
  title?: string;
  message: string;
  /** Milliseconds before it leaves by itself; 0 keeps it until dismissed. Default 5000. */
  timeOut?: number;
  /** Priority toasts go to the front of the list. */
  priority?: boolean;
  onClick?: () => void;
  customClassName?: string;
  /** Give one to replace a toast already shown with the same id instead of adding another. */
  id?: string;
}

export interface Toast extends Required<Pick<ToastInput, 'type' | 'message' | 'timeOut' | 'priority'>> {
  id: string;
  title?: string;
  onClick?: () => void;
  customClassName?: string;
  leaving: boolean;
}

export function createToast(input: ToastInput, id: string): Toast {
  const timeOut = input.timeOut ?? DEFAULT_TOAST_TIMEOUT_MS;
  if (!Number.isFinite(timeOut) || timeOut < 0) throw new RangeError('A toast time-out is 0 or more milliseconds');
  return {
    id,
    type: input.type,
    title: input.title,
    message: input.message,
    timeOut,
    priority: input.priority ?? false,
    onClick: input.onClick,
    customClassName: input.customClassName,
    leaving: false,
  };
}

export function addToast(list: readonly Toast[], toast: Toast): Toast[] {
  const others = list.filter((existing) => existing.id !== toast.id);
  return toast.priority ? [toast, ...others] : [...others, toast];
}

export function markLeaving(list: readonly Toast[], id: string): Toast[] {
  return list.map((toast) => (toast.id === id ? { ...toast, leaving: true } : toast));
}

export function removeToast(list: readonly Toast[], id: string): Toast[] {
  return list.filter((toast) => toast.id !== id);
}

/** Whether the toast should leave by itself, and after how long. */
export function autoDismissDelay(toast: Toast): number | undefined {
  return toast.timeOut > 0 ? toast.timeOut : undefined;
}
