import type { ComponentType } from 'react';
import { preloadNamespaces } from '../shared/i18n/i18n';

/** docs/reference/product.md §9: a page chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A page's code could not be downloaded (offline, a deploy replaced it, or it took too long). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('Loading chunk failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * A route's `lazy` loader: downloads the page's chunk, gives up after the time-out, and turns
 * any failure into a ChunkLoadError that the route error page shows as 'Loading chunk failed'.
 * The translation namespaces the page reads are fetched beside its chunk rather than after it
 * first renders (a missing translation file is logged by i18next and shows keys, never fails the page).
 */
export function lazyPage<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
  namespaces: readonly string[] = [],
) {
  return async () => {
    try {
      const translations = namespaces.length > 0 ? preloadNamespaces(namespaces) : undefined;
      const module = await withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS);
      await translations;
      return { Component: pick(module) };
    } catch (error) {
      throw new ChunkLoadError(error);
    }
  };
}
