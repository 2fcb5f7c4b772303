// Frozen in time: never edit a migration that has shipped; add a new one instead.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('device_id', 'varchar(36)', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('fault_code', 'integer')
    .addColumn('result', 'text')
    .addColumn('state', 'text')
    .addColumn('command_key', 'varchar(32)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(30)')
    .addColumn('finished_at', 'varchar(30)')
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('jobs_device_status')
    .on('jobs')
    .columns(['device_id', 'status', 'created_at'])
    .execute();
  await db.schema.createIndex('jobs_status_created').on('jobs').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('jobs_command_key').on('jobs').column('command_key').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
