// The worker that checkpoints SQLite's WAL off the event loop (./checkpointer.ts), on real files.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { finishPass, startCheckpointer } from './checkpointer';
import { openDatabase, type DatabaseHandle } from './database';

const dirs: string[] = [];
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const h of handles.splice(0)) await h.destroy();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A directory of its own, removed after the test. */
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'provisor-checkpoint-'));
  dirs.push(dir);
  return dir;
}

function fresh(checkpointIntervalMs: number): { handle: DatabaseHandle; file: string } {
  const file = join(tempDir(), 'provisor.db');
  const handle = openDatabase({ kind: 'sqlite', path: file }, { checkpointIntervalMs });
  handles.push(handle);
  return { handle, file };
}

/** About 4 MB of rows (1,000 pages): far below the event loop's own checkpoint at 80,000. */
async function writeFourMegabytes(handle: DatabaseHandle): Promise<void> {
  await sql`create table filler (id integer primary key, body text not null)`.execute(handle.db);
  for (let i = 0; i < 1000; i++)
    await handle.prepared('insert into filler (body) values (?)', ['x'.repeat(4000)]);
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A new database file in WAL mode, written as the server writes (no sync at each commit), with no
 * checkpoint of its own, and a statement that writes a row of 4,000 characters (a page or more).
 */
function walFile(): { file: string; sqlite: SQLite.Database; writeRow: () => void } {
  const file = join(tempDir(), 'provisor.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('wal_autocheckpoint = 0');
  sqlite.exec('create table filler (id integer primary key, body text not null)');
  const insert = sqlite.prepare('insert into filler (body) values (?)');
  return { file, sqlite, writeRow: () => void insert.run('w'.repeat(4000)) };
}

describe('the WAL checkpointer', () => {
  it("copies the WAL's pages into the database file from its own thread", async () => {
    const { handle, file } = fresh(50);
    await writeFourMegabytes(handle);
    // The rows are in the WAL; the event loop has not checkpointed (its threshold is 80,000 pages).
    // Until a pass copied the whole WAL (a row commits a frame or more: 1,000 frames are not all).
    await until(() => {
      const last = handle.checkpointer?.last;
      return !!last && last.checkpointed >= 1000 && last.checkpointed === last.log;
    });
    expect(statSync(file).size).toBeGreaterThan(4_000_000);
    const rows = await sql<{ n: number }>`select count(*) as n from filler`.execute(handle.db);
    expect(rows.rows[0]!.n).toBe(1000);
  });

  it('finishes a pass on the event loop, so that the next commit starts the WAL over', () => {
    const { file, sqlite, writeRow } = walFile();
    try {
      const write = (rows: number) => {
        for (let i = 0; i < rows; i++) writeRow();
      };
      const walPages = () => statSync(`${file}-wal`).size / 4096;
      write(500);
      const first = walPages();
      expect(first).toBeGreaterThan(500);
      // A pass the worker reported: what it left is copied here, and the next 500 rows are written
      // from the WAL's start again rather than after the first 500.
      finishPass(sqlite, { log: 0, checkpointed: 0 }, (err) => {
        throw err;
      });
      write(500);
      expect(walPages()).toBeLessThan(first + 10);
      // A pass that did not run (another checkpoint held the lock) is not finished here.
      finishPass(sqlite, { log: -1, checkpointed: -1 }, (err) => {
        throw err;
      });
      write(500);
      expect(walPages()).toBeGreaterThan(first + 400);
    } finally {
      sqlite.close();
    }
  });

  /**
   * The times of the worker's passes on a new file while rows are written, `rows(ms since the
   * start)` every 20 ms for `ms`, each pass finished on this thread if `finish`; and when the last
   * row was written.
   */
  async function passesWhileWriting(
    o: { intervalMs: number; dueFrames: number; minIntervalMs: number; ms: number; finish: boolean },
    rows: (elapsedMs: number) => number,
  ): Promise<{ passes: number[]; lastWriteAt: number }> {
    const { file, sqlite, writeRow } = walFile();
    const passes: number[] = [];
    const fail = (err: Error) => {
      throw err;
    };
    const c = startCheckpointer(file, {
      ...o,
      onError: fail,
      onPass: (pass) => {
        // When each pass began, by the worker's clock: the messages may reach this thread late, or
        // two at once.
        passes.push(pass.startedAt!);
        // As the server does (database.ts): the next commit starts the WAL over.
        if (o.finish) finishPass(sqlite, pass, fail);
      },
    });
    let lastWriteAt = 0;
    try {
      const start = Date.now();
      while (Date.now() < start + o.ms) {
        const n = rows(Date.now() - start);
        for (let i = 0; i < n; i++) writeRow();
        if (n > 0) lastWriteAt = Date.now();
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await c.stop();
      sqlite.close();
    }
    return { passes, lastWriteAt };
  }
  const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);

  it('comes sooner while the WAL grows fast, but never within its shortest interval', async () => {
    // A 4,000-byte row commits a frame or more: over 1,250 frames a second, so 100 are there within
    // 80 ms, and a pass is due at the shortest interval.
    const { passes } = await passesWhileWriting(
      { intervalMs: 1000, dueFrames: 100, minIntervalMs: 150, ms: 2600, finish: true },
      () => 25,
    );
    // About 10 passes (every 160 ms after the first, at 1 s). At its interval alone it would have made
    // two, and four without counting the frames of a WAL started over since the last pass.
    expect(passes.length).toBeGreaterThanOrEqual(6);
    // (Some slack: a timer counts from the event loop's time, which may lag Date.now a little.)
    for (const gap of gaps(passes)) expect(gap).toBeGreaterThanOrEqual(140);
  });

  it('keeps its interval while the WAL grows slowly', async () => {
    // A row every 100 ms: 100 frames would take seconds, longer than the interval.
    const { passes } = await passesWhileWriting(
      { intervalMs: 400, dueFrames: 100, minIntervalMs: 50, ms: 2400, finish: true },
      (ms) => (Math.floor(ms / 20) % 5 === 0 ? 1 : 0),
    );
    expect(passes.length).toBeGreaterThanOrEqual(3);
    for (const gap of gaps(passes)) expect(gap).toBeGreaterThanOrEqual(390);
  });

  it('goes back to its interval once the writes stop, though the WAL still holds them', async () => {
    // Fast for 1.2 s, then nothing: the WAL keeps its frames (nothing starts it over here).
    const { passes, lastWriteAt } = await passesWhileWriting(
      { intervalMs: 400, dueFrames: 100, minIntervalMs: 50, ms: 3000, finish: false },
      (ms) => (ms < 1200 ? 25 : 0),
    );
    const during = passes.filter((t) => t <= lastWriteAt);
    // The pass after the last write still counts that write; from the one after it, none.
    const after = passes.filter((t) => t > lastWriteAt + 300);
    expect(Math.min(...gaps(during))).toBeLessThan(300);
    expect(after.length).toBeGreaterThanOrEqual(3);
    for (const gap of gaps(after)) expect(gap).toBeGreaterThanOrEqual(390);
  });

  it('leaves the database file alone while no pass is due', async () => {
    const { handle, file } = fresh(60_000);
    await writeFourMegabytes(handle);
    await new Promise((r) => setTimeout(r, 200));
    expect(handle.checkpointer?.last).toBeNull();
    expect(statSync(file).size).toBeLessThan(1_000_000);
  });

  it('reports a pass that fails, tries again, and stops when told', async () => {
    const dir = tempDir();
    const errors: Error[] = [];
    const c = startCheckpointer(join(dir, 'missing.db'), { intervalMs: 20, onError: (e) => errors.push(e) });
    await until(() => errors.length >= 2);
    await c.stop();
    expect(errors[0]!.message).toMatch(/^SQLite checkpoint failed: .*/);
    const after = errors.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(errors.length).toBe(after);
    await c.stop();
  });

  it('runs for a database file only, not for one in memory, and not when told not to', () => {
    const memory = openDatabase({ kind: 'sqlite', path: ':memory:' });
    handles.push(memory);
    expect(memory.checkpointer).toBeUndefined();
    const dir = tempDir();
    const none = openDatabase(
      { kind: 'sqlite', path: join(dir, 'provisor.db') },
      { checkpointIntervalMs: 0 },
    );
    handles.push(none);
    expect(none.checkpointer).toBeUndefined();
  });
});
