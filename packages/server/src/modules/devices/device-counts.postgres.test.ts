// Migration 0023 on PostgreSQL: the status counts stay exact (statement-level triggers for inserts and
// deletes, a row trigger for status changes), as on SQLite (device-counts.test.ts).
import { Migrator } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { countsStayExact } from '../../../test/device-counts-scenario';
import { createTestDatabase, describeWithPostgres } from '../../../test/postgres';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../db/database';
import { migrations } from '../../db/migrations/index';
import { createDevicesRepository } from './repository';

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
      const migrator = new Migrator({ db: h.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0022-users-roles-tokens-audit')).error).toBeUndefined();
      const now = '2026-01-01T00:00:00.000Z';
      await h.db
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
      await migrateToLatest(h.db);
      expect(await createDevicesRepository(h.db, 'postgres').countByStatus()).toEqual({
        online: 2,
        offline: 0,
        provisioning: 0,
        error: 1,
      });
    } finally {
      await h.destroy();
      await other.drop();
    }
  });
});
