// Frozen in time: never edit a migration that has shipped; add a new one instead.
// The parameter tree moves out of the devices row into its own table. Every Inform updates the
// device's summary columns; with the tree (tens of kilobytes on a real router) in the same row,
// SQLite rewrote all of it on each Inform. `inform_digest` fingerprints the parameters of the last
// Inform so an unchanged Inform does not read or write the tree at all (bench/session-throughput).
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('device_parameters')
    .addColumn('device_id', 'varchar(36)', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('parameters', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await sql`insert into device_parameters (device_id, parameters)
    select id, parameters from devices where parameters <> '{}'`.execute(db);
  await db.schema.alterTable('devices').dropColumn('parameters').execute();
  await db.schema
    .alterTable('devices')
    .addColumn('inform_digest', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('devices').dropColumn('inform_digest').execute();
  await db.schema
    .alterTable('devices')
    .addColumn('parameters', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await sql`update devices set parameters = coalesce(
    (select p.parameters from device_parameters p where p.device_id = devices.id), '{}')`.execute(db);
  await db.schema.dropTable('device_parameters').execute();
}
