// Frozen in time: never edit a migration that has shipped; add a new one instead.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('devices')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('oui', 'varchar(6)', (c) => c.notNull())
    .addColumn('product_class', 'varchar(64)', (c) => c.notNull())
    .addColumn('serial_number', 'varchar(64)', (c) => c.notNull())
    .addColumn('manufacturer', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('software_version', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('hardware_version', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('offline'))
    .addColumn('last_inform_at', 'varchar(30)')
    .addColumn('last_events', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('external_ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('connection_request_url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('connection_request_username', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('connection_request_password', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('cwmp_username', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('cwmp_password', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('periodic_inform_interval', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('assigned_profile_id', 'varchar(36)')
    .addColumn('parameters', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('devices_identity', ['oui', 'product_class', 'serial_number'])
    .execute();
  await db.schema.createIndex('devices_serial_number').on('devices').column('serial_number').execute();
  await db.schema.createIndex('devices_product_class').on('devices').column('product_class').execute();
  await db.schema.createIndex('devices_status').on('devices').column('status').execute();
  await db.schema.createIndex('devices_last_inform_at').on('devices').column('last_inform_at').execute();
  await db.schema.createIndex('devices_cwmp_username').on('devices').column('cwmp_username').execute();
  await db.schema
    .createIndex('devices_assigned_profile_id')
    .on('devices')
    .column('assigned_profile_id')
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('section', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('devices').execute();
}
