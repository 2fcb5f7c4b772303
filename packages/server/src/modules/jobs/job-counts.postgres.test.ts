// Migration 0025 on PostgreSQL: the job counts by status, kept by triggers (statement-level for inserts
// and deletes, a row trigger for status changes), stay exact, and count the jobs that were there before.
import { Migrator } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobCountsStayExact } from '../../../test/job-counts-scenario';
import { createTestDatabase, describeWithPostgres } from '../../../test/postgres';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../db/database';
import { migrations } from '../../db/migrations/index';
import { createJobsRepository } from './repository';

describeWithPostgres('job counts (PostgreSQL)', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    handle = openDatabase({ kind: 'postgres', url: db.url });
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle?.destroy();
    await drop?.();
  });

  it('stay exact through inserts, status changes and deletes', async () => {
    await jobCountsStayExact(handle.db, 'postgres');
  });

  it('count the jobs that were there before the migration', async () => {
    const other = await createTestDatabase();
    const h = openDatabase({ kind: 'postgres', url: other.url });
    try {
      const migrator = new Migrator({ db: h.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0023-device-counts')).error).toBeUndefined();
      const now = '2026-01-01T00:00:00.000Z';
      await h.db
        .insertInto('devices')
        .values({
          id: 'd1',
          oui: '00259E',
          product_class: 'P',
          serial_number: 'S1',
          last_inform_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await h.db
        .insertInto('jobs')
        .values(
          (['pending', 'pending', 'failed'] as const).map((status, i) => ({
            id: `before-${i}`,
            device_id: 'd1',
            type: 'reboot' as const,
            params: '{}',
            status,
            created_at: now,
            expires_at: now,
            updated_at: now,
          })),
        )
        .execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await createJobsRepository(h.db, 'postgres').countByStatus()).toEqual({
        pending: 2,
        running: 0,
        completed: 0,
        failed: 1,
        cancelled: 0,
      });
    } finally {
      await h.destroy();
      await other.drop();
    }
  });
});
