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

describe('the WAL checkpointer', () => {
  it("copies the WAL's pages into the database file from its own thread", async () => {
    const { handle, file } = fresh(50);
    await writeFourMegabytes(handle);
    // The rows are in the WAL; the event loop has not checkpointed (its threshold is 80,000 pages).
    await until(() => (handle.checkpointer?.last?.checkpointed ?? 0) >= 1000);
    expect(statSync(file).size).toBeGreaterThan(4_000_000);
    const rows = await sql<{ n: number }>`select count(*) as n from filler`.execute(handle.db);
    expect(rows.rows[0]!.n).toBe(1000);
  });

  it('finishes a pass on the event loop, so that the next commit starts the WAL over', () => {
    const dir = tempDir();
    const file = join(dir, 'provisor.db');
    const sqlite = new SQLite(file);
    try {
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('wal_autocheckpoint = 0');
      sqlite.exec('create table filler (id integer primary key, body text not null)');
      const insert = sqlite.prepare('insert into filler (body) values (?)');
      const write = (rows: number) => {
        for (let i = 0; i < rows; i++) insert.run('z'.repeat(4000));
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

  /** The times of the worker's passes on a new file while rows are written every 20 ms for `ms`. */
  async function passesWhileWriting(
    o: { intervalMs: number; dueFrames: number; minIntervalMs: number; ms: number },
    rowsEvery20ms: number,
  ): Promise<number[]> {
    const file = join(tempDir(), 'provisor.db');
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('wal_autocheckpoint = 0');
    sqlite.exec('create table filler (id integer primary key, body text not null)');
    const insert = sqlite.prepare('insert into filler (body) values (?)');
    const passes: number[] = [];
    const c = startCheckpointer(file, {
      ...o,
      onError: (err) => {
        throw err;
      },
      // When each pass began, by the worker's clock: the messages may reach this thread late, or
      // two at once.
      onPass: (pass) => passes.push(pass.startedAt!),
    });
    try {
      const end = Date.now() + o.ms;
      for (let turn = 0; Date.now() < end; turn++) {
        // One row (one page) every turn, or `rowsEvery20ms` of them; a row every fifth turn if < 1.
        const rows = rowsEvery20ms >= 1 ? rowsEvery20ms : turn % 5 === 0 ? 1 : 0;
        for (let i = 0; i < rows; i++) insert.run('w'.repeat(4000));
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await c.stop();
      sqlite.close();
    }
    return passes;
  }
  const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);

  it('comes sooner while the WAL grows fast, but never within its shortest interval', async () => {
    // About 1,250 frames a second: 100 frames are there within 80 ms, so a pass is due every 150 ms.
    const passes = await passesWhileWriting(
      { intervalMs: 1000, dueFrames: 100, minIntervalMs: 150, ms: 2600 },
      25,
    );
    // At its interval it would have made two passes.
    expect(passes.length).toBeGreaterThanOrEqual(5);
    // (A few ms of slack: a timer counts from the start of the event loop's turn that set it.)
    for (const gap of gaps(passes)) expect(gap).toBeGreaterThanOrEqual(140);
  });

  it('keeps its interval while the WAL grows slowly', async () => {
    // About 10 frames a second: 100 frames would take 10 s, longer than the interval.
    const passes = await passesWhileWriting(
      { intervalMs: 400, dueFrames: 100, minIntervalMs: 50, ms: 2000 },
      0.2,
    );
    expect(passes.length).toBeGreaterThanOrEqual(3);
    for (const gap of gaps(passes)) expect(gap).toBeGreaterThanOrEqual(390);
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
