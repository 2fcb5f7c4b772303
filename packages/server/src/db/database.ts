// One database layer for SQLite (better-sqlite3, WAL) and PostgreSQL (pg), one migration set for both.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import { BackupStopped, backupInWorker } from './backup-worker';
import { finishPass, startCheckpointer, type Checkpointer } from './checkpointer';
import { migrations } from './migrations/index';
import type { Database } from './schema';

export type Dialect = DatabaseConfig['kind'];

/**
 * Runs a statement of the CWMP hot path, written with `?` placeholders, and answers its rows. The
 * same text is prepared once: by the SQLite statement cache, and as a named statement on each
 * PostgreSQL connection (which then neither parses nor plans it again; about a fifth more sessions
 * per second in bench/session-throughput). For a few fixed texts only: every text is kept.
 */
export interface PreparedQuery {
  <R>(sql: string, params: readonly unknown[]): Promise<R[]>;
  /**
   * The same, each row an array of its columns in the statement's order. On SQLite such a row is
   * made at once in native code, where better-sqlite3 sets each column of an object row by name
   * through V8's API: about 3 µs less a row of 15 columns. The Informs' state reads ask for theirs so
   * (bench/README.md, session-mix).
   */
  arrays(sql: string, params: readonly unknown[]): Promise<unknown[][]>;
}

/** A statement written with `?` placeholders, as PostgreSQL takes it (`$1`, `$2`, ...). */
export function numberedPlaceholders(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

/**
 * Every statement sent to the database since it was opened: on SQLite each statement run, on
 * PostgreSQL each query a connection sends (one round trip each, transaction begin and commit
 * included). The tests that bound what a CWMP session costs read it (test/integration/session-cost);
 * `texts`, when a test sets it to an array, receives each statement's text.
 */
export interface StatementLog {
  count: number;
  texts: string[] | null;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  prepared: PreparedQuery;
  statements: StatementLog;
  /**
   * SQLite only: copies the database, while it is in use, to `destination` (SQLite's online backup).
   * A file's copy fails after `timeoutMs` (by default backupTimeoutMs of its size, ./backup-worker.ts),
   * or when `signal` aborts or the database closes, and then leaves no file behind.
   */
  backup?: (destination: string, o?: { timeoutMs?: number; signal?: AbortSignal }) => Promise<void>;
  /** SQLite with a file only: the worker that checkpoints its WAL (./checkpointer.ts). */
  checkpointer?: Checkpointer;
  destroy(): Promise<void>;
}

/**
 * How long a request waits for a PostgreSQL connection (a free one from the pool, or a new one)
 * before it fails. Without it a request made while the database host drops packets waits for the
 * kernel's TCP timeout (minutes); with it, it gets its 503 (see ./unavailable.ts) in bounded time.
 * A load that keeps all pooled connections busy that long answers 503 too, rather than queueing on.
 */
export const POSTGRES_CONNECT_TIMEOUT_MS = 5000;

/** How often SQLite's WAL is checkpointed off the event loop (./checkpointer.ts). */
export const CHECKPOINT_INTERVAL_MS = 3000;

/** While the WAL grows fast, the worker's passes come sooner, but never within this (./checkpointer.ts). */
export const CHECKPOINT_MIN_INTERVAL_MS = 500;

export class DatabaseError extends Error {
  override name = 'DatabaseError';
}

/** A statement's rows, each an object or (`arrays`) an array of its columns (PreparedQuery). */
function rowsOf<R>(stmt: SQLite.Statement, params: readonly unknown[], arrays: boolean): R[] {
  if (!arrays) return stmt.all(params as unknown[]) as R[];
  // The mode is the statement's own, and the cache shares it with every caller of its text.
  stmt.raw(true);
  try {
    return stmt.all(params as unknown[]) as R[];
  } finally {
    stmt.raw(false);
  }
}

/**
 * The names of a statement's columns, in their order, for rows read as arrays; refused when two
 * columns share a name (an object row keeps only one of them).
 */
function columnNames(sqlite: SQLite.Database, text: string): string[] {
  const stmt = sqlite.prepare(text);
  const names = stmt.reader ? stmt.columns().map((c) => c.name) : [];
  const twice = names.filter((name, i) => names.indexOf(name) !== i);
  if (twice.length > 0)
    throw new Error(
      `rows read as arrays need each column named apart; "${twice[0]}" names two columns of: ${text}`,
    );
  return names;
}

/**
 * Kysely's SQLite driver prepares every statement anew; preparing cost about as much as running
 * the query on the CWMP hot path (a CPU profile of bench/session-throughput). Statements are
 * reusable in better-sqlite3, so they are cached by SQL text (bounded, oldest dropped first).
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  max = 500,
  log?: StatementLog,
  group?: GroupCommit,
) {
  const cache = new Map<string, SQLite.Statement>();
  function prepare(sql: string): SQLite.Statement {
    if (log) {
      log.count++;
      log.texts?.push(sql);
    }
    let stmt = cache.get(sql);
    if (!stmt) {
      stmt = sqlite.prepare(sql);
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
      cache.set(sql, stmt);
    }
    return stmt;
  }
  return {
    // Kysely prepares each statement it runs (begin and commit too): this counts them. Its
    // statements run outside a group commit (the group commits first): theirs are answered as run.
    prepare(sql: string): SQLite.Statement {
      group?.commit();
      return prepare(sql);
    },
    /** The same, for a statement that may join a group commit (openDatabase's `prepared`). */
    prepareInGroup: prepare,
    close(): void {
      group?.commit();
      cache.clear();
      sqlite.close();
    },
  };
}

