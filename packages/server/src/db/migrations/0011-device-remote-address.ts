// Frozen in time: never edit a migration that has shipped; add a new one instead.
// The address a router's CWMP sessions come from. Connection requests go only there by default
// (or to networks the operator lists), whatever URL the router reports (security: no request
// forgery through a reported ConnectionRequestURL). Written by every Inform, so never indexed (0009).
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('devices')
    .addColumn('remote_address', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('devices').dropColumn('remote_address').execute();
}
