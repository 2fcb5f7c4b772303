// Frozen in time: never edit a migration that has shipped; add a new one instead.
// Issue 24 (one million devices), PostgreSQL only: the number of devices in each status, kept exact by triggers, so that
// the dashboard's totals and the device list's unfiltered and status-filtered totals (spec: exact
// numbers) are one small read instead of a count over every row (at 1,000,000 devices on PostgreSQL
// a count(*) takes hundreds of milliseconds).
//
// The triggers fire on insert, on delete, and on an update only when the status changes: an Inform
// that leaves the status alone costs nothing more. On PostgreSQL inserts and deletes are counted once
// per statement (transition tables), so a bulk insert adds one upsert per status, not one per row.
// Every trigger touches its status rows in status order, so two statements moving devices between
// the same two statuses in opposite directions wait for each other instead of deadlocking.
import { SqliteIntrospector, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // SQLite counts 100,000 devices in a few milliseconds (bench/README.md inventory), and a trigger there
  // would add writes to the Informs that change a status: it keeps counting rows.
  if (isSqlite(db)) return;
  await db.schema
    .createTable('device_counts')
    .addColumn('status', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create function devices_count_rows() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into device_counts (status, n)
          select status, count(*) from new_rows group by status order by status
          on conflict (status) do update set n = device_counts.n + excluded.n;
      else
        insert into device_counts (status, n)
          select status, -count(*) from old_rows group by status order by status
          on conflict (status) do update set n = device_counts.n + excluded.n;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create function devices_count_status() returns trigger language plpgsql as $$
    begin
      insert into device_counts (status, n)
        select s, case when s = new.status then 1 else -1 end
        from unnest(array[old.status, new.status]::text[]) as s order by s
        on conflict (status) do update set n = device_counts.n + excluded.n;
      return null;
    end $$`.execute(db);
  await sql`create trigger devices_count_insert after insert on devices
    referencing new table as new_rows for each statement execute function devices_count_rows()`.execute(db);
  await sql`create trigger devices_count_delete after delete on devices
    referencing old table as old_rows for each statement execute function devices_count_rows()`.execute(db);
  await sql`create trigger devices_count_status after update of status on devices
    for each row when (old.status is distinct from new.status) execute function devices_count_status()`.execute(
    db,
  );
  // The counts as they stand. Creating the triggers locked devices against writes until this migration
  // commits, so no device changes between the count and the triggers taking over.
  await sql`insert into device_counts (status, n) select status, count(*) from devices group by status`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  for (const t of ['devices_count_insert', 'devices_count_delete', 'devices_count_status'])
    await sql`drop trigger if exists ${sql.raw(t)} on devices`.execute(db);
  await sql`drop function if exists devices_count_rows()`.execute(db);
  await sql`drop function if exists devices_count_status()`.execute(db);
  await db.schema.dropTable('device_counts').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function isSqlite(db: Kysely<any>): boolean {
  // Each dialect brings its own introspector: the public way to tell them apart (as 0007).
  return db.introspection instanceof SqliteIntrospector;
}
