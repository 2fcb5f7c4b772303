// The outage classifier on real driver errors where they are cheap to cause (SQLite locks and
// files, a refused TCP connection), and on the SQLSTATEs and messages pg gives when it cannot.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

const dir = mkdtempSync(join(tmpdir(), 'provisor-unavailable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected an error');
}

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises SQLite still locked after its busy timeout, and a file it cannot open', () => {
    const path = join(dir, 'busy.db');
    const holder = new SQLite(path);
    holder.exec('CREATE TABLE t (x)');
    holder.exec('BEGIN EXCLUSIVE');
    const waiter = new SQLite(path, { timeout: 0 });
    const busy = thrown(() => waiter.exec('INSERT INTO t VALUES (1)'));
    expect((busy as { code: string }).code).toBe('SQLITE_BUSY');
    expect(isDatabaseUnavailable(busy)).toBe(true);
    holder.exec('ROLLBACK');
    waiter.close();
    holder.close();

    // A directory where the database file should be: SQLite cannot open it (when it opens or when
    // it first reads, depending on what the directory holds).
    const cantOpen = thrown(() => {
      const misplaced = new SQLite(dir);
      try {
        misplaced.exec('CREATE TABLE t (x)');
      } finally {
        misplaced.close();
      }
    });
    expect((cantOpen as { code: string }).code).toBe('SQLITE_CANTOPEN');
    expect(isDatabaseUnavailable(cantOpen)).toBe(true);
  });

  it('recognises SQLite I/O errors and a full disk by their extended codes', () => {
    expect(isDatabaseUnavailable(withCode('SQLITE_IOERR_WRITE'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('SQLITE_FULL'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('SQLITE_LOCKED_SHAREDCACHE'))).toBe(true);
  });

  it('leaves SQLite errors of the request itself alone', () => {
    const db = new SQLite(':memory:');
    db.exec('CREATE TABLE u (x UNIQUE)');
    db.exec('INSERT INTO u VALUES (1)');
    const constraint = thrown(() => db.exec('INSERT INTO u VALUES (1)'));
    db.close();
    expect((constraint as { code: string }).code).toBe('SQLITE_CONSTRAINT_UNIQUE');
    expect(isDatabaseUnavailable(constraint)).toBe(false);
    expect(isDatabaseUnavailable(withCode('SQLITE_BUSYNESS'))).toBe(false);
  });

  it('recognises a refused PostgreSQL connection from a real pg pool', async () => {
    // A port that was just free: nothing listens there once the server is closed.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'x', database: 'x' });
    const err = await pool.query('select 1').catch((e: unknown) => e);
    await pool.end();
    expect((err as { code: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('recognises a connection cut under a query and the pool timing out', async () => {
    // A server that accepts and hangs up at once: pg sees its connection end during the handshake.
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'x', database: 'x' });
    const cut = await pool.query('select 1').catch((e: unknown) => e);
    await pool.end();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect((cut as Error).message).toMatch(/^Connection terminated/);
    expect(isDatabaseUnavailable(cut)).toBe(true);

    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
  });

  it('recognises PostgreSQL shutting down, starting up, full, and connection exceptions by SQLSTATE', () => {
    for (const state of ['57P01', '57P02', '57P03', '53300', '08000', '08003', '08006', '08P01']) {
      expect(isDatabaseUnavailable(withCode(state)), state).toBe(true);
    }
  });

  it('leaves other errors alone: constraint violations, syntax, timeouts of a statement, non-errors', () => {
    for (const state of ['23505', '42601', '57014', '40001', 'FST_ERR_VALIDATION', 'ENOENT']) {
      expect(isDatabaseUnavailable(withCode(state)), state).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable({ code: 'ECONNREFUSED', message: 'not an Error' })).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
