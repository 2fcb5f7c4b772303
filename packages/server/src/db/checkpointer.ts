// SQLite's WAL checkpoints, off the event loop. A checkpoint copies the pages the WAL holds back into
// the database file and syncs both files. Left to SQLite, it runs inside whichever commit crosses
// wal_autocheckpoint, on the event loop, and every open CWMP session waits: up to 60 ms at 20,000
// pages (bench/session-mix, issue 24). Here a worker thread, on a connection of its own, runs a
// PASSIVE checkpoint every 3 seconds, again at once while many frames came in during the last one.
// While the WAL grows fast, the next pass comes sooner: when, at the pace frames were written since
// the last one, the WAL would hold `dueFrames` (a quarter of the event loop's backstop), but never
// within `minIntervalMs`. At a fixed 3 seconds, routers registering at 8 sessions at once (a first
// Inform's insert commits alone: about 22 frames a router) filled the WAL past the backstop between
// two passes, and the event loop checkpointed it: a write of 140 to 250 ms every 3 seconds
// (bench/README.md, "Stalls every 3 s while routers register").
// PASSIVE never waits for a lock and never makes a writer wait: commits go on appending to the WAL
// while it copies. At the mix's peak the WAL grows by 6,000 to 10,000 pages a second, so a pass
// copies about what the event loop's checkpoint at 20,000 pages used to: the same work, on the other
// core. A pass every second cost more CPU a session than it saved (0.275 ms against 0.234).
//
// SQLite rewinds the WAL only when a write begins after a checkpoint copied every frame, and under
// load a commit nearly always lands while the worker copies. So after each pass the event loop runs
// a PASSIVE checkpoint of its own (database.ts): only the frames written during the worker's last
// pass are left to copy, no commit can land during it (this process's commits run on the event
// loop), and the next commit rewinds the WAL. At the mix's peak it took 0.1 to 3 ms, at times 10 to
// 50 ms (its two syncs, while the load writes 30 MB a second). The event loop's automatic checkpoint,
// at 80,000 pages, stays as the backstop for a worker that died.
import { createRequire } from 'node:module';
import type SQLite from 'better-sqlite3';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';

/** One pass's outcome: the last checkpoint's, as SQLite's `wal_checkpoint` pragma reports it. */
export interface CheckpointPass {
  /** Frames in the WAL. */
  log: number;
  /** Frames of it now copied into the database file. */
  checkpointed: number;
  /** When the pass began, in ms since the epoch (from the worker). */
  startedAt?: number;
}

export interface Checkpointer {
  /** The last pass's outcome (null before the first). */
  readonly last: CheckpointPass | null;
  /** Ends the worker and closes its connection. */
  stop(): Promise<void>;
}

