// Frozen in time: never edit a migration that has shipped; add a new one instead.
// Issue 24, SQLite only: the number of devices in each status, kept exact by triggers, as on
// PostgreSQL since 0023. 0023 left SQLite counting rows because a count of 100,000 devices takes a
// few milliseconds on a quiet database. Under the session mix it did not: the dashboard's totals
// recount at most once a second while counts may change (every job's progress), and at 80,000 to
// 120,000 routers the count took 8.7 ms at the median, 19 ms at p90 and up to 103 ms, on the event
// loop (its index pages leave the page cache between counts; bench/README.md, session-mix).
//
// The triggers fire on insert, on delete, and on an update only when the status changes: an Inform
// that leaves the status alone costs a comparison. SQLite runs row triggers only, inside the
// statement, so the counts commit or roll back with the change.
import { SqliteIntrospector, sql, type Kysely } from 'kysely';

const add = (status: string, delta: number) =>
  `insert into device_counts (status, n) values (${status}, ${delta})
     on conflict (status) do update set n = n + (${delta});`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.introspection instanceof SqliteIntrospector)) return;
  // Kysely runs SQLite migrations outside a transaction: in one, a failure leaves nothing half made,
  // and no other connection writes a device between the triggers and the counts as they stand.
  await db.transaction().execute(async (trx) => {
    await trx.schema
      .createTable('device_counts')
      .addColumn('status', 'varchar(16)', (c) => c.primaryKey())
      .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql
      .raw(`create trigger devices_count_insert after insert on devices begin ${add('new.status', 1)} end`)
      .execute(trx);
    await sql
      .raw(`create trigger devices_count_delete after delete on devices begin ${add('old.status', -1)} end`)
      .execute(trx);
    await sql
      .raw(
        `create trigger devices_count_status after update of status on devices
         when old.status is not new.status
         begin ${add('old.status', -1)} ${add('new.status', 1)} end`,
      )
      .execute(trx);
    // The counts as they stand.
    await sql`insert into device_counts (status, n) select status, count(*) from devices group by status`.execute(
      trx,
    );
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.introspection instanceof SqliteIntrospector)) return;
  for (const t of ['devices_count_insert', 'devices_count_delete', 'devices_count_status'])
    await sql.raw(`drop trigger if exists ${t}`).execute(db);
  await db.schema.dropTable('device_counts').execute();
}
