import { sql, type Kysely } from 'kysely';
import type { PreparedQuery } from '../../db/database';
import type { Database } from '../../db/schema';
import type { JobRow, JobStatus, JobType, NewJobRow } from '../../db/tables/jobs';
import type { JobFactsRow } from '../devices/index';
import { BACKGROUND_JOB_TYPES, INTERNAL_JOB_TYPES } from './types';

export interface JobListQuery {
  status?: JobStatus;
  deviceId?: string;
  type?: JobType;
  /** The jobs of one bulk operation. */
  operationId?: string;
  limit: number;
  offset: number;
}

/**
 * A statement that a job's write carries in its own on PostgreSQL (the device's job facts:
 * devices/service.ts jobFactsWith), run only where `condition` holds there; `ran(row)`: it ran, and
 * answered `row` (or nothing: nothing differed).
 */
export interface Carried {
  statement(condition: string): { text: string; params: unknown[] };
  ran(row: JobFactsRow | undefined): void;
}

export type JobPatch = Partial<Omit<JobRow, 'id' | 'device_id' | 'type' | 'params' | 'created_at'>>;

/** The jobs table's columns, in the order the PostgreSQL bulk insert passes them (one array each). */
const JOB_COLUMNS = [
  ['id', 'text'],
  ['device_id', 'text'],
  ['type', 'text'],
  ['params', 'text'],
  ['status', 'text'],
  ['attempts', 'integer'],
  ['error', 'text'],
  ['fault_code', 'integer'],
  ['result', 'text'],
  ['state', 'text'],
  ['command_key', 'text'],
  ['wait_until', 'text'],
  ['operation_id', 'text'],
  ['owner', 'text'],
  ['session_id', 'text'],
  ['created_at', 'text'],
  ['started_at', 'text'],
  ['finished_at', 'text'],
  ['expires_at', 'text'],
  ['updated_at', 'text'],
] as const satisfies readonly (readonly [keyof NewJobRow, string])[];

/** Rows per PostgreSQL bulk insert: 10,000 jobs are about 4 MB of arrays. */
const POSTGRES_INSERT_CHUNK = 10_000;

const JOB_COLUMN_NAMES: ReadonlySet<string> = new Set(JOB_COLUMNS.map(([c]) => c));

/**
 * `"a" = ?, "b" = ?` for the columns a patch sets (Kysely's way: a column left undefined is left
 * out) and their values. One text per set of columns, and the sets are the service's few patches.
 */
