// SQLite's online backup, off the event loop. A worker thread, on a read-only connection of its own,
// copies every page of the database in one step of SQLite's backup API: one read transaction, so the
// copy is the database as one moment left it, while this process's commits go on (in WAL mode a
// reader and the writer do not wait for each other). In steps of its own connection, another
// connection's commit would start the copy over. In the event loop (better-sqlite3's `backup`: 100
// pages a turn, a step refused while a write transaction is open) every write of the server
// committed alone for the whole copy, and the last step wrote the copy's cached pages and synced the
// file, on the event loop: 220 ms for a 100 MB database (bench/README.md, session-mix). The copy
// holds the checkpoints back, so the event loop runs none meanwhile (database.ts,
// createLoopCheckpoints).
import { createRequire } from 'node:module';
import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';

// CommonJS, run by the worker (eval): no loader, no TypeScript, nothing but the driver.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
(async () => {
  const db = new Database(workerData.source, { readonly: true, fileMustExist: true });
  try {
    // The first step counts the pages; the second copies them all (the most a step may take).
    await db.backup(workerData.destination, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
})().then(
  () => parentPort.postMessage({ done: true }),
  (err) => parentPort.postMessage({ error: String(err && err.message ? err.message : err) }),
);
`;

const driver = createRequire(import.meta.url).resolve('better-sqlite3');

/** How long a stopped backup's thread is given to end before it is left behind. */
const TERMINATE_WAIT_MS = 5000;

/**
 * Copies the SQLite database at `source` to the new file `destination`, in a worker thread. The copy
 * is written beside it as `destination`.partial and renamed once whole, so that a copy that failed
 * or was stopped is never taken for a backup; the partial file is deleted. After `timeoutMs`, or
 * when `signal` aborts, the thread is ended and the promise fails with the reason: a destination that
 * does not answer would otherwise hold the copy's read transaction open, and with it every
 * checkpoint, for good.
 */
export async function backupInWorker(
  source: string,
  destination: string,
  o: { timeoutMs: number; signal?: AbortSignal },
): Promise<void> {
  const target = resolve(destination);
  const partial = `${target}.partial`;
  try {
    // A partial copy left by a process that ended mid-copy is not a database to copy into.
    await rm(partial, { force: true });
    await copy(resolve(source), partial, target, o);
    await rename(partial, target);
  } catch (err) {
    await rm(partial, { force: true }).catch(() => undefined);
    throw err;
  }
}

function copy(
  source: string,
  partial: string,
  target: string,
  o: { timeoutMs: number; signal?: AbortSignal },
): Promise<void> {
  return new Promise<void>((done, fail) => {
    if (o.signal?.aborted) return fail(stopped(o.signal));
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      execArgv: [],
      workerData: { driver, source, destination: partial },
    });
    let settled = false;
    const settle = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
      if (err) fail(err);
      else done();
    };
    // Ends the thread, then fails: a thread stuck in a write the disk does not answer cannot be
    // ended (it runs no JavaScript until the write returns), and is left behind after a while.
    let ending: Error | null = null;
    const end = (err: Error) => {
      if (settled || ending) return;
      ending = err;
      const waited = setTimeout(() => settle(err), TERMINATE_WAIT_MS);
      void worker.terminate().finally(() => {
        clearTimeout(waited);
        settle(err);
      });
    };
    const timer = setTimeout(
      () =>
        end(
          new Error(
            `SQLite backup to ${target} did not finish within ${Math.round(o.timeoutMs / 1000)} s and was stopped: ` +
              'check that the disk it is written to answers and has room',
          ),
        ),
      o.timeoutMs,
    );
    const onAbort = () => end(stopped(o.signal!));
    o.signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (m: { done: true } | { error: string }) => {
      if ('error' in m) settle(new Error(`SQLite backup failed: ${m.error}`));
      else settle();
    });
    worker.once('error', (err) => settle(err));
    worker.once('exit', (code) =>
      settle(ending ?? new Error(`SQLite backup failed: its thread ended (exit code ${code})`)),
    );
  });
}

function stopped(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return new Error(`SQLite backup stopped: ${reason instanceof Error ? reason.message : String(reason)}`);
}
