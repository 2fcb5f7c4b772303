// Frozen in time: never edit a migration that has shipped; add a new one instead.
// The device list's search is a case-insensitive substring match over serial number, product class and
// OUI (LIKE / ILIKE '%term%'), a full scan without a trigram index (bench/inventory: 74 ms p95 at
// 100,000 devices). SQLite gets an FTS5 trigram table kept in step by triggers; PostgreSQL gets pg_trgm
// GIN indexes, which the same ILIKE uses as it is.
import { SqliteIntrospector, sql, type Kysely } from 'kysely';

const TRIGRAM_INDEXES = [
  ['devices_serial_number_trgm', 'serial_number'],
  ['devices_product_class_trgm', 'product_class'],
  ['devices_oui_trgm', 'oui'],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function isSqlite(db: Kysely<any>): boolean {
  // Each dialect brings its own introspector: the public way to tell them apart.
  return db.introspection instanceof SqliteIntrospector;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) await upSqlite(db);
  else await upPostgres(db);
}

/**
 * External content (`content='devices'`): the index holds trigrams only and reads values from devices
 * when asked (rebuild, integrity-check). Its rowid is the devices rowid: devices is a rowid table (a
 * TEXT primary key, not WITHOUT ROWID). SQLite allows VACUUM to renumber such rowids; it copies a table
 * with indexes, as devices is, rowid for rowid (checked with 3.53). A migration that rebuilds devices
 * must end with `insert into devices_search(devices_search) values ('rebuild')`.
 * The trigram tokenizer folds case (Unicode-wide, wider than LIKE), so the repository checks the LIKE
 * on each candidate and results stay those of the plain scan.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function upSqlite(db: Kysely<any>): Promise<void> {
  // Kysely runs SQLite migrations outside a transaction; a half-built index must not stay behind.
  await db.transaction().execute(async (trx) => {
    await sql`create virtual table devices_search using fts5(
      serial_number, product_class, oui, content='devices', tokenize='trigram'
    )`.execute(trx);
    await sql`create trigger devices_search_insert after insert on devices begin
      insert into devices_search(rowid, serial_number, product_class, oui)
        values (new.rowid, new.serial_number, new.product_class, new.oui);
    end`.execute(trx);
    // An external-content index forgets a row by being told its old values (FTS5 'delete' command).
    await sql`create trigger devices_search_delete after delete on devices begin
      insert into devices_search(devices_search, rowid, serial_number, product_class, oui)
        values ('delete', old.rowid, old.serial_number, old.product_class, old.oui);
    end`.execute(trx);
    // Only these columns: every Inform updates the row's other columns and must not touch the index.
    await sql`create trigger devices_search_update after update of serial_number, product_class, oui
    on devices begin
      insert into devices_search(devices_search, rowid, serial_number, product_class, oui)
        values ('delete', old.rowid, old.serial_number, old.product_class, old.oui);
      insert into devices_search(rowid, serial_number, product_class, oui)
        values (new.rowid, new.serial_number, new.product_class, new.oui);
    end`.execute(trx);
    await sql`insert into devices_search(devices_search) values ('rebuild')`.execute(trx);
  });
}

/**
 * pg_trgm is a contrib extension, trusted since PostgreSQL 13 (a database owner may create it). Where
 * it cannot be created the migration still succeeds: ILIKE then scans, as before, and a warning says so.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function upPostgres(db: Kysely<any>): Promise<void> {
  // In a transaction a failed statement aborts it; the savepoint keeps the rest of the migration.
  const guarded = db.isTransaction;
  if (guarded) await sql`savepoint device_search_index`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const [name, column] of TRIGRAM_INDEXES) {
      await sql`create index ${sql.id(name)} on devices using gin (${sql.ref(column)} gin_trgm_ops)`.execute(
        db,
      );
    }
    if (guarded) await sql`release savepoint device_search_index`.execute(db);
  } catch (err) {
    if (guarded) await sql`rollback to savepoint device_search_index`.execute(db);
    process.emitWarning(
      `The device search index was not created (${(err as Error).message}); searching devices scans ` +
        'the table. To index it, install PostgreSQL contrib (pg_trgm) and, as the database owner, run: ' +
        'CREATE EXTENSION pg_trgm; ' +
        // The indexes as migration 0010 has them (this text changed with 0010; the schema did not).
        TRIGRAM_INDEXES.map(
          ([name, column]) => `CREATE INDEX ${name} ON devices USING gin ((lower(${column})) gin_trgm_ops);`,
        ).join(' '),
      { code: 'PROVISOR_DEVICE_SEARCH_UNINDEXED' },
    );
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) {
    await sql`drop trigger if exists devices_search_update`.execute(db);
    await sql`drop trigger if exists devices_search_delete`.execute(db);
    await sql`drop trigger if exists devices_search_insert`.execute(db);
    await sql`drop table if exists devices_search`.execute(db);
    return;
  }
  // The extension stays: other objects of the database may use it.
  for (const [name] of TRIGRAM_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
