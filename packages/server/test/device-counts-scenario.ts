// Migration 0023's status counts against the truth (a count over every row), on either database: after
// inserts one at a time and many in one statement, status changes, updates that leave the status
// alone, and deletes. The device list's unfiltered and status-filtered totals read them.
import { randomUUID } from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import { migrateToLatest } from '../src/db/database';
import { migrations } from '../src/db/migrations/index';
import type { Database } from '../src/db/schema';
import type { DeviceStatus } from '../src/db/tables/devices';
import { createDevicesRepository } from '../src/modules/devices/repository';

const now = '2026-01-01T00:00:00.000Z';

function device(n: number, status: DeviceStatus) {
  return {
    id: randomUUID(),
    oui: '00259E',
    product_class: 'EG8145V5',
    serial_number: `CNT${String(n).padStart(6, '0')}`,
    status,
    last_inform_at: now,
    created_at: now,
    updated_at: now,
  };
}

async function truth(db: Kysely<Database>): Promise<Record<DeviceStatus, number>> {
  const rows = await db
    .selectFrom('devices')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .groupBy('status')
    .execute();
  const counts = { online: 0, offline: 0, provisioning: 0, error: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

export async function countsStayExact(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const repo = createDevicesRepository(db, dialect);
  const check = async () => {
    const expected = await truth(db);
    expect(await repo.countByStatus()).toEqual(expected);
    const all = expected.online + expected.offline + expected.provisioning + expected.error;
    expect((await repo.list({ limit: 5, offset: 0 })).total).toBe(all);
    for (const status of ['online', 'offline', 'provisioning', 'error'] as const)
      expect((await repo.list({ status, limit: 5, offset: 0 })).total).toBe(expected[status]);
  };
  await check();

  // One at a time, through the repository's own insert (and a duplicate identity, which inserts nothing).
  const { row: first } = await repo.insert({ ...device(0, 'online'), id: undefined } as never);
  await repo.insert({ ...device(0, 'online'), id: undefined } as never);
  await check();

  // Many in one statement.
  const statuses: DeviceStatus[] = ['online', 'online', 'offline', 'provisioning', 'error'];
  const many = Array.from({ length: 50 }, (_, i) => device(i + 1, statuses[i % statuses.length]!));
  await db.insertInto('devices').values(many).execute();
  await check();
  expect((await repo.countByStatus()).online).toBe(21);

  // Status changes one by one and many at once; updates that leave the status as it was.
  await repo.update(first.id, { status: 'error' });
  await repo.markOffline(many[0]!.id, now, now);
  await check();
  await db.updateTable('devices').set({ status: 'provisioning' }).where('status', '=', 'offline').execute();
  await db.updateTable('devices').set({ status: 'online' }).where('status', '=', 'online').execute();
  await db.updateTable('devices').set({ software_version: 'V2' }).execute();
  await check();
  expect((await repo.countByStatus()).offline).toBe(0);

  // Deletes, one and many.
  await repo.remove(first.id);
  await db.deleteFrom('devices').where('status', '=', 'provisioning').execute();
  await check();
  await sql`delete from devices`.execute(db);
  await check();
  expect(await repo.countByStatus()).toEqual({ online: 0, offline: 0, provisioning: 0, error: 0 });
}

/**
 * The counts' migration on a database that already has devices: migrated up to `before` (the
 * migration before the counts), three devices written, then the rest: the counts include them.
 */
export async function countsIncludeDevicesBefore(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  before: string,
): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo(before)).error).toBeUndefined();
  await db
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
  await migrateToLatest(db);
  expect(await createDevicesRepository(db, dialect).countByStatus()).toEqual({
    online: 2,
    offline: 0,
    provisioning: 0,
    error: 1,
  });
}
