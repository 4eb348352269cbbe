import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the worker copies new WAL frames into the database file. */
const CHECKPOINT_EVERY_MS = 200;

/**
 * The main connection checkpoints by itself only once the WAL holds this many frames (about
 * 40 MB). The worker has copied nearly all of them by then, so that checkpoint is short; it is
 * what restarts the WAL from its beginning, which the worker cannot do while writes keep coming.
 */
export const MAIN_AUTOCHECKPOINT_FRAMES = 10_000;

// Plain JavaScript run with `eval`: the worker needs no TypeScript loader, and one less file to ship.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // The database busy or gone for a moment: the next round tries again.
  }
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface BackgroundCheckpoints {
  /** Stops the worker and closes its connection; resolves once it is gone. */
  stop: () => Promise<void>;
}

/**
 * Copies the WAL into the database file from a worker thread with its own connection
 * (docs/decisions/099-non-search-request-cost.md). SQLite otherwise checkpoints inside the
 * commit that crosses 1,000 WAL frames, on the one thread that answers every request: with
 * synchronous=NORMAL that checkpoint writes the pages and waits for two fsyncs, tens of
 * milliseconds during which no request moves. A PASSIVE checkpoint takes no lock a reader or
 * the writer waits on, so the server thread never waits for the worker.
 */
export function startBackgroundCheckpoints(file: string): BackgroundCheckpoints {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    // Not the parent's flags (a TypeScript loader, a profiler): the worker runs plain JavaScript.
    execArgv: [],
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      everyMs: CHECKPOINT_EVERY_MS,
    },
  });
  // Never what keeps the process alive; should the worker die, the main connection's own
  // checkpoints (MAIN_AUTOCHECKPOINT_FRAMES) still keep the WAL bounded.
  worker.unref();
  worker.on('error', () => {});
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    stop: async () => {
      // Referenced again while it winds down: a process waiting only for this exit would otherwise end first.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
