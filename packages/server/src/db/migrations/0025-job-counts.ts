// Frozen in time: never edit a migration that has shipped; add a new one instead.
// Issue 24: the job counts by status (GET /api/provisioning/stats and the Dashboard's /api/stats:
// every job but the ACS's own, grouped by status) read every row of jobs, parameters and results
// included: 9 to 30 ms at 10,000 to 30,000 jobs on SQLite, on the event loop, and about 100 ms at
// 100,000 on PostgreSQL.
// - SQLite: status and type in one index, so the count is read from the index alone.
// - PostgreSQL: the counts per status and type kept exact by triggers, as the device counts (0023):
//   inserts and deletes counted once per statement (transition tables), a row trigger on an update
//   that changes the status. Every trigger touches its rows in (status, type) order, so two
//   statements moving jobs between the same statuses in opposite directions cannot deadlock.
import { SqliteIntrospector, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (db.introspection instanceof SqliteIntrospector) {
    await db.schema.createIndex('jobs_status_type').on('jobs').columns(['status', 'type']).execute();
    return;
  }
  await db.schema
    .createTable('job_counts')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('job_counts_pk', ['status', 'type'])
    .execute();
  await sql`create function jobs_count_rows() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into job_counts (status, type, n)
          select status, type, count(*) from new_rows group by status, type order by status, type
          on conflict (status, type) do update set n = job_counts.n + excluded.n;
      else
        insert into job_counts (status, type, n)
          select status, type, -count(*) from old_rows group by status, type order by status, type
          on conflict (status, type) do update set n = job_counts.n + excluded.n;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create function jobs_count_status() returns trigger language plpgsql as $$
    begin
      insert into job_counts (status, type, n)
        select s, new.type, case when s = new.status then 1 else -1 end
        from unnest(array[old.status, new.status]::text[]) as s order by s
        on conflict (status, type) do update set n = job_counts.n + excluded.n;
      return null;
    end $$`.execute(db);
  await sql`create trigger jobs_count_insert after insert on jobs
    referencing new table as new_rows for each statement execute function jobs_count_rows()`.execute(db);
  await sql`create trigger jobs_count_delete after delete on jobs
    referencing old table as old_rows for each statement execute function jobs_count_rows()`.execute(db);
  await sql`create trigger jobs_count_status after update of status on jobs
    for each row when (old.status is distinct from new.status) execute function jobs_count_status()`.execute(
    db,
  );
  // The counts as they stand; creating the triggers locked jobs against writes until this commits.
  await sql`insert into job_counts (status, type, n)
    select status, type, count(*) from jobs group by status, type`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (db.introspection instanceof SqliteIntrospector) {
    await db.schema.dropIndex('jobs_status_type').execute();
    return;
  }
  for (const t of ['jobs_count_insert', 'jobs_count_delete', 'jobs_count_status'])
    await sql`drop trigger if exists ${sql.raw(t)} on jobs`.execute(db);
  await sql`drop function if exists jobs_count_rows()`.execute(db);
  await sql`drop function if exists jobs_count_status()`.execute(db);
  await db.schema.dropTable('job_counts').execute();
}
