// Frozen in time: never edit a migration that has shipped; add a new one instead.
// Sign-in throttling moves from process memory into the database, so that several processes on one
// database share it: failures per address, failures per account, and the addresses each account
// has signed in from.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_address_failures')
    .addColumn('address', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_address_failures_expires_at')
    .on('login_address_failures')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('login_account_failures')
    .addColumn('username', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failed_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('claimed_until', 'varchar(30)')
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_account_failures_expires_at')
    .on('login_account_failures')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('login_known_addresses')
    .addColumn('username', 'varchar(128)', (c) => c.notNull())
    .addColumn('address', 'varchar(128)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_known_addresses_pk', ['username', 'address'])
    .execute();
  await db.schema
    .createIndex('login_known_addresses_expires_at')
    .on('login_known_addresses')
    .column('expires_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_known_addresses').execute();
  await db.schema.dropTable('login_account_failures').execute();
  await db.schema.dropTable('login_address_failures').execute();
}
