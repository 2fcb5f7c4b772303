// SQLite's online backup, off the event loop. A worker thread, on a read-only connection of its own,
// opens a read transaction and copies the database in steps of STEP_PAGES inside it: the copy is
// the database as the transaction's first read saw it, while this process's commits go on (in WAL
// mode a reader and the writer do not wait for each other), and another connection's commit does not
// start it over (the snapshot stays the same from step to step). Between two steps the thread runs
// JavaScript, so it can be ended there: a copy of one step (every page at once) ran to its end
// whatever was asked of it. In the event loop (better-sqlite3's `backup`: 100 pages a turn, a step
// refused while a write transaction is open) every write of the server committed alone for the
// whole copy, and the last step wrote the copy's cached pages and synced the file, on the event
// loop: 220 ms for a 100 MB database (bench/README.md, session-mix). The copy holds the checkpoints
// back, so the event loop runs none meanwhile (database.ts, createLoopCheckpoints).
import { createRequire } from 'node:module';
import { rename, rm, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';

/** Pages copied in one step of the backup (4 MB of 4 KB pages): the thread may be ended after each. */
const STEP_PAGES = 1024;

// CommonJS, run by the worker (eval): no loader, no TypeScript, nothing but the driver.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
(async () => {
  const db = new Database(workerData.source, { readonly: true, fileMustExist: true });
  try {
    // The snapshot every step copies from: taken by the transaction's first read.
    db.exec('BEGIN');
    db.prepare('SELECT 1 FROM sqlite_master LIMIT 1').get();
    await db.backup(workerData.destination, { progress: () => workerData.stepPages });
    db.exec('COMMIT');
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

/** The slowest a backup may copy before it is taken for hung (see backupTimeoutMs). */
const SLOWEST_BYTES_PER_SECOND = 4_000_000;

/**
 * How long a backup of a database of `bytes` (the file and its WAL) may take before it is stopped: a
 * minute, or as long as copying it at 4 MB a second takes (a 100 MB database was copied in 0.5 s
 * here under load, bench/README.md). While a copy runs no checkpoint can pass it, so a destination
 * that hangs would let the WAL grow without end.
 */
export function backupTimeoutMs(bytes: number): number {
  return Math.max(60_000, Math.ceil((bytes / SLOWEST_BYTES_PER_SECOND) * 1000));
}

/** A backup stopped on purpose (the server or the database closing), not one that failed. */
export class BackupStopped extends Error {
  override name = 'BackupStopped';
}

/** A backup that outlasted its time limit. */
class BackupTimedOut extends Error {
  override name = 'BackupTimedOut';
}

/**
 * Copies the SQLite database at `source` to the new file `destination`, in a worker thread. The copy
 * is written beside it as `destination`.partial and renamed once whole, so that a copy that failed
 * or was stopped is never taken for a backup; the partial file (and its journal) is deleted. After
 * `timeoutMs` (by default backupTimeoutMs of the database's size), or when `signal` aborts, the
 * thread is ended at its next step and the promise fails with the reason; the files' removal and
 * renaming are bounded by the same limit (a destination that does not answer).
 */
export async function backupInWorker(
  source: string,
  destination: string,
  o: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
  const from = resolve(source);
  const target = resolve(destination);
  const partial = `${target}.partial`;
  const bytes = await databaseBytes(from);
  const timeoutMs = o.timeoutMs ?? backupTimeoutMs(bytes);
  const limit = new AbortController();
  const timer = setTimeout(() => {
    const seconds = Math.ceil(timeoutMs / 1000);
    const megabytes = Math.ceil(bytes / 1_000_000);
    limit.abort(
      new BackupTimedOut(
        `SQLite backup to ${target} did not finish within ${seconds} s and was stopped (a backup may take ` +
          `a minute, or as long as copying the database's ${megabytes} MB at 4 MB a second takes): ` +
          'check that the disk it is written to answers and has room',
      ),
    );
  }, timeoutMs);
  const signal = o.signal ? AbortSignal.any([o.signal, limit.signal]) : limit.signal;
  try {
    // A partial copy left by a process that ended mid-copy is not a database to copy into.
    await unlessStopped(removeCopy(partial), signal);
    await copy(from, partial, signal);
    await unlessStopped(rename(partial, target), signal);
  } catch (err) {
    // Not awaited: on a disk that does not answer, this would not return either.
    void removeCopy(partial).catch(() => undefined);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** The size of a SQLite database file and its WAL, in bytes (0 for a file not there). */
async function databaseBytes(path: string): Promise<number> {
  const size = (p: string) =>
    stat(p).then(
      (s) => s.size,
      () => 0,
    );
  return (await size(path)) + (await size(`${path}-wal`));
}

/** Deletes a partial copy and the rollback journal SQLite keeps beside it while it writes. */
async function removeCopy(partial: string): Promise<void> {
  await Promise.all([rm(partial, { force: true }), rm(`${partial}-journal`, { force: true })]);
}

/** The reason `signal` aborted, as the error a stopped backup fails with. */
function stopped(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof BackupStopped || reason instanceof BackupTimedOut) return reason;
  return new BackupStopped(
    `SQLite backup stopped: ${reason instanceof Error ? reason.message : String(reason)}`,
  );
}

/** `work`, or the stop's reason if `signal` aborts first. */
function unlessStopped<R>(work: Promise<R>, signal: AbortSignal): Promise<R> {
  if (signal.aborted) return Promise.reject(stopped(signal));
  return new Promise<R>((done, fail) => {
    const onAbort = () => fail(stopped(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(done, fail).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function copy(source: string, partial: string, signal: AbortSignal): Promise<void> {
  return new Promise<void>((done, fail) => {
    if (signal.aborted) return fail(stopped(signal));
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      execArgv: [],
      workerData: { driver, source, destination: partial, stepPages: STEP_PAGES },
    });
    let settled = false;
    let ending: Error | null = null;
    const settle = (err?: Error) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (err) fail(err);
      else done();
    };
    // Ends the thread (at its next step), then fails. A thread stuck in a write the disk does not
    // answer cannot be ended (it runs no JavaScript until the write returns): it is left behind
    // after a while.
    const onAbort = () => {
      if (settled || ending) return;
      const err = stopped(signal);
      ending = err;
      const waited = setTimeout(() => settle(err), TERMINATE_WAIT_MS);
      void worker.terminate().finally(() => {
        clearTimeout(waited);
        settle(err);
      });
    };
    signal.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (m: { done: true } | { error: string }) => {
      if ('error' in m) settle(new Error(`SQLite backup failed: ${m.error}`));
      // The copy is whole, even if a stop came meanwhile.
      else settle();
    });
    worker.once('error', (err) => settle(err));
    worker.once('exit', (code) =>
      settle(ending ?? new Error(`SQLite backup failed: its thread ended (exit code ${code})`)),
    );
  });
}
