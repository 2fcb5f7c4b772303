// Frozen in time: never edit a migration that has shipped; add a new one instead.
// Issue 24: indexes no statement reads, which every write of their columns still pays for.
// - jobs_session_id (0021) and jobs_command_key (0003): no query looks a job up by either; a job's
//   session and command key are read with the job itself (jobs/repository.ts). A job's start sets
//   both and its finish clears the session, so each of a job session's two status writes moved
//   their entries too; on PostgreSQL, where a write of an indexed column (the status) is never a
//   heap-only update, every index of the table takes a new entry at each of them.
// - devices_product_class (0002): devices_product_class_oui (0020) leads with the same column, so it
//   serves every lookup this one did. On PostgreSQL every status change of a device (a job's start
//   and finish) added an entry to it.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_session_id').execute();
  await db.schema.dropIndex('jobs_command_key').execute();
  await db.schema.dropIndex('devices_product_class').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('devices_product_class').on('devices').column('product_class').execute();
  await db.schema.createIndex('jobs_command_key').on('jobs').column('command_key').execute();
  await db.schema.createIndex('jobs_session_id').on('jobs').column('session_id').execute();
}
