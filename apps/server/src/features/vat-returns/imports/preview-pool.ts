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
 * server answering anyone else. The workers are shared fairly: each person has one file read at
 * a time, the others waiting in their own queue, and a free worker takes the next file of the
 * person who has waited longest (round-robin), so one person's files queue behind each other and
 * never ahead of everyone else's. Each read has a time limit (from when a worker takes it) and a
 * memory limit: a file that hits either gets a problem saying so (its worker is ended), and
 * nothing is imported. Beyond a few waiting files, in all or for one person, the caller is told
 * to try again (IMPORTS_BUSY).
 */
export interface PreviewPoolOptions {
  /** Workers reading at once (default: one per core but one, at least two). */
  threads?: number;
  /** Files waiting for a worker, in all, before more are refused (IMPORTS_BUSY). */
  maxQueue?: number;
  /** Files one person may have waiting before their next is refused (IMPORTS_BUSY). */
  maxQueuePerPerson?: number;
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

interface WaitingFile {
  input: PreviewInput;
  resolve: (result: ReadImport) => void;
  reject: (error: unknown) => void;
}

export function createPreviewPool(options: PreviewPoolOptions = {}) {
  // At least two, so that one person's file, however slow, never holds everyone else's.
  const threads = options.threads ?? Math.max(2, os.availableParallelism() - 1);
  const readTimeoutMs = options.readTimeoutMs ?? importLimits.maxReadMs;
  const maxQueue = options.maxQueue ?? threads * 4;
  const maxQueuePerPerson = options.maxQueuePerPerson ?? Math.max(1, Math.floor(maxQueue / 2));
  const pool = new Piscina({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: threads,
    // No more files are handed to piscina than it has workers: the waiting is done here.
    maxQueue: threads,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 512 },
  });

  /** Each person's waiting files, in the order their turns come (Map keeps insertion order). */
  const waiting = new Map<string, WaitingFile[]>();
  let waitingCount = 0;
  /** The people with a file being read (one each). */
  const reading = new Set<string>();

  async function readNow(input: PreviewInput): Promise<ReadImport> {
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
  }

  /** Hands free workers the next file of each person not being read, longest waiting first. */
  function startNext(): void {
    // A copy: a person who has had their turn goes back into the map, at its end.
    for (const [person, files] of [...waiting]) {
      if (reading.size >= threads) return;
      if (reading.has(person)) continue;
      const file = files.shift();
      if (!file) continue;
      waitingCount--;
      // To the back of the line: the others have their turn before this person's next.
      waiting.delete(person);
      if (files.length > 0) waiting.set(person, files);
      reading.add(person);
      readNow(file.input)
        .then(file.resolve, file.reject)
        .finally(() => {
          reading.delete(person);
          startNext();
        });
    }
  }

  return {
    /** Reads the file when a worker is free and it is its person's turn (`input.requestedBy`). */
    read(input: PreviewInput): Promise<ReadImport> {
      const person = input.requestedBy ?? '';
      const startsNow = reading.size < threads && !reading.has(person);
      const theirs = waiting.get(person);
      if (!startsNow && (waitingCount >= maxQueue || (theirs?.length ?? 0) >= maxQueuePerPerson)) {
        return Promise.reject(new AppError('IMPORTS_BUSY'));
      }
      return new Promise<ReadImport>((resolve, reject) => {
        if (theirs) theirs.push({ input, resolve, reject });
        else waiting.set(person, [{ input, resolve, reject }]);
        waitingCount++;
        startNext();
      });
    },
    close: async () => {
      for (const files of waiting.values())
        for (const file of files) file.reject(new Error('The file readers are closed'));
      waiting.clear();
      waitingCount = 0;
      await pool.destroy();
    },
  };
}

export type PreviewPool = ReturnType<typeof createPreviewPool>;
