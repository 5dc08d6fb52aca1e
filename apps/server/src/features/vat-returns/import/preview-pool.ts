import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importLimits } from '@vatwise/domain';
import { Piscina } from 'piscina';
import { AppError } from '../../../plugins/errors';
import { type PreviewInput, type ReadImport, problemOnly } from './preview';

/**
 * Files are read in worker threads, a few at a time, so a large or hostile file never stops the
 * server answering anyone else. Each read has a time limit and a memory limit: a file that hits
 * either gets a problem saying so (its worker is ended), and nothing is imported. When every
 * worker is busy, a few files wait their turn; beyond that the caller is told to try again.
 */
export interface PreviewPoolOptions {
  /** Workers reading at once (default: one per core but one, at least one). */
  threads?: number;
  /** Files waiting for a worker before more are refused (IMPORTS_BUSY). */
  maxQueue?: number;
  readTimeoutMs?: number;
  /** Each worker's JavaScript heap, in MB. */
  heapMb?: number;
}

/**
 * The built worker beside the compiled server (this code may sit in a chunk one folder down),
 * else the TypeScript source through tsx.
 */
function workerFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const built = [here, path.dirname(here)].map((dir) => path.join(dir, 'preview-worker.js')).find(fs.existsSync);
  return built ?? path.join(here, 'preview-worker.dev.mjs');
}

const problemResult = (input: PreviewInput, message: string): ReadImport =>
  problemOnly(input, { row: null, column: null, message });

export function createPreviewPool(options: PreviewPoolOptions = {}) {
  const threads = options.threads ?? Math.max(1, os.availableParallelism() - 1);
  const readTimeoutMs = options.readTimeoutMs ?? importLimits.maxReadMs;
  const pool = new Piscina({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: threads,
    maxQueue: options.maxQueue ?? threads * 4,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 512 },
  });

  return {
    async read(input: PreviewInput): Promise<ReadImport> {
      if (pool.queueSize >= pool.options.maxQueue) throw new AppError('IMPORTS_BUSY');
      const signal = AbortSignal.timeout(readTimeoutMs);
      try {
        return (await pool.run(input, { signal })) as ReadImport;
      } catch (error) {
        if (signal.aborted) {
          const seconds = Math.max(1, Math.round(readTimeoutMs / 1000));
          return problemResult(
            input,
            `"${input.fileName}" took longer than ${seconds} second${seconds === 1 ? '' : 's'} to read, so it was stopped and nothing was imported. Save the records as CSV, or split them into smaller files`,
          );
        }
        if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
          return problemResult(
            input,
            `"${input.fileName}" needs more memory to read than VAT Wise gives one file, so nothing was imported. Save the records as CSV, or split them into smaller files`,
          );
        }
        if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new AppError('IMPORTS_BUSY');
        throw error;
      }
    },
    close: () => pool.destroy(),
  };
}

export type PreviewPool = ReturnType<typeof createPreviewPool>;
