import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Keeps a WAL-mode SQLite file durable without holding the event loop. With synchronous=FULL,
 * SQLite fsyncs the log inside each commit and then, past 1,000 pages, copies the log into the
 * database (a checkpoint), all synchronously: about 250 ms for a 100,000-row import, during which
 * the server answered no one. Instead the writer commits with synchronous=NORMAL and no automatic
 * checkpoint (see database.ts), and:
 * - `sync()` fsyncs the log through libuv's thread pool; the driver settles a write only after it,
 *   so nothing is reported saved before it is on disk, as with FULL;
 * - a worker thread with its own connection checkpoints the log every `checkpointEveryMs`
 *   (PASSIVE: it never waits for, or blocks, a reader or the writer).
 */
export interface SqliteWal {
  /** Resolves once everything committed so far is on disk. */
  sync(): Promise<void>;
  /** Ends the checkpointing worker and closes the log's handle (before the connections close). */
  close(): Promise<void>;
}

/** The checkpointing worker, as source: a file of its own would need its own build step. */
const checkpointer = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const checkpoint = () => {
  // A failed checkpoint leaves the log longer, not the data at risk: the next one catches up.
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {}
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export function sqliteWal(file: string, { checkpointEveryMs = 1000 } = {}): SqliteWal {
  let log: Promise<fs.promises.FileHandle> | undefined;
  let worker: Worker | undefined;
  let workerEnded = false;
  const startCheckpointing = () => {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    worker = new Worker(checkpointer, { eval: true, workerData: { driver, file, everyMs: checkpointEveryMs } });
    // Only a worker that cannot start at all lands here: the writer's data is safe, the log grows.
    worker.on('error', () => undefined);
    worker.on('exit', () => (workerEnded = true));
    worker.unref();
  };
  return {
    async sync() {
      log ??= fs.promises.open(`${file}-wal`, 'r');
      if (!worker) startCheckpointing();
      try {
        await (await log).sync();
      } catch (error) {
        log = undefined;
        // No log yet: nothing has been committed to it (a pragma, a statement that changed nothing).
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
    },
    async close() {
      if (worker && !workerEnded) {
        const ended = new Promise((resolve) => worker?.once('exit', resolve));
        // Kept from holding the process open until now; now the process waits for its last checkpoint.
        worker.ref();
        worker.postMessage('close');
        await ended;
      }
      await (await log?.catch(() => undefined))?.close();
    },
  };
}
