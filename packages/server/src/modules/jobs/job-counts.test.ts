// The job counts by status stay exact on SQLite (counted from the index of migration 0025); the same
// scenario on PostgreSQL is job-counts.postgres.test.ts, where triggers keep them.
import { afterAll, beforeAll, it } from 'vitest';
import { jobCountsStayExact } from '../../../test/job-counts-scenario';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../db/database';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = openDatabase({ kind: 'sqlite', path: ':memory:' });
  await migrateToLatest(handle.db);
});
afterAll(() => handle.destroy());

it('job counts by status stay exact through inserts, status changes and deletes (SQLite)', async () => {
  await jobCountsStayExact(handle.db, 'sqlite');
});