/**
 * SQLite's group commit. The writes of the hot statements (`prepared`: the Informs', the jobs'
 * steps, the device's facts) that run in one turn of the event loop go in one transaction,
 * committed at the turn's end (setImmediate), and each write is answered once it is committed: a
 * commit costs more than the writes it carries (the WAL frames of every page it changed, written and
 * checksummed, and the file locks), and the pages that several writes of a turn change (a table's
 * and its indexes' hot pages) are written once. A read in that turn sees the writes before them;
 * they commit together, or (an I/O error) fail together, every write of the group answered with
 * the error. Kysely's own statements, a checkpoint, a backup and the close commit the group first.
 * A 10,000-router wave took 15.2 to 18.0 s with it, 18.6 to 22.3 s without (bench/provisioning-wave,
 * alternating runs).
 */
export interface GroupCommit {
  /** Runs `run` (a write) in the open group, or opens one; answers its result once committed. */
  write<R>(run: () => R): Promise<R>;
  /** Commits the open group now, if there is one. */
  commit(): void;
  /** Whether a group is open. */
  readonly open: boolean;
  /**
   * Runs `run` with no group open meanwhile: writes commit one by one (an in-memory database's
   * backup: its steps, run in later turns, fail as busy while a write transaction is open).
   */
  without<R>(run: () => Promise<R>): Promise<R>;
}

