// Frozen in time: never edit a migration that has shipped; add a new one instead.
// The trigram indexes of search (0007) were on the columns themselves, and pg_trgm's operator class
// answers `=` too. A GIN index's cost estimate rests on statistics only VACUUM writes: until the first
// VACUUM after the index was built, PostgreSQL found a device by its serial number (every Inform does)
// through the trigram index, 50-100 ms per lookup instead of 0.1 ms by the btree (about 350 instead of
// 1,800 sessions/s in bench/session-throughput). On lower(column), only an expression that is
// lower(column) can use them: search compares lower(column) LIKE lower(pattern), which is how
// PostgreSQL computes ILIKE in a UTF-8 database, so its results do not change. SQLite is untouched.
import { SqliteIntrospector, sql, type Kysely } from 'kysely';

const TRIGRAM_INDEXES = [
  ['devices_serial_number_trgm', 'serial_number'],
  ['devices_product_class_trgm', 'product_class'],
  ['devices_oui_trgm', 'oui'],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function rebuild(db: Kysely<any>, expression: (column: string) => ReturnType<typeof sql>) {
  if (db.introspection instanceof SqliteIntrospector) return;
  // Where 0007 could not create them (no pg_trgm), there is nothing to rebuild; its warning gives the
  // statements for the indexes in this form.
  const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes
    where tablename = 'devices' and indexname in (${sql.join(TRIGRAM_INDEXES.map(([name]) => name))})`.execute(
    db,
  );
  const existing = new Set(rows.map((r) => r.indexname));
  for (const [name, column] of TRIGRAM_INDEXES) {
    if (!existing.has(name)) continue;
    await sql`drop index ${sql.id(name)}`.execute(db);
    await sql`create index ${sql.id(name)} on devices using gin (${expression(column)} gin_trgm_ops)`.execute(
      db,
    );
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await rebuild(db, (column) => sql`(lower(${sql.ref(column)}))`);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await rebuild(db, (column) => sql.ref(column));
}
