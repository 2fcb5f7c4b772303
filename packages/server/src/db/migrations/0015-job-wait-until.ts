// Frozen in time: never edit a migration that has shipped; add a new one instead.
// A job that waits for its device to report back (a reboot, a factory reset, a TransferComplete) waits
// until a deadline, after which the sweep fails it and the device's next jobs may run
// (modules/jobs/service.ts failOverdueWaits). Null for every job that does not wait. Jobs already
// waiting get their deadline from the server at its next start (jobs.recover()), since the bound is a
// setting this migration cannot know.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('wait_until', 'varchar(30)').execute();
  await db.schema.createIndex('jobs_wait_until').on('jobs').column('wait_until').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_wait_until').execute();
  await db.schema.alterTable('jobs').dropColumn('wait_until').execute();
}
