import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, lazyPage } from './lazy-page';

function Page() {
  return null;
}

describe('lazy pages', () => {
  afterEach(() => vi.useRealTimers());

  it('gives the router the page component once its chunk arrives', async () => {
    const load = lazyPage(
      async () => ({ default: Page }),
      (module) => module.default,
    );
    await expect(load()).resolves.toEqual({ Component: Page });
  });

  it('reports a chunk that fails to download as a ChunkLoadError', async () => {
    const load = lazyPage(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      () => Page,
    );
    await expect(load()).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('gives up on a chunk that has not arrived after 120 seconds', async () => {
    vi.useFakeTimers();
    const load = lazyPage(
      () => new Promise<never>(() => undefined),
      () => Page,
    );
    const result = expect(load()).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    await result;
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });
});
