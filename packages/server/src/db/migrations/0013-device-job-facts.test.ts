// Migration 0013 on SQLite and on PostgreSQL: a database with devices and jobs from before it gets
// each device's job facts from its jobs, and keeps the status every device showed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../../config';
import { createTestDatabase, describeWithPostgres, postgresUrl } from '../../../test/postgres';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../database';
import type { DeviceStatus } from '../tables/devices';
import type { JobStatus } from '../tables/jobs';
import { migrations } from './index';

function backfillSuite(setup: () => Promise<{ config: DatabaseConfig; teardown: () => Promise<void> }>) {
  let handle: DatabaseHandle;
  let teardown: () => Promise<void>;
  beforeAll(async () => {
    const s = await setup();
    teardown = s.teardown;
    handle = openDatabase(s.config);
  });
  afterAll(async () => {
    await handle?.destroy();
    await teardown?.();
  });

  it('fills the job facts from the jobs table, and the last failure from the status shown', async () => {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    const before = await migrator.migrateTo('0012-login-throttle');
    expect(before.error).toBeUndefined();
    const now = new Date().toISOString();
    const device = async (serial: string, status: DeviceStatus, jobs: [JobStatus, string | null][]) => {
      await handle.db
        .insertInto('devices')
        .values({
          id: serial,
          oui: '00259E',
          product_class: 'EG8145V5',
          serial_number: serial,
          status,
          last_inform_at: now,
          assigned_profile_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      for (const [i, [status, finished]] of jobs.entries()) {
        await handle.db
          .insertInto('jobs')
          .values({
            id: `${serial}-${i}`,
            device_id: serial,
            type: 'reboot',
            params: '{}',
            status,
            error: null,
            fault_code: null,
            result: null,
            state: null,
            command_key: null,
            created_at: now,
            started_at: null,
            finished_at: finished,
            expires_at: now,
            updated_at: now,
          })
          .execute();
      }
    };
    await device('WAITS', 'online', [['pending', null]]);
    await device('RUNS', 'provisioning', [
      ['failed', '2024-01-01T00:00:00.000Z'],
      ['running', null],
      ['pending', null],
    ]);
    await device('FAILED', 'error', [['failed', '2024-01-01T00:00:00.000Z']]);
    // Its last job failed, but it went offline and came back since: it shows online, and stays so.
    await device('BACK', 'online', [['failed', '2024-01-01T00:00:00.000Z']]);
    await device('DONE', 'offline', [['completed', '2024-01-01T00:00:00.000Z']]);
    await device('NONE', 'online', []);

    expect(await migrateToLatest(handle.db)).toContain('0013-device-job-facts');
    const rows = await handle.db
      .selectFrom('devices')
      .select(['id', 'status', 'jobs_waiting', 'jobs_running', 'last_job_failed'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.id, r.status, r.jobs_waiting, r.jobs_running, r.last_job_failed])).toEqual([
      ['BACK', 'online', 0, 0, 0],
      ['DONE', 'offline', 0, 0, 0],
      ['FAILED', 'error', 0, 0, 1],
      ['NONE', 'online', 0, 0, 0],
      ['RUNS', 'provisioning', 1, 1, 0],
      ['WAITS', 'online', 1, 0, 0],
    ]);
  });
}

describe('migration 0013 on SQLite', () => {
  backfillSuite(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'provisor-0013-'));
    return {
      config: { kind: 'sqlite', path: join(dir, 'test.db') },
      teardown: async () => rmSync(dir, { recursive: true, force: true }),
    };
  });
});

describeWithPostgres('migration 0013 on PostgreSQL', () => {
  if (!postgresUrl) return;
  backfillSuite(async () => {
    const db = await createTestDatabase();
    return { config: { kind: 'postgres', url: db.url }, teardown: db.drop };
  });
});
