// A fresh PostgreSQL database per suite, from PROVISOR_TEST_POSTGRES_URL (.ci/run starts a
// throwaway server and sets it). Without it the suite is skipped by name; in CI it fails.
import { createDatabase } from '../../../test-support/postgres';
import { describe, it } from 'vitest';

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
