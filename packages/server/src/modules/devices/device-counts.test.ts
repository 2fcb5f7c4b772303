// The status counts the dashboard and the device list's totals read, on SQLite: kept by the triggers of
// migration 0028 (PostgreSQL's, 0023: device-counts.postgres.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { countsIncludeDevicesBefore, countsStayExact } from '../../../test/device-counts-scenario';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../db/database';

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
    await countsIncludeDevicesBefore(handle.db, 'sqlite', '0027-unused-indexes');
  });
});