export function createGroupCommit(sqlite: SQLite.Database): GroupCommit {
  // Prepared once: `exec` compiles its text again on every call, a group's BEGIN and COMMIT included
  // (about 0.5% of the server's CPU in the mix, bench/README.md).
  const begin = sqlite.prepare('BEGIN');
  const commitGroup = sqlite.prepare('COMMIT');
  let waiting: { resolve: () => void; reject: (err: unknown) => void }[] | null = null;
  let held = 0;
  /** The group's transaction is gone (SQLite rolled it back whole, as on a full disk): none is saved. */
  function lost(err: unknown): void {
    const group = waiting ?? [];
    waiting = null;
    for (const w of group) w.reject(err);
  }
  function commit(): void {
    const group = waiting;
    if (!group) return;
    if (!sqlite.inTransaction) {
      lost(new Error('SQLite rolled back the transaction of these writes'));
      return;
    }
    waiting = null;
    try {
      commitGroup.run();
    } catch (err) {
      try {
        if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      } catch {
        // Rolled back already (SQLite rolls back on some errors itself).
      }
      for (const w of group) w.reject(err);
      return;
    }
    for (const w of group) w.resolve();
  }
  return {
    write<R>(run: () => R): Promise<R> {
      if (held > 0) return Promise.resolve(run());
      if (!waiting) {
        begin.run();
        waiting = [];
        setImmediate(commit);
      }
      const group = waiting;
      let result: R;
      try {
        result = run();
      } catch (err) {
        // A write that fails is undone alone (SQLite rolls back the statement), unless SQLite rolled
        // back the whole transaction (a full disk, an I/O error, OR ROLLBACK): then the group's
        // earlier writes are lost too, and fail with it.
        if (!sqlite.inTransaction) lost(err);
        throw err;
      }
      return new Promise<R>((resolve, reject) => group.push({ resolve: () => resolve(result), reject }));
    },
    commit,
    get open() {
      return waiting !== null;
    },
    async without<R>(run: () => Promise<R>): Promise<R> {
      commit();
      held++;
      try {
        return await run();
      } finally {
        held--;
      }
    },
  };
}

/**
 * The WAL's size, in pages, at which a commit on the event loop checkpoints it (the backstop). The
 * worker's passes come before a quarter of it (CHECKPOINT_DUE_FRAMES); at 40,000 a burst of writes
 * between two passes still reached it (bench/README.md, "Stalls every 3 s while routers register").
 */
export const AUTO_CHECKPOINT_PAGES = 80_000;

/** The WAL's size, in frames, at which the worker's next pass is due before its interval. */
export const CHECKPOINT_DUE_FRAMES = AUTO_CHECKPOINT_PAGES / 4;

/**
 * The event loop's checkpoints while backups copy in a worker thread (./backup-worker.ts). A copy is
 * one read transaction, so no checkpoint can copy past it and the WAL grows meanwhile; past
 * AUTO_CHECKPOINT_PAGES every commit on the event loop would try one, and a checkpoint syncs the
 * files, on the event loop, while the copy fills the disk's queue. So while any copy runs (`during`),
 * the automatic checkpoint is set to 0 pages and the end of the worker's passes is left out
 * (`passEnded` answers false); the worker's own passes go on, off the loop. When the last copy ends,
 * the automatic checkpoint comes back only after the worker's next pass has copied what was written
 * meanwhile (else the first commit after the copy would copy all of it, on the event loop), or
 * after `fallbackMs` if no pass comes (a worker that died). Without a worker, at once.
 */
