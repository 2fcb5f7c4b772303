// SQLite's group commit (database.ts createGroupCommit): the hot statements' writes of one turn of
// the event loop commit together at its end, each answered once committed; a failed write fails
// alone; Kysely's statements, its transactions and a backup (made in a worker thread) commit the
// open group first. Another connection to the same file shows what is committed.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackupStopped } from './backup-worker';
import { AUTO_CHECKPOINT_PAGES, createLoopCheckpoints, openDatabase, type DatabaseHandle } from './database';

describe('group commit (SQLite)', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let other: SQLite.Database;
  /** The names as another connection sees them (committed only). */
  const committed = () =>
    (other.prepare('select name from t order by name').all() as { name: string }[]).map((r) => r.name);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'provisor-group-'));
    const path = join(dir, 'group.db');
    handle = openDatabase({ kind: 'sqlite', path }, { checkpointIntervalMs: 0 });
    await sql`create table t (name text primary key)`.execute(handle.db);
    other = new SQLite(path, { readonly: true });
  });
  afterAll(async () => {
    other?.close();
    await handle?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("commits one turn's writes together, and answers each once committed", async () => {
    const insert = 'insert into t (name) values (?)';
    const a = handle.prepared(insert, ['a1']);
    const b = handle.prepared(insert, ['a2']);
    // Run, in this connection's transaction: its own reads see them, another connection not yet.
    expect(await handle.prepared('select count(*) as n from t', [])).toEqual([{ n: 2 }]);
    expect(committed()).toEqual([]);
    await a;
    expect(committed()).toEqual(['a1', 'a2']);
    await b;
  });

  it('fails a write alone: the others of its turn commit', async () => {
    const insert = 'insert into t (name) values (?) returning name';
    const good = handle.prepared(insert, ['b1']);
    const bad = handle.prepared(insert, ['a1']);
    const after = handle.prepared(insert, ['b2']);
    await expect(bad).rejects.toThrow(/UNIQUE/);
    expect(await good).toEqual([{ name: 'b1' }]);
    expect(await after).toEqual([{ name: 'b2' }]);
    expect(committed()).toEqual(['a1', 'a2', 'b1', 'b2']);
  });

  it("commits the open group before Kysely's own statements and transactions", async () => {
    const pending = handle.prepared('insert into t (name) values (?)', ['c1']);
    // Kysely's read: the group is committed first, so another connection sees c1 already.
    expect(
      (
        await handle.db
          .selectFrom('t' as never)
          .selectAll()
          .execute()
      ).length,
    ).toBe(5);
    expect(committed()).toContain('c1');
    await pending;
    // A transaction begun while a group is open (no nested BEGIN): both commit.
    const more = handle.prepared('insert into t (name) values (?)', ['c2']);
    await handle.db.transaction().execute(async (trx) => {
      await sql`insert into t (name) values ('c3')`.execute(trx);
    });
    await more;
    expect(committed()).toEqual(['a1', 'a2', 'b1', 'b2', 'c1', 'c2', 'c3']);
  });

  it('fails the whole group when SQLite rolls back its transaction, not only the write that caused it', async () => {
    const insert = 'insert into t (name) values (?)';
    const before = handle.prepared(insert, ['e1']);
    const rolledBack = handle.prepared('insert or rollback into t (name) values (?)', ['a1']);
    const after = handle.prepared(insert, ['e2']);
    await expect(rolledBack).rejects.toThrow(/UNIQUE/);
    // e1 was in the transaction SQLite undid: it fails too, never answered as saved.
    await expect(before).rejects.toThrow(/UNIQUE/);
    await after;
    expect(committed()).not.toContain('e1');
    expect(committed()).toContain('e2');
  });

  it('copies the database in a thread of its own while writes go on, still in groups', async () => {
    let writing = true;
    let n = 0;
    const writes: Promise<unknown>[] = [];
    const more = () => {
      if (!writing) return;
      writes.push(handle.prepared('insert into t (name) values (?)', [`f${n++}`]));
      setImmediate(more);
    };
    more();
    const copy = join(dir, 'during.db');
    const backup = handle.backup!(copy);
    // A write while the backup runs joins the turn's group: another connection does not see it yet.
    const grouped = handle.prepared('insert into t (name) values (?)', ['g1']);
    expect(committed()).not.toContain('g1');
    await backup;
    writing = false;
    await Promise.all([...writes, grouped]);
    expect(committed()).toContain('g1');
    const copied = new SQLite(copy, { readonly: true });
    try {
      expect(copied.pragma('integrity_check', { simple: true })).toBe('ok');
      expect((copied.prepare('select count(*) as n from t').get() as { n: number }).n).toBeGreaterThan(0);
    } finally {
      copied.close();
    }
  });

  it('answers a backup that cannot be written with the reason', async () => {
    await expect(handle.backup!(join(dir, 'no-such-directory', 'copy.db'))).rejects.toThrow(
      /SQLite backup failed: .*directory does not exist/,
    );
  });

  /** A table `t` of `rows` rows of 2,000 characters (20,000 make 40 MB: ten steps of a copy or more). */
  const fill = async (h: DatabaseHandle, rows: number) => {
    await sql`create table t (body text)`.execute(h.db);
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${rows})
      insert into t (body) select ${'x'.repeat(2000)} from n`.execute(h.db);
  };

  /** The files in the test's directory whose name starts with `name` (a copy, its .partial, its journal). */
  const filesOf = (name: string) => readdirSync(dir).filter((n) => n.startsWith(name));

  it('stops a backup that outlasts its time, and leaves no file behind', async () => {
    await expect(handle.backup!(join(dir, 'late.db'), { timeoutMs: 1 })).rejects.toThrow(
      /SQLite backup to .*late\.db did not finish within 1 s and was stopped \(a backup may take a minute, .*\): check that the disk/,
    );
    await vi.waitFor(() => expect(filesOf('late.db')).toEqual([]));
    // The next one is whole.
    await handle.backup!(join(dir, 'late.db'));
    expect(filesOf('late.db')).toEqual(['late.db']);
  });

  it('stops a backup when its signal aborts, and leaves no file behind', async () => {
    const stop = new AbortController();
    const backup = handle.backup!(join(dir, 'aborted.db'), { signal: stop.signal });
    stop.abort(new Error('the server is stopping'));
    await expect(backup).rejects.toThrow(BackupStopped);
    await expect(backup).rejects.toThrow('SQLite backup stopped: the server is stopping');
    await vi.waitFor(() => expect(filesOf('aborted.db')).toEqual([]));
  });

  it('stops a copy already under way, and leaves no file behind', async () => {
    const path = join(dir, 'large.db');
    const large = openDatabase({ kind: 'sqlite', path }, { checkpointIntervalMs: 0 });
    try {
      await fill(large, 20000);
      const stop = new AbortController();
      const backup = large.backup!(join(dir, 'large-copy.db'), { signal: stop.signal });
      // Under way: the thread has begun writing the copy.
      await vi.waitFor(() => expect(filesOf('large-copy.db.partial').length).toBeGreaterThan(0), {
        interval: 1,
        timeout: 10_000,
      });
      stop.abort(new Error('the server is stopping'));
      // A copy that ran to its end would be answered as done, and renamed.
      await expect(backup).rejects.toThrow('SQLite backup stopped: the server is stopping');
      await vi.waitFor(() => expect(filesOf('large-copy.db')).toEqual([]));
    } finally {
      await large.destroy();
    }
  });

  it('copies one moment of the database in many steps while writes go on, never starting over', async () => {
    const path = join(dir, 'moment.db');
    const moment = openDatabase({ kind: 'sqlite', path }, { checkpointIntervalMs: 0 });
    try {
      await fill(moment, 20000);
      let writing = true;
      const writes: Promise<unknown>[] = [];
      const more = () => {
        if (!writing) return;
        writes.push(moment.prepared('insert into t (body) values (?)', ['z']));
        setImmediate(more);
      };
      const copy = join(dir, 'moment-copy.db');
      const backup = moment.backup!(copy);
      more();
      await backup;
      writing = false;
      await Promise.all(writes);
      const copied = new SQLite(copy, { readonly: true });
      try {
        expect(copied.pragma('integrity_check', { simple: true })).toBe('ok');
        const rows = (copied.prepare('select count(*) as n from t').get() as { n: number }).n;
        // Whole as of one moment: every row written before it began, and fewer than were written by its end.
        expect(rows).toBeGreaterThanOrEqual(20000);
        expect(rows).toBeLessThan(20000 + writes.length);
      } finally {
        copied.close();
      }
    } finally {
      await moment.destroy();
    }
  });

  it('stops the backups still running when the database closes, and starts none after', async () => {
    const path = join(dir, 'closing.db');
    const closing = openDatabase({ kind: 'sqlite', path }, { checkpointIntervalMs: 0 });
    await sql`create table t (name text)`.execute(closing.db);
    const backup = closing.backup!(join(dir, 'closing-copy.db'));
    const outcome = backup.then(
      () => 'copied',
      (err: Error) => err.message,
    );
    const closed = closing.destroy();
    await expect(closing.backup!(join(dir, 'closing-late.db'))).rejects.toThrow(
      'SQLite backup not started: the database is closing',
    );
    await closed;
    // Settled before destroy answered, as stopped.
    expect(await Promise.race([outcome, 'still running'])).toBe(
      'SQLite backup stopped: the database is closing',
    );
    await vi.waitFor(() => expect(filesOf('closing-copy.db')).toEqual([]));
    expect(filesOf('closing-late.db')).toEqual([]);
  });

  it('commits the open group before a backup, which then holds its writes', async () => {
    const pending = handle.prepared('insert into t (name) values (?)', ['d1']);
    const copy = join(dir, 'copy.db');
    await handle.backup!(copy);
    await pending;
    const backup = new SQLite(copy, { readonly: true });
    try {
      expect(backup.prepare("select count(*) as n from t where name = 'd1'").get()).toEqual({ n: 1 });
    } finally {
      backup.close();
    }
  });
});

describe('no checkpoint on the event loop while a backup copies (createLoopCheckpoints)', () => {
  const autoCheckpoint = (db: SQLite.Database) => db.pragma('wal_autocheckpoint', { simple: true });
  let db: SQLite.Database;
  beforeEach(() => {
    db = new SQLite(':memory:');
    db.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
  });
  afterEach(() => db.close());

  it('turns the automatic checkpoint off until the last of overlapping copies ends', async () => {
    const loop = createLoopCheckpoints(db, { worker: false, fallbackMs: 60_000 });
    let finishSecond!: () => void;
    const second = new Promise<void>((done) => (finishSecond = done));
    const outer = loop.during(async () => {
      expect(autoCheckpoint(db)).toBe(0);
      const inner = loop.during(() => second);
      expect(loop.passEnded()).toBe(false);
      await inner;
      // The other copy ended; this one still copies.
      expect(autoCheckpoint(db)).toBe(0);
    });
    await new Promise((r) => setImmediate(r));
    finishSecond();
    await outer;
    expect(autoCheckpoint(db)).toBe(AUTO_CHECKPOINT_PAGES);
    expect(loop.passEnded()).toBe(true);
  });

  it('turns it back on when the copy fails, and answers the failure', async () => {
    const loop = createLoopCheckpoints(db, { worker: false, fallbackMs: 60_000 });
    await expect(loop.during(() => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(autoCheckpoint(db)).toBe(AUTO_CHECKPOINT_PAGES);
  });

  it('with a worker, waits for its next pass to copy what the copy held back, then turns it back on', async () => {
    const loop = createLoopCheckpoints(db, { worker: true, fallbackMs: 60_000 });
    await loop.during(async () => expect(loop.passEnded()).toBe(false));
    // The copy ended, the backlog is still in the WAL: the first commit must not copy it on the loop.
    expect(autoCheckpoint(db)).toBe(0);
    expect(loop.passEnded()).toBe(true);
    expect(autoCheckpoint(db)).toBe(AUTO_CHECKPOINT_PAGES);
  });

  it('with a worker that makes no pass, turns it back on after a while', async () => {
    const loop = createLoopCheckpoints(db, { worker: true, fallbackMs: 20 });
    await loop.during(async () => undefined);
    expect(autoCheckpoint(db)).toBe(0);
    await new Promise((r) => setTimeout(r, 60));
    expect(autoCheckpoint(db)).toBe(AUTO_CHECKPOINT_PAGES);
  });
});
