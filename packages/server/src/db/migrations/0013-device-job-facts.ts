// Frozen in time: never edit a migration that has shipped; add a new one instead.
// What the jobs module knows about a device's jobs, kept on the device row (modules/devices/status.ts):
// whether jobs wait for it, whether one runs, whether the last one that finished failed. The jobs module
// tells them to the devices service, which decides the status from them; an Inform reads them with its
// device (one narrow read, no look into the jobs table). No Inform writes them, and none is indexed.
// Backfill: the first two from the jobs table; the third from the status the device shows now (error),
// so that every device keeps the status it showed before.
import { sql, type Kysely } from 'kysely';

const COLUMNS = ['jobs_waiting', 'jobs_running', 'last_job_failed'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite adds one at a time.
  for (const column of COLUMNS)
    await db.schema
      .alterTable('devices')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  const waiting = sql`exists (select 1 from jobs
    where jobs.device_id = devices.id and jobs.status in ('pending', 'running'))`;
  const running = sql`exists (select 1 from jobs
    where jobs.device_id = devices.id and jobs.status = 'running')`;
  // Only the rows that change (on PostgreSQL every row updated is a new row version).
  await sql`update devices set
      jobs_waiting = case when ${waiting} then 1 else 0 end,
      jobs_running = case when ${running} then 1 else 0 end,
      last_job_failed = case when status = 'error' then 1 else 0 end
    where ${waiting} or status = 'error'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('devices').dropColumn(column).execute();
}
