// Migration 0023 on PostgreSQL: the status counts stay exact (statement-level triggers for inserts and
// deletes, a row trigger for status changes), as on SQLite (device-counts.test.ts).
import { afterAll, beforeAll, it } from 'vitest';
import { countsIncludeDevicesBefore, countsStayExact } from '../../../test/device-counts-scenario';
import { createTestDatabase, describeWithPostgres } from '../../../test/postgres';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../db/database';

describeWithPostgres('device status counts (PostgreSQL)', () => {
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
    await countsStayExact(handle.db, 'postgres');
  });

  it('count the devices that were there before the migration', async () => {
    const other = await createTestDatabase();
    const h = openDatabase({ kind: 'postgres', url: other.url });
    try {
      await countsIncludeDevicesBefore(h.db, 'postgres', '0022-users-roles-tokens-audit');
    } finally {
      await h.destroy();
      await other.drop();
    }
  });
});
