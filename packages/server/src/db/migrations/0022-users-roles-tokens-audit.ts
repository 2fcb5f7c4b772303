// Users, roles, API tokens and the audit log (issue 22). Every existing user becomes an admin (before
// roles, every signed-in user could do everything). `session_epoch` is carried by each sign-in token:
// disabling a user or resetting their password raises it, which ends all their sessions at once.
// The audit log is append-only; its indexes serve the console's filters (actor, action, target,
// time), each newest first.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('admin'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('session_epoch', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('last_sign_in_at', 'varchar(30)').execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    // sha256 of the secret, hex: the secret itself is shown once and never stored.
    .addColumn('hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)')
    .addColumn('last_used_at', 'varchar(30)')
    .addColumn('last_used_from', 'varchar(64)')
    .addColumn('revoked_at', 'varchar(30)')
    .execute();

  await db.schema
    .createTable('audit_log')
    // Time-ordered text: ordering by id is ordering by time.
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('actor', 'varchar(128)')
    .addColumn('role', 'varchar(16)')
    .addColumn('action', 'varchar(128)', (c) => c.notNull())
    .addColumn('route', 'varchar(256)', (c) => c.notNull())
    .addColumn('target', 'varchar(256)')
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .addColumn('result', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').columns(['created_at']).execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor', 'id']).execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target', 'id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('api_tokens').execute();
  for (const column of ['last_sign_in_at', 'session_epoch', 'disabled', 'role'])
    await db.schema.alterTable('users').dropColumn(column).execute();
}