export function createLoopCheckpoints(sqlite: SQLite.Database, o: { worker: boolean; fallbackMs: number }) {
  let copies = 0;
  let waiting = false;
  const setAuto = (pages: number) => {
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${pages}`);
  };
  function resume(): void {
    waiting = false;
    setAuto(AUTO_CHECKPOINT_PAGES);
  }
  return {
    async during<R>(run: () => Promise<R>): Promise<R> {
      if (copies === 0 && !waiting) setAuto(0);
      copies++;
      try {
        return await run();
      } finally {
        if (--copies === 0) {
          if (!o.worker) resume();
          else {
            waiting = true;
            setTimeout(() => {
              if (waiting && copies === 0) resume();
            }, o.fallbackMs).unref();
          }
        }
      }
    },
    /** A worker's pass ended: whether the event loop may finish it now (no copy running). */
    passEnded(): boolean {
      if (copies > 0) return false;
      if (waiting) resume();
      return true;
    },
  };
}

/**
 * Opens the database. `onIdleError` hears about connections that fail while idle (a PostgreSQL
 * restart, an administrator's kill): the pool drops them and opens new ones; without a listener
 * such an error would end the process.
 */
export function openDatabase(
  config: DatabaseConfig,
  o: {
    /** Hears about connections that fail while idle (see above). */
    onIdleError?: (err: Error) => void;
    /** Hears about a failed checkpoint of SQLite's WAL (./checkpointer.ts); it is tried again. */
    onCheckpointError?: (err: Error) => void;
    /**
     * How often the worker checkpoints SQLite's WAL (CHECKPOINT_INTERVAL_MS); 0: no worker, SQLite
     * checkpoints on its own at 80,000 pages (a short-lived process, such as the user command).
     */
    checkpointIntervalMs?: number;
  } = {},
): DatabaseHandle {
  const onIdleError = o.onIdleError ?? (() => undefined);
  if (config.kind === 'sqlite') {
    if (config.path !== ':memory:') mkdirSync(dirname(config.path), { recursive: true });
    let sqlite: SQLite.Database;
    try {
      sqlite = new SQLite(config.path);
    } catch (err) {
      throw new DatabaseError(`Cannot open the SQLite database at ${config.path}: ${(err as Error).message}`);
    }
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Let the WAL grow to many pages before a checkpoint rather than to 1,000, and keep 32 MB of
    // pages in memory rather than 2: a page that many statements rewrite (the jobs' indexes, the
    // devices table's hot rows) is copied back into the database once per checkpoint, not once per
    // 4 MB of WAL (20,000 pages: bench/provisioning-wave 39.8 s → 35.4 to 36.6 s for 10,000 routers,
    // bench/README.md, issue 24). With a file, a worker checkpoints every 3 seconds (sooner while the
    // WAL grows fast), off the event loop (./checkpointer.ts); this checkpoint at 80,000 pages (320 MB)
    // is the backstop.
    sqlite.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
    // The WAL file is not cut when it starts over; past the backstop's size (only after a long backup
    // held the checkpoints back, or a worker that died) it is cut back to it when it starts over.
    const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
    sqlite.pragma(`journal_size_limit = ${AUTO_CHECKPOINT_PAGES * pageSize}`);
    sqlite.pragma('cache_size = -32768');
    const statements: StatementLog = { count: 0, texts: null };
    const group = createGroupCommit(sqlite);
    const cached = withStatementCache(sqlite, 500, statements, group);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cached }) });
    const viaKysely = async <R>(text: string, params: readonly unknown[]) =>
      (await db.executeQuery<R>(CompiledQuery.raw(text, [...params]))).rows;
    // The hot statements (each Inform's read and write, the jobs' steps) go straight to better-sqlite3,
    // without Kysely's connection mutex and its promises: a statement runs synchronously, so nothing
    // else runs between its start and its end. Only while a transaction holds the connection do they
    // queue behind it, as Kysely's own statements do: run now, they would join that transaction.
    // Their writes go in the turn's group commit (createGroupCommit).
    const run = <R>(text: string, params: readonly unknown[], arrays: boolean): Promise<R[]> => {
      if ((sqlite.inTransaction && !group.open) || !sqlite.open) {
        if (!arrays) return viaKysely<R>(text, params);
        // Kysely answers objects: each is made back into the statement's columns, in their order.
        return viaKysely<Record<string, unknown>>(text, params).then((rows) => {
          const names = columnNames(sqlite, text);
          return rows.map((row) => names.map((name) => row[name])) as R[];
        });
      }
      try {
        const stmt = cached.prepareInGroup(text);
        if (stmt.readonly) return Promise.resolve(rowsOf<R>(stmt, params, arrays));
        return group.write(() => {
          if (stmt.reader) return rowsOf<R>(stmt, params, arrays);
          stmt.run(params as unknown[]);
          return [];
        });
      } catch (err) {
        return Promise.reject(err as Error);
      }
    };
    const prepared: PreparedQuery = Object.assign(
      <R>(text: string, params: readonly unknown[]) => run<R>(text, params, false),
      { arrays: (text: string, params: readonly unknown[]) => run<unknown[]>(text, params, true) },
    );
    const intervalMs = o.checkpointIntervalMs ?? CHECKPOINT_INTERVAL_MS;
    const onCheckpointError = o.onCheckpointError ?? (() => undefined);
    const withWorker = config.path !== ':memory:' && intervalMs > 0;
    const loopCheckpoints = createLoopCheckpoints(sqlite, { worker: withWorker, fallbackMs: 3 * intervalMs });
    const checkpointer = !withWorker
      ? undefined
      : startCheckpointer(config.path, {
          intervalMs,
          dueFrames: CHECKPOINT_DUE_FRAMES,
          minIntervalMs: CHECKPOINT_MIN_INTERVAL_MS,
          onError: onCheckpointError,
          // The rest of the worker's pass, here, so that the next commit rewinds the WAL
          // (./checkpointer.ts): only what was written while the worker copied is left to copy.
          onPass: (pass) => {
            if (!loopCheckpoints.passEnded()) return;
            group.commit();
            finishPass(sqlite, pass, onCheckpointError);
          },
        });
    // Aborted when the database closes: the copies running stop, and none starts after. `copies` is
    // each running copy's end, failed or not, which the close waits for.
    const closing = new AbortController();
    const copies = new Set<Promise<unknown>>();
    return {
      db,
      dialect: 'sqlite',
      prepared,
      statements,
      // A file's copy is made in a worker thread (./backup-worker.ts), after the open group commits.
      backup: async (destination, b = {}) => {
        if (closing.signal.aborted)
          throw new BackupStopped('SQLite backup not started: the database is closing');
        if (config.path === ':memory:') return void (await group.without(() => sqlite.backup(destination)));
        group.commit();
        const signal = b.signal ? AbortSignal.any([b.signal, closing.signal]) : closing.signal;
        const copied = loopCheckpoints.during(() =>
          backupInWorker(config.path, destination, {
            ...(b.timeoutMs ? { timeoutMs: b.timeoutMs } : {}),
            signal,
          }),
        );
        const ended = copied.catch(() => undefined);
        copies.add(ended);
        try {
          await copied;
        } finally {
          copies.delete(ended);
        }
      },
      ...(checkpointer ? { checkpointer } : {}),
      destroy: async () => {
        closing.abort(new Error('the database is closing'));
        await Promise.all(copies);
        await checkpointer?.stop();
        await db.destroy();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
  });
  pool.on('error', onIdleError);
  const statements: StatementLog = { count: 0, texts: null };
  // Every query of the pool and of Kysely goes through a client's query(): one round trip each.
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      statements.count++;
      const first = args[0] as string | { text?: string; name?: string };
      statements.texts?.push(typeof first === 'string' ? first : (first.text ?? first.name ?? ''));
      return query(...args);
    };
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const named = new Map<string, { name: string; text: string }>();
  const statementOf = (text: string) => {
    let statement = named.get(text);
    if (!statement) {
      statement = { name: `provisor_${named.size + 1}`, text: numberedPlaceholders(text) };
      named.set(text, statement);
    }
    return statement;
  };
  const prepared: PreparedQuery = Object.assign(
    async <R>(text: string, params: readonly unknown[]) =>
      (await pool.query({ ...statementOf(text), values: [...params] })).rows as R[],
    {
      arrays: async (text: string, params: readonly unknown[]) =>
        (await pool.query<unknown[]>({ ...statementOf(text), values: [...params], rowMode: 'array' })).rows,
    },
  );
  return { db, dialect: 'postgres', prepared, statements, destroy: () => db.destroy() };
}

/** Brings the schema up to date; fails with the name of the migration that broke. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseError(
      `Database migration ${failed ? `"${failed.migrationName}" ` : ''}failed: ${reason}. ` +
        'Check DATABASE_URL and that the database is reachable and writable.',
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** A cheap round trip, used at start-up to fail early with a clear message. */
export async function checkConnection(handle: DatabaseHandle): Promise<void> {
  try {
    await sql`select 1`.execute(handle.db);
  } catch (err) {
    throw new DatabaseError(
      `Cannot reach the ${handle.dialect} database: ${(err as Error).message}. Check DATABASE_URL.`,
    );
  }
}
