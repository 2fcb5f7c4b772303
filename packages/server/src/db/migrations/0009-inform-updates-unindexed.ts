// Frozen in time: never edit a migration that has shipped; add a new one instead.
// Every Inform updates its device's row; no column it writes may be indexed, or PostgreSQL cannot make
// the update a HOT update (heap-only: the new row version stays on its page and no index changes) and
// writes a new entry into every index of the table instead, the trigram GIN indexes of 0007 included.
// last_inform_at was indexed (0002) for the offline sweep, which now keeps deadlines in memory
// (modules/devices/deadlines.ts): 1,200-1,300 -> 1,850-2,050 sessions/s on PostgreSQL in
// bench/session-throughput.
// A HOT update also needs room on the row's page: PostgreSQL pages of devices are left 15% free.
import { SqliteIntrospector, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('devices_last_inform_at').execute();
  // Applies to pages written from now on; existing ones gain room as their rows are updated.
  if (!(db.introspection instanceof SqliteIntrospector))
    await sql`alter table devices set (fillfactor = 85)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.introspection instanceof SqliteIntrospector))
    await sql`alter table devices reset (fillfactor)`.execute(db);
  await db.schema.createIndex('devices_last_inform_at').on('devices').column('last_inform_at').execute();
}
