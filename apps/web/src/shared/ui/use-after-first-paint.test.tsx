import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBackgroundModule, useDeferredModule } from './use-after-first-paint';

const neverIdle = () => {
  vi.stubGlobal('requestIdleCallback', () => 1);
  vi.stubGlobal('cancelIdleCallback', () => undefined);
};

describe('a control whose full component loads after the first paint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads once the page has painted, but waits while the control is pointed at or focused', async () => {
    const load = vi.fn(async () => ({ name: 'menu' }));
    const { result } = renderHook(() => useDeferredModule(load));
    act(() => result.current.plainHandlers.onPointerEnter());
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // Loaded, but the pointer is on the plain control: a press must not be split between the two.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.module).toBeNull();
    act(() => result.current.plainHandlers.onPointerLeave());
    expect(result.current.module).toEqual({ name: 'menu' });
    expect(result.current.openAtOnce).toBe(false);
  });

  it("with 'intent', does not load after the paint but once the focus or the pointer comes to the control", async () => {
    const load = vi.fn(async () => ({ name: 'menu' }));
    const { result } = renderHook(() => useDeferredModule(load, 'intent'));
    // jsdom has no requestIdleCallback: a 'paint' control would have loaded after a 0 ms timer.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).not.toHaveBeenCalled();

    act(() => result.current.plainHandlers.onFocus());
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Loaded, but the plain control has the focus: it stays until the focus leaves.
    expect(result.current.module).toBeNull();
    act(() => result.current.plainHandlers.onBlur());
    expect(result.current.module).toEqual({ name: 'menu' });
    expect(result.current.openAtOnce).toBe(false);
  });

  it("with 'intent', a pointer that passes over the control starts the download and the swap waits until it leaves", async () => {
    const load = vi.fn(async () => ({ name: 'menu' }));
    const { result } = renderHook(() => useDeferredModule(load, 'intent'));
    act(() => result.current.plainHandlers.onPointerEnter());
    act(() => result.current.plainHandlers.onPointerLeave());
    await waitFor(() => expect(result.current.module).toEqual({ name: 'menu' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a press swaps at once and asks the full component to open', async () => {
    neverIdle();
    const load = vi.fn(async () => ({ name: 'menu' }));
    const { result } = renderHook(() => useDeferredModule(load));
    expect(load).not.toHaveBeenCalled();
    act(() => {
      result.current.plainHandlers.onPointerEnter();
      result.current.plainHandlers.onFocus();
      result.current.press();
    });
    await waitFor(() => expect(result.current.module).toEqual({ name: 'menu' }));
    expect(result.current.openAtOnce).toBe(true);
  });

  it('keeps the plain control when the code cannot be downloaded, and the next press tries again', async () => {
    neverIdle();
    const load = vi
      .fn<() => Promise<{ name: string }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ name: 'menu' });
    const { result } = renderHook(() => useDeferredModule(load));
    act(() => result.current.press());
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.module).toBeNull();

    act(() => result.current.press());
    await waitFor(() => expect(result.current.module).toEqual({ name: 'menu' }));
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('a background module (the live channel)', () => {
  it('loads only once wanted', async () => {
    const load = vi.fn(async () => ({ name: 'live' }));
    const { result, rerender } = renderHook(({ wanted }) => useBackgroundModule(load, wanted), {
      initialProps: { wanted: false },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).not.toHaveBeenCalled();
    rerender({ wanted: true });
    await waitFor(() => expect(result.current).toEqual({ name: 'live' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('whose download fails is tried again once the browser is back online, without an error', async () => {
    let online = false;
    const load = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module');
      return { name: 'live' };
    });
    const { result } = renderHook(() => useBackgroundModule(load, true));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBeNull();
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(result.current).toEqual({ name: 'live' }));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
