// Frozen in time: never edit a migration that has shipped; add a new one instead.
// The CSV import of customers (issue 17) refuses a row whose SSID (compared without case: one Wi-Fi
// name) or serial number another profile already has; 10,000 rows are checked in chunks of 500 per
// statement, each answered by these indexes instead of a scan of every profile.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('profiles_ssid_lower')
    .on('profiles')
    .expression(sql`lower(ssid)`)
    .execute();
  await db.schema.createIndex('profiles_serial_number').on('profiles').column('serial_number').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('profiles_serial_number').execute();
  await db.schema.dropIndex('profiles_ssid_lower').execute();
}
