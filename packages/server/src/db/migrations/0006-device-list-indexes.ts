// Frozen in time: never edit a migration that has shipped; add a new one instead.
// The device list is ordered by serial number (and id): these indexes let a filtered or deep page be
// read from the index in order (bench/inventory: status filter and deep pages at 100,000 devices).
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('devices_serial_id').on('devices').columns(['serial_number', 'id']).execute();
  await db.schema
    .createIndex('devices_status_serial_id')
    .on('devices')
    .columns(['status', 'serial_number', 'id'])
    .execute();
  await db.schema.dropIndex('devices_serial_number').execute();
  await db.schema.dropIndex('devices_status').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('devices_status').on('devices').column('status').execute();
  await db.schema.createIndex('devices_serial_number').on('devices').column('serial_number').execute();
  await db.schema.dropIndex('devices_status_serial_id').execute();
  await db.schema.dropIndex('devices_serial_id').execute();
}
