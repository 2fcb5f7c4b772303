// Firmware campaigns (issue 21): saved device groups, campaigns, and each campaign's routers (its
// members snapshotted at creation, with their wave and where they stand). An index for the groups'
// exact product class and OUI (the assigned profile has one since 0002). software_version stays
// unindexed on purpose: an Inform writes it, and an indexed column breaks PostgreSQL's in-place
// (HOT) update of the device row (devices/inform.test.ts); a group by version reads the list's scan.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('device_groups')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // JSON: contract groupFilter.
    .addColumn('filter', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('group_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('group_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('file_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('target_version', 'varchar(64)', (c) => c.notNull())
    .addColumn('canary_size', 'integer', (c) => c.notNull())
    // JSON array of cumulative percentages.
    .addColumn('waves', 'text', (c) => c.notNull())
    .addColumn('soak_minutes', 'integer', (c) => c.notNull())
    .addColumn('max_concurrent', 'integer', (c) => c.notNull())
    .addColumn('failure_threshold', 'real', (c) => c.notNull())
    .addColumn('deadline_minutes', 'integer', (c) => c.notNull())
    // JSON maintenance window, or null.
    .addColumn('maintenance_window', 'text')
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('current_wave', 'integer', (c) => c.notNull())
    // JSON array, per wave: {startedAt, finishedAt}.
    .addColumn('wave_times', 'text', (c) => c.notNull())
    // While soaking: when the next wave may start.
    .addColumn('soak_until', 'varchar(30)')
    .addColumn('created_by', 'varchar(64)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('campaigns_state').on('campaigns').columns(['state']).execute();
  await db.schema.createIndex('campaigns_group').on('campaigns').columns(['group_id']).execute();
  await db.schema
    .createTable('campaign_devices')
    .addColumn('campaign_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('device_id', 'varchar(36)', (c) => c.notNull())
    // The stable order the waves were cut by (0-based).
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('wave', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('job_id', 'varchar(36)')
    .addColumn('started_at', 'varchar(30)')
    .addColumn('finished_at', 'varchar(30)')
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_devices_pk', ['campaign_id', 'device_id'])
    .execute();
  await db.schema
    .createIndex('campaign_devices_wave')
    .on('campaign_devices')
    .columns(['campaign_id', 'wave', 'state', 'position'])
    .execute();
  await db.schema
    .createIndex('campaign_devices_state')
    .on('campaign_devices')
    .columns(['campaign_id', 'state'])
    .execute();
  await db.schema.createIndex('campaign_devices_job').on('campaign_devices').columns(['job_id']).execute();
  await db.schema
    .createIndex('devices_product_class_oui')
    .on('devices')
    .columns(['product_class', 'oui'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('devices_product_class_oui').execute();
  await db.schema.dropTable('campaign_devices').execute();
  await db.schema.dropTable('campaigns').execute();
  await db.schema.dropTable('device_groups').execute();
}
