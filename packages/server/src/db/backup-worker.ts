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

/** Copies the SQLite database at `source` to the new file `destination`, in a worker thread. */
export function backupInWorker(source: string, destination: string): Promise<void> {
  return new Promise<void>((done, fail) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      execArgv: [],
      workerData: { driver, source: resolve(source), destination: resolve(destination) },
    });
    let settled = false;
    worker.once('message', (m: { done: true } | { error: string }) => {
      settled = true;
      if ('error' in m) fail(new Error(`SQLite backup failed: ${m.error}`));
      else done();
    });
    worker.once('error', (err) => {
      settled = true;
      fail(err);
    });
    worker.once('exit', (code) => {
      if (!settled) fail(new Error(`SQLite backup failed: its thread ended (exit code ${code})`));
    });
  });
}