// CommonJS, run by the worker (eval): no loader, no TypeScript, nothing but the driver.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { closeSync, openSync, readSync } = require('node:fs');
const Database = require(workerData.driver);
let db = null;
let timer = null;
// When the last pass ended, and the WAL as it found it: its frames, and its checkpoint sequence.
let ended = Date.now();
let lastLog = 0;
let lastSequence = -1;
// The WAL header's checkpoint sequence (bytes 12 to 15), which SQLite counts up each time it starts
// the WAL over; -1 if it cannot be read (no WAL yet).
function walSequence() {
  let fd = -1;
  try {
    fd = openSync(workerData.path + '-wal', 'r');
    const header = Buffer.alloc(16);
    return readSync(fd, header, 0, 16, 0) === 16 ? header.readUInt32BE(12) : -1;
  } catch {
    return -1;
  } finally {
    if (fd >= 0) closeSync(fd);
  }
}
function pass() {
  timer = null;
  let delay = workerData.intervalMs;
  try {
    const started = Date.now();
    db ??= new Database(workerData.path, { fileMustExist: true });
    const sequence = walSequence();
    // Again while many frames came in during the last pass (each pass copies those of the one
    // before), so that little is left for the event loop's finishing pass.
    let [r] = db.pragma('wal_checkpoint(PASSIVE)');
    if (r.log < 0) {
      // Another checkpoint held the lock: again soon.
      delay = workerData.minIntervalMs;
    } else {
      // The frames written since the last pass: all the WAL holds if it started over since (the
      // event loop's end of that pass and the next commit do so), else what it holds more. The next
      // pass when, at that pace, it would hold dueFrames.
      const grown = sequence !== lastSequence ? r.log : Math.max(0, r.log - lastLog);
      const pace = grown / Math.max(1, started - ended);
      if (pace > 0) {
        const due = Math.round(workerData.dueFrames / pace);
        delay = Math.min(workerData.intervalMs, Math.max(workerData.minIntervalMs, due));
      }
      lastSequence = sequence;
    }
    for (let i = 0; i < 4 && r.log >= 0; i++) {
      const before = r.log;
      [r] = db.pragma('wal_checkpoint(PASSIVE)');
      if (r.log - before < 64) break;
    }
    if (r.log >= 0) lastLog = r.log;
    parentPort.postMessage({ log: r.log, checkpointed: r.checkpointed, startedAt: started });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message ? err.message : err) });
  }
  ended = Date.now();
  timer = setTimeout(pass, delay);
}
timer = setTimeout(pass, workerData.intervalMs);
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  if (timer) clearTimeout(timer);
  if (db) db.close();
  parentPort.close();
});
`;

const driver = createRequire(import.meta.url).resolve('better-sqlite3');

const positive = (n: number | undefined) => (n !== undefined && n > 0 ? n : undefined);

/**
 * Starts checkpointing the SQLite file at `path` every `intervalMs`, sooner while the WAL grows fast
 * (above). A pass that fails (the file gone, the disk full) is reported to `onError` and tried
 * again at the next interval.
 */
export function startCheckpointer(
  path: string,
  o: {
    intervalMs: number;
    /** The WAL's size, in frames, at which a pass is due before `intervalMs` (none if not given). */
    dueFrames?: number;
    /** The shortest time between two passes, however fast the WAL grows. */
    minIntervalMs?: number;
    onError: (err: Error) => void;
    /** Hears each pass's outcome (database.ts then finishes the pass on the event loop). */
    onPass?: (pass: CheckpointPass) => void;
  },
): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    execArgv: [],
    // Resolved now: the worker opens the file at its first pass, and the directory may change by then.
    workerData: {
      driver,
      path: resolve(path),
      intervalMs: o.intervalMs,
      // A value that is not a positive number (NaN, 0) would make the worker pass without pause.
      dueFrames: positive(o.dueFrames) ?? Infinity,
      minIntervalMs: Math.min(Math.max(1, positive(o.minIntervalMs) ?? o.intervalMs), o.intervalMs),
    },
  });
  // The process may end while the worker waits for its next pass.
  worker.unref();
  let last: CheckpointPass | null = null;
  let exited = false;
  const exit = new Promise<void>((ended) =>
    worker.once('exit', () => {
      exited = true;
      ended();
    }),
  );
  worker.on('message', (m: CheckpointPass | { error: string }) => {
    if ('error' in m) o.onError(new Error(`SQLite checkpoint failed: ${m.error}`));
    else {
      last = m;
      o.onPass?.(m);
    }
  });
  worker.on('error', (err) => o.onError(err));
  return {
    get last() {
      return last;
    },
    async stop() {
      if (exited) return;
      worker.postMessage('stop');
      // A worker stuck in a pass (a disk that does not answer) is ended without waiting for it.
      const timeout = setTimeout(() => void worker.terminate(), 5000);
      await exit;
      clearTimeout(timeout);
    },
  };
}

/**
 * The event loop's end of a worker's pass (see above): copies what was written while the worker
 * copied, so that the next commit rewinds the WAL. Nothing while a transaction holds the connection,
 * or after a pass that did not run (`log` -1: another checkpoint held the lock).
 */
export function finishPass(
  sqlite: SQLite.Database,
  pass: CheckpointPass,
  onError: (err: Error) => void,
): void {
  if (pass.log < 0 || !sqlite.open || sqlite.inTransaction) return;
  try {
    sqlite.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    onError(err as Error);
  }
}