function assignments(patch: JobPatch): { text: string; values: unknown[] } {
  let text = '';
  const values: unknown[] = [];
  for (const [column, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (!JOB_COLUMN_NAMES.has(column)) throw new Error(`jobs has no column "${column}"`);
    text += `${text ? ', ' : ''}"${column}" = ?`;
    values.push(value);
  }
  return { text, values };
}

// The columns by name, never `*`: a PostgreSQL connection keeps its prepared statement, and one whose
// result changed shape (a migration adding a column, run by another process) fails until it closes.
const JOB_SELECT = JOB_COLUMNS.map(([c]) => `"${c}"`).join(', ');
const UNFINISHED_SQL =
  `select ${JOB_SELECT} from jobs where device_id = ? and status in ('pending', 'running') ` +
  'order by created_at, id';
const BY_ID_SQL = `select ${JOB_SELECT} from jobs where id = ?`;
/** No unfinished job of the job's device comes before it in creation order. */
const FIRST_SQL =
  "not exists (select 1 from jobs o where o.device_id = jobs.device_id and o.status in ('pending', 'running')" +
  ' and (o.created_at < jobs.created_at or (o.created_at = jobs.created_at and o.id < jobs.id)))';

/** The condition (after `where id = ?`) that the job still runs, held by `owner` in `session`. */
function heldWhere(owner: string | null, session: string | null): { text: string; params: string[] } {
  return {
    text:
      ` and status = 'running' and owner ${owner === null ? 'is null' : '= ?'}` +
      ` and session_id ${session === null ? 'is null' : '= ?'}`,
    params: [owner, session].filter((v): v is string => v !== null),
  };
}

/**
 * `prepared`: the statements every job session runs (its device's unfinished jobs, a job by id, the
 * updates of its steps) go as fixed texts through the database's prepared statements, as the
 * Inform's do, rather than through Kysely's query builder, which compiled them anew each time (4% of
 * the server's time in bench/session-mix, issue 24). Without it, Kysely runs them all.
 */
export function createJobsRepository(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres' = 'sqlite',
  prepared?: PreparedQuery,
) {
  /** An update of the job `id` where `where` holds (`?`s after the patch's); whether it matched. */
  async function updateWhere(
    id: string,
    patch: JobPatch,
    where: string,
    params: unknown[],
  ): Promise<boolean> {
    const set = assignments(patch);
    const rows = await prepared!<{ id: string }>(
      `update jobs set ${set.text} where id = ?${where} returning id`,
      [...set.values, id, ...params],
    );
    return rows.length > 0;
  }

  /**
   * updateWhere carrying `carried`, run only if the update matched: one statement (a data-modifying
   * CTE, PostgreSQL). Whether it matched (and then the carried statement ran).
   */
  async function updateCarrying(
    id: string,
    patch: JobPatch,
    where: string,
    params: unknown[],
    carried: Carried,
  ): Promise<boolean> {
    const set = assignments(patch);
    const then = carried.statement('exists (select 1 from u)');
    const rows = await prepared!<{ written: number | string; carried: JobFactsRow | null }>(
      `with u as (update jobs set ${set.text} where id = ?${where} returning id), c as (${then.text})
       select (select count(*) from u) as written, (select to_json(c) from c) as carried`,
      [...set.values, id, ...params, ...then.params],
    );
    if (Number(rows[0]?.written ?? 0) === 0) return false;
    carried.ran(rows[0]?.carried ?? undefined);
    return true;
  }

  function filtered(q: Omit<JobListQuery, 'limit' | 'offset'>) {
    let query = db.selectFrom('jobs');
    // The ACS's own jobs show in a device's history, and when asked for by type; the fleet-wide
    // lists and counts are the operators' work.
    if (!q.deviceId && !q.type) query = query.where('type', 'not in', INTERNAL_JOB_TYPES);
    if (q.status) query = query.where('status', '=', q.status);
    if (q.deviceId) query = query.where('device_id', '=', q.deviceId);
    if (q.type) query = query.where('type', '=', q.type);
    if (q.operationId) query = query.where('operation_id', '=', q.operationId);
    return query;
  }

  return {
    async insertMany(rows: NewJobRow[]): Promise<void> {
      if (dialect === 'postgres') {
        // One array per column, unnested: a bulk call's 100,000 jobs are ten statements of 20
        // parameters each, instead of 200 statements of 10,000 (issue 24, bench million-devices).
        for (let i = 0; i < rows.length; i += POSTGRES_INSERT_CHUNK) {
          const chunk = rows.slice(i, i + POSTGRES_INSERT_CHUNK);
          const arrays = JOB_COLUMNS.map(
            ([column, type]) => sql`${chunk.map((r) => r[column] ?? defaultOf(column))}::${sql.raw(type)}[]`,
          );
          await sql`insert into jobs (${sql.join(JOB_COLUMNS.map(([c]) => sql.ref(c)))})
            select * from unnest(${sql.join(arrays)})`.execute(db);
        }
        return;
      }
      // Chunks keep each statement under SQLite's bound-parameter limit.
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insertInto('jobs')
          .values(rows.slice(i, i + 500))
          .execute();
    },
    async findById(id: string): Promise<JobRow | undefined> {
      if (prepared) return (await prepared<JobRow>(BY_ID_SQL, [id]))[0];
      return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async list(q: JobListQuery): Promise<{ rows: JobRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        filtered(q)
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(q.limit)
          .offset(q.offset)
          .execute(),
        filtered(q)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    /**
     * The job `id` of device `deviceId` finishes (`patch`), only if it still runs held by `held`'s
     * owner in its session when given, and the device's unfinished jobs are read as they stand after
     * it: null when the guard did not hold (nothing written). On PostgreSQL one statement (the read
     * sees the rows as they were before the update, so the finished job is left out by id).
     */
    async finishAndReadUnfinished(
      id: string,
      deviceId: string,
      patch: JobPatch,
      held?: { owner: string | null; session: string | null },
      carried?: Carried,
    ): Promise<JobRow[] | null> {
      const guard = held ? heldWhere(held.owner, held.session) : { text: '', params: [] };
      if (prepared && dialect === 'postgres') {
        const set = assignments(patch);
        // `carried` runs when the finish was written and no unfinished job is left (r is empty).
        const then = carried?.statement('exists (select 1 from u) and not exists (select 1 from r)');
        const rows = await prepared<JobRow & { written: number | string; carried: JobFactsRow | null }>(
          `with u as (update jobs set ${set.text} where id = ?${guard.text} returning id),
           r as (select ${JOB_SELECT} from jobs where device_id = ? and status in ('pending', 'running') and id <> ?)
           ${then ? `, c as (${then.text})` : ''}
           select (select count(*) from u) as written, ${then ? '(select to_json(c) from c)' : 'null'} as carried,
           r.* from (select 1) as one left join r on true order by r.created_at, r.id`,
          [...set.values, id, ...guard.params, deviceId, id, ...(then?.params ?? [])],
        );
        if (Number(rows[0]?.written ?? 0) === 0) return null;
        const unfinished = rows
          .filter((r) => r.id !== null)
          .map(({ written: _written, carried: _carried, ...row }) => row as JobRow);
        if (carried && unfinished.length === 0) carried.ran(rows[0]?.carried ?? undefined);
        return unfinished;
      }
      const written = held
        ? await this.updateIfHeld(id, held.owner, held.session, patch)
        : (await this.update(id, patch), true);
      return written ? this.unfinished(deviceId) : null;
    },
    /** The device's unfinished jobs, oldest first (they run in creation order). */
    unfinished(deviceId: string): Promise<JobRow[]> {
      if (prepared) return prepared<JobRow>(UNFINISHED_SQL, [deviceId]);
      return db
        .selectFrom('jobs')
        .selectAll()
        .where('device_id', '=', deviceId)
        .where('status', 'in', ['pending', 'running'])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    async update(id: string, patch: JobPatch): Promise<void> {
      if (prepared) await updateWhere(id, patch, '', []);
      else await db.updateTable('jobs').set(patch).where('id', '=', id).execute();
    },
    /**
     * An update of a pending job as read earlier (`updatedAt`), only if it is unchanged since: whether
     * it matched. `first`: and no unfinished job of its device comes before it (FIRST_SQL).
     */
    async updateIfAsRead(id: string, updatedAt: string, patch: JobPatch, first = false): Promise<boolean> {
      const where = ` and status = 'pending' and updated_at = ?${first ? ` and ${FIRST_SQL}` : ''}`;
      if (prepared) return updateWhere(id, patch, where, [updatedAt]);
      let q = db
        .updateTable('jobs')
        .set(patch)
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('updated_at', '=', updatedAt);
      if (first) q = q.where(sql<boolean>`${sql.raw(FIRST_SQL)}`);
      return Number((await q.executeTakeFirst()).numUpdatedRows) > 0;
    },
    /** Whether a claim (`claimCarrying`) and a finish (finishAndReadUnfinished) carry a statement. */
    carries: prepared !== undefined && dialect === 'postgres',
    /**
     * A pending job's claim, carrying `carried` (PostgreSQL, with `carries`: one statement): as
     * updateIfAsRead `first` when `asReadAt` (the row's updated_at as read) is given, else as
     * updateIfStatus 'pending'; whether it matched.
     */
    claimCarrying(
      id: string,
      patch: JobPatch,
      asReadAt: string | undefined,
      carried: Carried,
    ): Promise<boolean> {
      return asReadAt === undefined
        ? updateCarrying(id, patch, ' and status = ?', ['pending'], carried)
        : updateCarrying(
            id,
            patch,
            ` and status = 'pending' and updated_at = ? and ${FIRST_SQL}`,
            [asReadAt],
            carried,
          );
    },
    /** The update only if the job is still `status` (one statement); whether it was. */
    async updateIfStatus(id: string, status: JobStatus, patch: JobPatch): Promise<boolean> {
      if (prepared) return updateWhere(id, patch, ' and status = ?', [status]);
      const r = await db
        .updateTable('jobs')
        .set(patch)
        .where('id', '=', id)
        .where('status', '=', status)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    /**
     * Jobs by status, the ACS's own left out. PostgreSQL reads the counts its triggers keep
     * (migration 0025: a count over 100,000 jobs took about 100 ms); SQLite counts its covering index.
     */
    async countByStatus(): Promise<Record<JobStatus, number>> {
      const rows =
        dialect === 'postgres'
          ? await db
              .selectFrom('job_counts')
              .where('type', 'not in', INTERNAL_JOB_TYPES)
              .select(['status', (eb) => eb.fn.sum<string | number>('n').as('n')])
              .groupBy('status')
              .execute()
          : await db
              .selectFrom('jobs')
              .where('type', 'not in', INTERNAL_JOB_TYPES)
              .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
              .groupBy('status')
              .execute();
      const counts = { pending: 0, running: 0, completed: 0, failed: 0, cancelled: 0 };
      for (const r of rows) if (r.status in counts) counts[r.status as JobStatus] = Number(r.n);
      return counts;
    },
    expired(now: string): Promise<JobRow[]> {
      return db
        .selectFrom('jobs')
        .selectAll()
        .where('status', 'in', ['pending', 'running'])
        .where('expires_at', '<', now)
        .execute();
    },
    /** Running jobs that wait for their device past their deadline (jobs.wait_until). */
    overdueWaits(now: string): Promise<JobRow[]> {
      return db
        .selectFrom('jobs')
        .selectAll()
        .where('wait_until', '<', now)
        .where('status', '=', 'running')
        .orderBy('wait_until')
        .limit(1000)
        .execute();
    },
    /** Takes the job's wait over, once: false when it has finished or its wait changed since it was read. */
    async claimWait(id: string, waitUntil: string): Promise<boolean> {
      const r = await db
        .updateTable('jobs')
        .set({ wait_until: null })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('wait_until', '=', waitUntil)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /**
     * Running jobs held by none of the processes `alive` (and, with `unowned`, those nobody holds):
     * what a dead process left (jobs/service.ts reclaim).
     */
    heldBeyond(alive: readonly string[], unowned: boolean): Promise<JobRow[]> {
      return db
        .selectFrom('jobs')
        .selectAll()
        .where('status', '=', 'running')
        .where((eb) => {
          const dead = eb.and([
            eb('owner', 'is not', null),
            ...(alive.length > 0 ? [eb('owner', 'not in', [...alive])] : []),
          ]);
          return unowned ? eb.or([dead, eb('owner', 'is', null)]) : dead;
        })
        .limit(5000)
        .execute();
    },
    /** The update only if the job still runs, held by `owner` in `session` (one statement); whether it was. */
    async updateIfHeld(
      id: string,
      owner: string | null,
      session: string | null,
      patch: JobPatch,
    ): Promise<boolean> {
      if (prepared) {
        const held = heldWhere(owner, session);
        return updateWhere(id, patch, held.text, held.params);
      }
      const r = await db
        .updateTable('jobs')
        .set(patch)
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('owner', owner === null ? 'is' : '=', owner)
        .where('session_id', session === null ? 'is' : '=', session)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    /**
     * Devices that have jobs waiting to run. Background work is left out: it waits for the device's
     * own sessions, and waking every router in the middle of discovery after a restart would be the
     * storm discovery is bounded to avoid (types/discover-tree.ts).
     */
    async devicesWithPending(): Promise<string[]> {
      const rows = await db
        .selectFrom('jobs')
        .select('device_id')
        .distinct()
        .where('status', '=', 'pending')
        .where('type', 'not in', BACKGROUND_JOB_TYPES)
        .execute();
      return rows.map((r) => r.device_id);
    },
    /**
     * Devices that are not offline, with jobs waiting since before `before` (background work aside)
     * and no connection request sent to them since then, by any process (connection_request_slots).
     */
    async unwoken(before: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('jobs')
        .innerJoin('devices', 'devices.id', 'jobs.device_id')
        .leftJoin('connection_request_slots as slots', 'slots.device_id', 'jobs.device_id')
        .select('jobs.device_id')
        .distinct()
        .where('jobs.status', '=', 'pending')
        .where('jobs.created_at', '<', before)
        .where('jobs.type', 'not in', BACKGROUND_JOB_TYPES)
        .where('devices.status', '!=', 'offline')
        .where((eb) => eb.or([eb('slots.sent_at', 'is', null), eb('slots.sent_at', '<', before)]))
        .limit(limit)
        .execute();
      return rows.map((r) => r.device_id);
    },
    /** The last finished job of a device, to derive its status. */
    lastFinished(deviceId: string): Promise<JobRow | undefined> {
      return db
        .selectFrom('jobs')
        .selectAll()
        .where('device_id', '=', deviceId)
        .where('status', 'in', ['completed', 'failed'])
        .orderBy('finished_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;

/** What the table gives a column left out of a new row (migrations 0003, 0015, 0016, 0021). */
function defaultOf(column: keyof NewJobRow): string | number | null {
  if (column === 'status') return 'pending';
  if (column === 'attempts') return 0;
  return null;
}
