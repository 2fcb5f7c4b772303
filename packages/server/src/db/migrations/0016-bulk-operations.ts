// Frozen in time: never edit a migration that has shipped; add a new one instead.
// A bulk call's jobs are one group (issue 16): bulk_operations holds what was asked (the job type, the
// filter or how many ids, a short summary, who asked); the progress is counted from the jobs, which
// name their group in jobs.operation_id (null for a single device's action and the ACS's own jobs).
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bulk_operations')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(128)')
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    // JSON {search?, status?} when the devices were given by a filter, else null.
    .addColumn('filter', 'text')
    // How many ids were given (each id once) when the devices were given by id, else null.
    .addColumn('id_count', 'integer')
    .execute();
  await db.schema.createIndex('bulk_operations_created').on('bulk_operations').column('created_at').execute();
  await db.schema.alterTable('jobs').addColumn('operation_id', 'varchar(36)').execute();
  await db.schema
    .createIndex('jobs_operation_status')
    .on('jobs')
    .columns(['operation_id', 'status'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_operation_status').execute();
  await db.schema.alterTable('jobs').dropColumn('operation_id').execute();
  await db.schema.dropTable('bulk_operations').execute();
}
