// The job counts by status (the ACS's own jobs left out) against the truth, a count over every row, on
// either database: after inserts one at a time and many in one statement, guarded and unguarded status
// changes, updates that leave the status alone, deletes, and a device's jobs deleted with it. On
// PostgreSQL they are kept by migration 0025's triggers; SQLite counts its covering index.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/db/schema';
import type { JobStatus, JobType } from '../src/db/tables/jobs';
import { createJobsRepository } from '../src/modules/jobs/repository';
import { INTERNAL_JOB_TYPES } from '../src/modules/jobs/types/index';

const now = '2026-01-01T00:00:00.000Z';
const STATUSES: JobStatus[] = ['pending', 'running', 'completed', 'failed', 'cancelled'];

async function truth(db: Kysely<Database>): Promise<Record<JobStatus, number>> {
  const rows = await db
    .selectFrom('jobs')
    .where('type', 'not in', INTERNAL_JOB_TYPES)
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .groupBy('status')
    .execute();
  const counts = { pending: 0, running: 0, completed: 0, failed: 0, cancelled: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

function job(deviceId: string, type: JobType, status: JobStatus = 'pending') {
  return {
    id: randomUUID(),
    device_id: deviceId,
    type,
    params: '{}',
    status,
    created_at: now,
    expires_at: now,
    updated_at: now,
  };
}

export async function jobCountsStayExact(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
): Promise<void> {
  const repo = createJobsRepository(db, dialect);
  const check = async () => expect(await repo.countByStatus()).toEqual(await truth(db));
  const devices = ['a', 'b'].map((s) => ({
    id: randomUUID(),
    oui: '00259E',
    product_class: 'EG8145V5',
    serial_number: `JOBCNT${s}`,
    last_inform_at: now,
    created_at: now,
    updated_at: now,
  }));
  await db.insertInto('devices').values(devices).execute();
  const [a, b] = devices.map((d) => d.id) as [string, string];
  await check();

  // One, then many in one statement (the ACS's own jobs among them, which are not counted).
  const first = job(a, 'reboot');
  await repo.insertMany([first]);
  const types: JobType[] = [
    'set-parameters',
    'get-parameters',
    'discover-tree',
    'reboot',
    'set-connection-credentials',
  ];
  const many = Array.from({ length: 40 }, (_, i) =>
    job(i % 2 ? a : b, types[i % types.length]!, STATUSES[i % 5]),
  );
  await repo.insertMany(many);
  await check();
  expect((await repo.countByStatus()).pending).toBe(1 + 8);

  // Guarded and unguarded moves, one and many; updates that keep the status.
  expect(await repo.updateIfStatus(first.id, 'pending', { status: 'running', attempts: 1 })).toBe(true);
  expect(await repo.updateIfStatus(first.id, 'pending', { status: 'failed' })).toBe(false);
  await check();
  await repo.update(first.id, { status: 'completed', finished_at: now });
  await db.updateTable('jobs').set({ status: 'cancelled' }).where('status', '=', 'pending').execute();
  await db.updateTable('jobs').set({ state: '{}' }).execute();
  await db.updateTable('jobs').set({ status: 'running' }).where('status', '=', 'running').execute();
  await check();
  expect((await repo.countByStatus()).pending).toBe(0);

  // Deletes: some jobs, then a device with its jobs (the foreign key's cascade), then the rest.
  await db.deleteFrom('jobs').where('status', '=', 'failed').execute();
  await check();
  await db.deleteFrom('devices').where('id', '=', b).execute();
  await check();
  await sql`delete from jobs`.execute(db);
  await check();
  expect(Object.values(await repo.countByStatus()).every((n) => n === 0)).toBe(true);
}
