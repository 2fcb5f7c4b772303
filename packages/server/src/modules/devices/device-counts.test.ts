// The status counts the dashboard and the device list's totals read, on SQLite: kept by the triggers of
// migration 0028 (PostgreSQL's, 0023: device-counts.postgres.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countsStayExact } from '../../../test/device-counts-scenario';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../db/database';
import { migrations } from '../../db/migrations/index';
import { createDevicesRepository } from './repository';

describe('device status counts (SQLite)', () => {
  let dir: string;
  let handle: DatabaseHandle;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'provisor-counts-'));
    handle = openDatabase({ kind: 'sqlite', path: join(dir, 'provisor.db') });
  });
  afterEach(async () => {
    await handle.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stay exact through inserts, status changes and deletes', async () => {
    await migrateToLatest(handle.db);
    await countsStayExact(handle.db, 'sqlite');
  });

  it('count the devices that were there before the migration', async () => {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0027-unused-indexes')).error).toBeUndefined();
    const now = '2026-01-01T00:00:00.000Z';
    await handle.db
      .insertInto('devices')
      .values(
        (['online', 'online', 'error'] as const).map((status, i) => ({
          id: `before-${i}`,
          oui: '00259E',
          product_class: 'EG8145V5',
          serial_number: `B${i}`,
          status,
          last_inform_at: now,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await migrateToLatest(handle.db);
    expect(await createDevicesRepository(handle.db, 'sqlite').countByStatus()).toEqual({
      online: 2,
      offline: 0,
      provisioning: 0,
      error: 1,
    });
  });
});
