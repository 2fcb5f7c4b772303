// The Dashboard's history (issue 18): the activity log (router first seen, booted, offline and back,
// jobs finished, connection requests refused, alerts), written in batches and pruned by age and count,
// and hourly snapshots of the dashboard counts for the stat cards' 24-hour trends.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('activity')
    // Time-ordered text (milliseconds, a counter, a random tail): ordering by id is ordering by time,
    // and an id is the cursor of GET /api/activity.
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    // JSON object, or null.
    .addColumn('details', 'text')
    .addColumn('device_id', 'varchar(36)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('activity_device').on('activity').columns(['device_id', 'id']).execute();
  await db.schema.createIndex('activity_type').on('activity').columns(['type', 'id']).execute();
  await db.schema
    .createTable('stats_snapshots')
    .addColumn('taken_at', 'varchar(30)', (c) => c.primaryKey())
    // JSON: the dashboard counts (contract deviceStats).
    .addColumn('stats', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stats_snapshots').execute();
  await db.schema.dropTable('activity').execute();
}
