// A fresh PostgreSQL database per suite, from PROVISOR_TEST_POSTGRES_URL (.ci/run starts a
// throwaway server and sets it). Without it the suite is skipped by name; in CI it fails.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createDatabase } from '../../../test-support/postgres';
import type { DatabaseConfig } from '../src/config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/database';

export const postgresUrl = process.env.PROVISOR_TEST_POSTGRES_URL;

export function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  return createDatabase(postgresUrl!, 'provisor_test');
}

/** `describe` for suites that need PostgreSQL. */
export function describeWithPostgres(name: string, fn: () => void): void {
  if (postgresUrl) describe(name, fn);
  else if (process.env.CI === 'true') {
    describe(name, () => {
      it('needs PROVISOR_TEST_POSTGRES_URL, which CI must set', () => {
        throw new Error('PROVISOR_TEST_POSTGRES_URL is not set; .ci/run starts PostgreSQL and sets it');
      });
    });
  } else describe.skip(`${name} [skipped: set PROVISOR_TEST_POSTGRES_URL to run]`, fn);
}

/**
 * The same suite on a migrated SQLite database in memory and on a fresh PostgreSQL database (when
 * there is one): `fn` gets the open handle through `handle()` once the suite has started.
 */
export function describeOnBothDatabases(name: string, fn: (handle: () => DatabaseHandle) => void): void {
  const suite = (config: () => Promise<{ config: DatabaseConfig; drop?: () => Promise<void> }>) => () => {
    let opened: DatabaseHandle | undefined;
    let drop: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      const c = await config();
      drop = c.drop;
      opened = openDatabase(c.config);
      await migrateToLatest(opened.db);
    });
    afterAll(async () => {
      await opened?.destroy();
      await drop?.();
    });
    fn(() => opened!);
  };
  describe(
    `${name} (SQLite)`,
    suite(async () => ({ config: { kind: 'sqlite', path: ':memory:' } })),
  );
  describeWithPostgres(
    `${name} (PostgreSQL)`,
    suite(async () => {
      const db = await createTestDatabase();
      return { config: { kind: 'postgres', url: db.url }, drop: db.drop };
    }),
  );
}
