// Frozen in time: never edit a migration that has shipped; add a new one instead.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('templates')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('vendor', 'varchar(200)', (c) => c.notNull())
    .addColumn('model', 'varchar(200)', (c) => c.notNull())
    .addColumn('data_model', 'varchar(16)', (c) => c.notNull())
    .addColumn('version', 'varchar(64)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('schema', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('templates_name').on('templates').columns(['name', 'id']).execute();

  await db.schema
    .createTable('profiles')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    // No cascade: a template with profiles cannot be deleted (409), so none is orphaned.
    .addColumn('template_id', 'varchar(36)', (c) => c.notNull().references('templates.id'))
    .addColumn('values', 'text', (c) => c.notNull())
    .addColumn('validation_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('validation_errors', 'text', (c) => c.notNull())
    .addColumn('rendered_params', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('changelog', 'text')
    .addColumn('ssid', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('surname', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('serial_number', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('profiles_template').on('profiles').columns(['template_id', 'name']).execute();
  await db.schema.createIndex('profiles_status').on('profiles').columns(['validation_status']).execute();
  await db.schema.createIndex('profiles_created').on('profiles').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('profile_versions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('profile_id', 'varchar(36)', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('values', 'text', (c) => c.notNull())
    .addColumn('changelog', 'text')
    .addColumn('validation_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('rendered_params', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('profile_versions_unique', ['profile_id', 'version'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('profile_versions').execute();
  await db.schema.dropTable('profiles').execute();
  await db.schema.dropTable('templates').execute();
}
