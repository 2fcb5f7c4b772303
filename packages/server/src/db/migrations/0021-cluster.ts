// Frozen in time: never edit a migration that has shipped; add a new one instead.
// Several processes on one database (issue 20, modules/cluster):
// - cluster_processes: each running process, with a heartbeat; one silent past the lease is dead,
//   and the jobs it held are taken over (jobs.owner).
// - jobs.owner / jobs.session_id: the process that runs the job and the CWMP session its RPC went
//   out in, so another process can take the job over, or take the answer that reaches it instead.
// - connection_request_slots: when each device was last sent a connection request, by any process,
//   so the per-device interval holds across the cluster.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cluster_processes')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('host', 'varchar(255)', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('heartbeat_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('jobs').addColumn('owner', 'varchar(100)').execute();
  await db.schema.alterTable('jobs').addColumn('session_id', 'varchar(64)').execute();
  await db.schema.createIndex('jobs_session_id').on('jobs').column('session_id').execute();
  await db.schema
    .createTable('connection_request_slots')
    .addColumn('device_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('sent_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('connection_request_slots').execute();
  await db.schema.dropIndex('jobs_session_id').execute();
  await db.schema.alterTable('jobs').dropColumn('session_id').execute();
  await db.schema.alterTable('jobs').dropColumn('owner').execute();
  await db.schema.dropTable('cluster_processes').execute();
}
