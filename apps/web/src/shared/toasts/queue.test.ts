import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotifier } from './notifier';
import { addToast, createToast } from './queue';

describe('toast queue rules', () => {
  it('adds to the end, and a priority toast to the front', () => {
    const first = createToast({ type: 'info', message: 'first' }, 'a');
    const second = createToast({ type: 'success', message: 'second' }, 'b');
    const urgent = createToast({ type: 'error', message: 'urgent', priority: true }, 'c');
    const list = addToast(addToast(addToast([], first), second), urgent);
    expect(list.map((toast) => toast.message)).toEqual(['urgent', 'first', 'second']);
  });

  it('defaults to 5000 ms and refuses a negative time-out', () => {
    expect(createToast({ type: 'info', message: 'x' }, 'a').timeOut).toBe(5000);
    expect(() => createToast({ type: 'info', message: 'x', timeOut: -1 }, 'a')).toThrow(RangeError);
  });

  it('replaces a toast shown with the same id instead of stacking another', () => {
    const offline = createToast({ type: 'warning', message: 'offline', id: 'net' }, 'net');
    const again = createToast({ type: 'warning', message: 'still offline', id: 'net' }, 'net');
    expect(addToast(addToast([], offline), again).map((toast) => toast.message)).toEqual(['still offline']);
  });
});

describe('notifier', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lets a toast leave after its time-out, then removes it after the 400 ms exit', () => {
    const notifier = createNotifier();
    notifier.notify({ type: 'success', message: 'Saved', timeOut: 1000 });
    vi.advanceTimersByTime(999);
    expect(notifier.getToasts()[0]?.leaving).toBe(false);
    vi.advanceTimersByTime(1);
    expect(notifier.getToasts()[0]?.leaving).toBe(true);
    vi.advanceTimersByTime(399);
    expect(notifier.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(notifier.getToasts()).toHaveLength(0);
  });

  it('keeps a toast with time-out 0 until it is dismissed', () => {
    const notifier = createNotifier();
    const id = notifier.notify({ type: 'error', message: 'Submission failed', timeOut: 0 });
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(notifier.getToasts()).toHaveLength(1);
    notifier.dismiss(id);
    vi.advanceTimersByTime(400);
    expect(notifier.getToasts()).toHaveLength(0);
  });

  it('runs the onClick action on click and dismisses the toast', () => {
    const notifier = createNotifier();
    const onClick = vi.fn();
    const id = notifier.notify({ type: 'info', message: 'Open it', onClick, timeOut: 0 });
    notifier.click(id);
    expect(onClick).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(400);
    expect(notifier.getToasts()).toHaveLength(0);
  });

  it('tells subscribers about each change and stops when they unsubscribe', () => {
    const notifier = createNotifier();
    const listener = vi.fn();
    const unsubscribe = notifier.subscribe(listener);
    notifier.notify({ type: 'info', message: 'one' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    notifier.notify({ type: 'info', message: 'two' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('restarts the time-out when a toast with the same id is shown again', () => {
    const notifier = createNotifier();
    notifier.notify({ type: 'warning', message: 'a', id: 'same', timeOut: 1000 });
    vi.advanceTimersByTime(900);
    notifier.notify({ type: 'warning', message: 'b', id: 'same', timeOut: 1000 });
    vi.advanceTimersByTime(900);
    expect(notifier.getToasts()[0]).toMatchObject({ message: 'b', leaving: false });
  });
});
