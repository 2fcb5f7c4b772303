// Frozen in time: never edit a migration that has shipped; add a new one instead.
// A router's bootstrap looks for the profile that carries its serial number (issue 16 point 5,
// jobs/assignment.ts): one indexed lookup per bootstrap, oldest first, never a scan of every
// profile's values, so a bootstrap storm of thousands of new routers stays cheap. Its leading
// column also answers any other lookup of profiles by serial number.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('profiles_serial_match')
    .on('profiles')
    .columns(['serial_number', 'created_at', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('profiles_serial_match').execute();
}
