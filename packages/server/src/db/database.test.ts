// The migration set and a repository round trip, on SQLite and on PostgreSQL.
// PostgreSQL comes from PROVISOR_TEST_POSTGRES_URL (.ci/run starts a throwaway server); each run
// works in a database of its own, dropped afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../config';
import { hashPassword, verifyPassword } from '../modules/users/passwords';
import { createUsersRepository } from '../modules/users/repository';
import { checkConnection, migrateToLatest, openDatabase, type DatabaseHandle } from './database';
import { migrations } from './migrations/index';
import { createTestDatabase, describeWithPostgres, postgresUrl } from '../../test/postgres';

function dialectSuite(
  name: string,
  setup: () => Promise<{ config: DatabaseConfig; teardown: () => Promise<void> }>,
) {
  describe(name, () => {
    let handle: DatabaseHandle;
    let teardown: () => Promise<void>;
    beforeAll(async () => {
      const s = await setup();
      teardown = s.teardown;
      handle = openDatabase(s.config);
      await checkConnection(handle);
    });
    afterAll(async () => {
      await handle?.destroy();
      await teardown?.();
    });

    it('applies every migration once, then none', async () => {
      expect(await migrateToLatest(handle.db)).toEqual(Object.keys(migrations));
      expect(await migrateToLatest(handle.db)).toEqual([]);
    });

    it('round-trips a user through the repository', async () => {
      const repo = createUsersRepository(handle.db);
      expect(await repo.count()).toBe(0);
      const created = await repo.create('operator', await hashPassword('s3cret-pass'));
      expect(await repo.count()).toBe(1);
      const found = await repo.findByUsername('operator');
      expect(found).toEqual(created);
      expect(await verifyPassword('s3cret-pass', found!.password_hash)).toBe(true);
      await repo.updatePasswordHash(created.id, await hashPassword('another-pass'));
      const updated = await repo.findById(created.id);
      expect(await verifyPassword('another-pass', updated!.password_hash)).toBe(true);
      expect(updated!.updated_at >= created.updated_at).toBe(true);
    });

    it('runs prepared statements with ? placeholders, again and again, each text its own', async () => {
      const sum = 'select cast(? as integer) + cast(? as integer) as n';
      const text = "select cast(? as varchar(10)) || '!' as s";
      for (let i = 0; i < 3; i++) {
        expect((await handle.prepared<{ n: number | string }>(sum, [i, 40])).map((r) => Number(r.n))).toEqual(
          [i + 40],
        );
        expect(await handle.prepared<{ s: string }>(text, [`x${i}`])).toEqual([{ s: `x${i}!` }]);
      }
      await expect(handle.prepared('select * from no_such_table where a = ?', [1])).rejects.toThrow(
        /no_such_table/,
      );
    });

    it("answers a prepared statement's rows as arrays of its columns, in its order, when asked", async () => {
      const text = "select cast(? as varchar(10)) || '!' as s, cast(? as integer) + 1 as n, null as z";
      expect(await handle.prepared.arrays(text, ['a', 1])).toEqual([['a!', 2, null]]);
      // The same text, the statement the cache shares, as objects again.
      expect(await handle.prepared<{ s: string }>(text, ['b', 2])).toEqual([{ s: 'b!', n: 3, z: null }]);
      expect(await handle.prepared.arrays(text, ['c', 3])).toEqual([['c!', 4, null]]);
      // A write that answers rows (on SQLite it runs in the turn's group commit).
      await sql`create table if not exists arrays_probe (v integer, w varchar(10))`.execute(handle.db);
      const insert = 'insert into arrays_probe (v, w) values (?, ?) returning w, v';
      const written = await Promise.all([
        handle.prepared.arrays(insert, [1, 'one']),
        handle.prepared.arrays(insert, [2, 'two']),
      ]);
      expect(written).toEqual([[['one', 1]], [['two', 2]]]);
      expect(await handle.prepared(insert, [3, 'three'])).toEqual([{ w: 'three', v: 3 }]);
      await expect(handle.prepared.arrays('select * from no_such_table where a = ?', [1])).rejects.toThrow(
        /no_such_table/,
      );
      // A statement that fails as it runs leaves its text's shared statement answering objects.
      await sql`create table if not exists arrays_checked (v integer check (v > 0))`.execute(handle.db);
      const checked = 'insert into arrays_checked (v) values (?) returning v';
      await expect(handle.prepared.arrays(checked, [-1])).rejects.toThrow(/check/i);
      expect(await handle.prepared(checked, [5])).toEqual([{ v: 5 }]);
    });

    it('keeps a prepared write out of a transaction that is open meanwhile: it waits, and survives its rollback', async () => {
      await sql`create table if not exists prepared_probe (v integer)`.execute(handle.db);
      let written: Promise<unknown> | undefined;
      let read: Promise<unknown[][]> | undefined;
      await expect(
        handle.db.transaction().execute(async (trx) => {
          await sql`insert into prepared_probe (v) values (1)`.execute(trx);
          written = handle.prepared('insert into prepared_probe (v) values (?)', [2]);
          // Rows as arrays keep the statement's order of columns, names that look like numbers too.
          read = handle.prepared.arrays('select cast(? as integer) as b, 2 as "1", 3 as a', [1]);
          await new Promise((r) => setTimeout(r, 20));
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await written;
      expect((await read)?.map((row) => row.map(Number))).toEqual([[1, 2, 3]]);
      const rows = await handle.prepared<{ v: number }>('select v from prepared_probe order by v', []);
      expect(rows.map((r) => Number(r.v))).toEqual([2]);
      // Outside a transaction it runs at once, as one statement of its own.
      await handle.prepared('insert into prepared_probe (v) values (?)', [3]);
      const count = await handle.prepared<{ n: number | string }>(
        'select count(*) as n from prepared_probe',
        [],
      );
      expect(Number(count[0]!.n)).toBe(2);
    });

    it('enforces unique usernames', async () => {
      const repo = createUsersRepository(handle.db);
      await expect(repo.create('operator', 'x')).rejects.toThrow();
    });
  });
}

dialectSuite('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'provisor-db-'));
  return {
    config: { kind: 'sqlite', path: join(dir, 'test.db') },
    teardown: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describeWithPostgres('PostgreSQL', () => {
  if (!postgresUrl) return;
  dialectSuite('migrations and repository', async () => {
    const db = await createTestDatabase();
    return { config: { kind: 'postgres', url: db.url }, teardown: db.drop };
  });
});

describe('SQLite settings', () => {
  it('journals to a WAL the event loop checkpoints at 80,000 pages and cuts back to that size, with a page cache of 32 MB', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'provisor-pragmas-'));
    const handle = openDatabase({ kind: 'sqlite', path: join(dir, 'provisor.db') });
    try {
      const value = async (pragma: string) =>
        Object.values((await sql.raw(`pragma ${pragma}`).execute(handle.db)).rows[0] as object)[0];
      expect(await value('journal_mode')).toBe('wal');
      expect(await value('wal_autocheckpoint')).toBe(80000);
      expect(await value('cache_size')).toBe(-32768);
      // Cut back to the backstop's size (80,000 pages of 4,096 bytes) when it starts over.
      expect(await value('journal_size_limit')).toBe(80000 * 4096);
    } finally {
      await handle.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses rows as arrays whose columns share a name, once a transaction held the connection', async () => {
    // Behind Kysely's transaction, the rows come back through Kysely as objects, which keep only one
    // column of a name: made back into arrays, they would lose the other.
    const handle = openDatabase({ kind: 'sqlite', path: ':memory:' });
    try {
      const twice = 'select cast(? as integer) as a, 2 as a';
      expect(await handle.prepared.arrays(twice, [1])).toEqual([[1, 2]]);
      let read: Promise<unknown[][]> | undefined;
      await handle.db.transaction().execute(async () => {
        read = handle.prepared.arrays(twice, [1]);
        await new Promise((r) => setTimeout(r, 5));
      });
      await expect(read).rejects.toThrow('"a" names two columns');
    } finally {
      await handle.destroy();
    }
  });
});
