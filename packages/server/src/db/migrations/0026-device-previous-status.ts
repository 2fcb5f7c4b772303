// Frozen in time: never edit a migration that has shipped; add a new one instead.
// The status a device had before the jobs module last told its job facts (devices/repository.ts
// recordJobFacts): the statement sets it from the row as it was and answers it, so the devices
// service knows exactly whether the status changed. It compared the row's updated_at with the time
// it wrote, which two writes in the same millisecond made equal: a status event for a status that
// had not changed.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('devices')
    .addColumn('previous_status', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .execute();
}
