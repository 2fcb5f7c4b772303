// The statements of the CWMP hot path (bench/session-throughput), and the parameter tree's storage.
// Every Inform reads a narrow slice of its device (with what the jobs module told of its jobs, kept on
// the row: this module never reads the jobs table) and updates only the summary columns it changes (a
// periodic Inform that changes nothing else, in the same statement as its read: InformTouch); the SQL
// text is fixed per shape, so it is compiled once and
// SQLite's prepared statements are reused (db/database.ts), and it never rewrites the parameter tree
// unless the Inform's parameters changed.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Dialect, PreparedQuery } from '../../db/database';
import type { Database } from '../../db/schema';
import type { DeviceStatus } from '../../db/tables/devices';
import type { DeviceIdentity } from './repository';
import type { JobFacts } from './status';

/** What a session needs to know of its device when the Inform arrives. */
export interface InformState {
  id: string;
  serial_number: string;
  status: DeviceStatus;
  connection_request_url: string;
  /** The device's own CWMP username ('' when the global credentials apply to it). */
  cwmp_username: string;
  /** Whether the device took connection-request credentials of ours ('' username: not yet). */
  connection_request_username: string;
  /** Seconds; 0 when unknown. */
  periodic_inform_interval: number;
  /** Fingerprint of the previous Inform's parameters (a job's own after a job wrote the tree). */
  inform_digest: string;
  /** When it last informed (null: never), as read with inform_digest (InformUpdate.read). */
  last_inform_at: string | null;
  /** What the jobs module last told of the device's jobs. */
  jobs: JobFacts;
  /**
   * Its parameter tree as stored (JSON text), read with the state when the Inform's digest was given
   * and differs from inform_digest (the Inform will merge into it); undefined when not read.
   */
  parameters?: string;
  /**
   * The read wrote the Inform's InformTouch: the Inform's update is done. The state is then the row as
   * written on SQLite, as before the write on PostgreSQL (its cwmp_username as written on both).
   */
  touched?: true;
}

/** A device as a job reads and writes it (InformStore.readForJob). */
export interface DeviceForJob {
  id: string;
  serial_number: string;
  product_class: string;
  oui: string;
  status: DeviceStatus;
  last_inform_at: string | null;
  periodic_inform_interval: number;
  software_version: string;
  /** Its parameter tree as stored (JSON text; '{}' when nothing is known yet). */
  parameters: string;
}

/** The summary columns every Inform writes (with updated_at: last_inform_at). */
export interface InformSummary {
  manufacturer: string;
  software_version: string;
  hardware_version: string;
  external_ip: string;
  remote_address: string;
  last_events: string;
  last_inform_at: string;
}

export interface InformUpdate extends InformSummary {
  inform_digest: string;
  /** Set only when the Inform reported one (a registered URL is kept otherwise). */
  connection_request_url?: string;
  /** Set only when it changes (so the status index is not touched on every Inform). */
  status?: DeviceStatus;
  periodic_inform_interval?: number;
  /** 0 BOOTSTRAP: the device has its factory connection-request credentials again. */
  resetConnectionRequestCredentials?: boolean;
  /** The device's new parameter tree (JSON text), written with the update; absent: kept as it is. */
  parameters?: string;
  /**
   * With `parameters`: the row's inform_digest and last_inform_at as the tree they were merged into
   * was read. The tree and the row are written only if both are still the row's, so that no write of
   * the tree since is overwritten: a job's leaves a digest of its own (jobWrittenDigest), an Inform's
   * a new last_inform_at (even one that brings back the digest read). update() then answers false,
   * with nothing written. Absent: written whatever came since.
   */
  read?: { digest: string; lastInformAt: string | null };
}

/**
 * A periodic Inform's update, written by its state read itself when the row allows it (InformStore
 * state): the Inform changes nothing else about the device. It is written only if the device row
 * still has this `digest` (its parameters are as stored: no tree to merge), the status its job facts
 * give a present device (no status to change), and if the Inform's credentials may speak for it
 * (`principalDevice`: the device they belong to; null, the global ones or none, for a device without
 * credentials of its own: cpe-auth.ts admission). Otherwise nothing is written and the Inform goes the
 * whole way (read, then update).
 */
export interface InformTouch extends InformSummary {
  digest: string;
  principalDevice: string | null;
  /** null: the Inform reported none, the registered URL is kept. */
  connection_request_url: string | null;
  /** null: the Inform reported none (or none valid), the stored interval is kept. */
  periodic_inform_interval: number | null;
}

/** The columns of InformSummary. */
const SUMMARY_COLUMNS = [
  'manufacturer',
  'software_version',
  'hardware_version',
  'external_ip',
  'remote_address',
  'last_events',
  'last_inform_at',
] as const satisfies readonly (keyof InformSummary)[];

/** The columns an InformTouch writes (with updated_at), in the order its values are given. */
const TOUCH_COLUMNS = [...SUMMARY_COLUMNS, 'connection_request_url', 'periodic_inform_interval'] as const;

/**
 * The inform_digest a job's write leaves: it matches no Inform's (the next Inform merges its parameters
 * again), and no other write's, so an Inform that read the tree before it sees that it came
 * (InformUpdate.read).
 */
function jobWrittenDigest(): string {
  return `job ${randomUUID()}`;
}

/** The columns of a device's state (InformState, with the job facts the row keeps). */
const STATE_NAMES = [
  'id',
  'oui',
  'product_class',
  'serial_number',
  'status',
  'connection_request_url',
  'cwmp_username',
  'connection_request_username',
  'periodic_inform_interval',
  'inform_digest',
  'last_inform_at',
  'jobs_waiting',
  'jobs_running',
  'last_job_failed',
] as const;
const STATE_COLUMNS = STATE_NAMES.map((c) => `d.${c}`).join(', ');
/**
 * Where each column is in a state read's row, read as an array (PreparedQuery.arrays): STATE_NAMES,
 * then `parameters`, then on PostgreSQL's reads with touches `touched`.
 */
const AT = {
  ...(Object.fromEntries(STATE_NAMES.map((c, i) => [c, i])) as Record<(typeof STATE_NAMES)[number], number>),
  parameters: STATE_NAMES.length,
  touched: STATE_NAMES.length + 1,
};

/**
 * The rows of a batch, as the statement reads them: on SQLite a list of `(?, ...)` rows; on PostgreSQL
 * one array a column (`unnest`), so that one text (and its one prepared statement) serves every size.
 * PostgreSQL plans a prepared statement anew for its first five runs on each connection before it
 * settles on a generic plan: with a text per batch size (1 to 64 rows) most of the Informs' reads and
 * updates were planned anew, which cost it about a fifth of its CPU in the shortest session
 * (bench/README.md, session-throughput).
 */
function rowsOf(dialect: Dialect, columns: number, rows: number): string {
  // Each array in a subquery of its own: a custom plan then knows no more of its length than the
  // generic plan does (10 rows, PostgreSQL's guess), costs as much, and loses to it once the generic
  // plan is made. Given straight, a batch shorter than 10 rows made every custom plan look cheaper:
  // pg_stat_statements counted a plan for each of the plain state read's runs in the mix.
  if (dialect === 'postgres')
    return `select * from unnest(${Array.from({ length: columns }, () => '(select ?::text[])').join(', ')})`;
  const row = `(${Array.from({ length: columns }, () => '?').join(', ')})`;
  return `values ${Array.from({ length: rows }, () => row).join(', ')}`;
}

/**
 * A batch's values, given row after row, as the statement of rowsOf takes them: as they are on SQLite;
 * on PostgreSQL one array a column.
 */
function paramsOf(dialect: Dialect, values: unknown[], rows: number): unknown[] {
  if (dialect !== 'postgres') return values;
  const columns = values.length / rows;
  const arrays = Array.from({ length: columns }, () => new Array<unknown>(rows));
  for (let i = 0; i < values.length; i++) arrays[i % columns]![Math.floor(i / columns)] = values[i];
  return arrays;
}

/** The state of the devices with these serial numbers (the caller matches OUI and product class). */
function stateSql(dialect: Dialect, serials: number): string {
  if (dialect === 'postgres')
    return `with q (serial) as (${rowsOf(dialect, 1, serials)})
  select ${STATE_COLUMNS}, null as parameters from q join devices d on d.serial_number = q.serial`;
  return `select ${STATE_COLUMNS}, null as parameters from devices d
  where d.serial_number in (${Array.from({ length: serials }, () => '?').join(', ')})`;
}

/**
 * The same, each with its tree when the digest given with its serial differs from its inform_digest
 * (a null digest never does): the Inform that will merge into the tree gets it in the same read. Used
 * only when an Inform of the batch gave its digest: on PostgreSQL this text costs the backend about 10
 * µs more a read than stateSql, with no tree to bring (bench/README.md, session-mix).
 */
function stateWithTreeSql(dialect: Dialect, serials: number): string {
  return `with q (serial, digest) as (${rowsOf(dialect, 2, serials)})
  select ${STATE_COLUMNS}, ${treeWhen('d.inform_digest <> q.digest')}
  from q join devices d on d.serial_number = q.serial`;
}

/** The device's tree (d's) as `parameters` where `condition` holds, else null. */
function treeWhen(condition: string): string {
  return `case when ${condition} then coalesce(
    (select p.parameters from device_parameters p where p.device_id = d.id), '{}') end as parameters`;
}

/** The status a present device has by its job facts (status.ts deviceStatus), as SQL over `d`. */
const PRESENT_STATUS = `case when d.jobs_running <> 0 then 'provisioning' when d.last_job_failed <> 0 then 'error'
  else 'online' end`;

/**
 * The update of InformTouch, for the devices of `t` (a row of t: serial, oui, product class, digest,
 * principal's device, then TOUCH_COLUMNS), each only where its row allows it (InformTouch). `d` is the
 * devices table.
 */
function touchSet(): string {
  return TOUCH_COLUMNS.map((c) =>
    c === 'connection_request_url'
      ? `${c} = coalesce(t.${c}, d.${c})`
      : c === 'periodic_inform_interval'
        ? `${c} = coalesce(cast(t.${c} as integer), d.${c})`
        : `${c} = t.${c}`,
  )
    .concat('updated_at = t.last_inform_at')
    .join(', ');
}
const TOUCH_WHERE = `d.serial_number = t.serial and d.oui = t.oui and d.product_class = t.product_class
  and d.inform_digest = t.digest and d.status = ${PRESENT_STATUS}
  and (case when t.principal_device is null then d.cwmp_username = '' else d.id = t.principal_device end)`;
const TOUCH_ROW = ['serial', 'oui', 'product_class', 'digest', 'principal_device', ...TOUCH_COLUMNS];

/**
 * SQLite: the touches of `rows` devices; answers the state of each device it wrote (the row as
 * written, which keeps what InformState reads). SQLite's `returning` names the table's columns bare.
 */
function touchSql(rows: number): string {
  return `with t (${TOUCH_ROW.join(', ')}) as (${rowsOf('sqlite', TOUCH_ROW.length, rows)})
  update devices as d set ${touchSet()} from t where ${TOUCH_WHERE}
  returning ${STATE_COLUMNS.replace(/\bd\./g, '')}, null as parameters`;
}

/**
 * PostgreSQL: one statement for a whole batch of state reads, the touches among them included (one
 * round trip). Each row of q is a serial with its digest (null: none given) and, for a touch, the rest
 * of TOUCH_ROW (`touch` true). The state read is as before the touch (a data-modifying WITH is not
 * seen by the query around it), with `touched` telling the devices it wrote, and their cwmp_username
 * as the touch found it (credentials changed while it waited for the row's lock: the admission then
 * judges what was written); a row that gave its digest and is no touch gets its tree when the digest
 * differs (stateWithTreeSql).
 */
function stateAndTouchSql(): string {
  const columns = ['touch', ...TOUCH_ROW];
  return `with q (${columns.join(', ')}) as (${rowsOf('postgres', columns.length, 0)}),
  u as (update devices as d set ${touchSet()} from q t where t.touch = 'true' and ${TOUCH_WHERE}
    returning d.id, d.cwmp_username)
  select ${STATE_COLUMNS.replace('d.cwmp_username', 'coalesce(u.cwmp_username, d.cwmp_username) as cwmp_username')}, ${treeWhen("q.touch <> 'true' and d.inform_digest <> q.digest")},
    u.id is not null as touched
  from q join devices d on d.serial_number = q.serial left join u on u.id = d.id`;
}

/** stateTexts' keys of the touches' texts, by size (far from the plain reads' keys, -65 to 64). */
const TOUCH_TEXTS = 10_000;

/** Rows per statement: 64 rows of at most 15 values stay far below SQLite's parameter limit. */
const BATCH_ROWS = 64;
/**
 * How long an Inform's update waits for others to share its statement (group commit), by dialect. On
 * SQLite each commit appends to the WAL and now and then checkpoints it: at full load, waiting 2 ms
 * (instead of only to the end of the event-loop turn, where a batch is mostly one row) took the
 * server's CPU per session from 0.49 to 0.27 ms (bench/session-throughput). On PostgreSQL each
 * statement is a round trip, a backend woken and the driver's work at both ends: 5 ms rather than 2
 * (with the read's 3 rather than 1) took the server's CPU a shortest session from 0.29-0.30 to
 * 0.22-0.24 ms and PostgreSQL's from 0.063-0.074 to 0.034-0.040 (alternating runs at 96 routers,
 * 2026-11-28; bench/README.md). A router waits a few ms more for its InformResponse, which no CWMP
 * timer notices.
 */
const WRITE_WINDOW_MS = { sqlite: 2, postgres: 5 } as const satisfies Record<Dialect, number>;
/**
 * The same for the state read at each Inform, which the InformResponse waits for. On PostgreSQL, one
 * read per turn meant a round trip (and a backend woken) per Inform: waiting 1 ms gave 40% more
 * sessions per second at 30% less CPU per session, and 3 ms (with the 5 ms write window) more again
 * (above). On SQLite, reading at the end of the turn instead gave each router its InformResponse
 * sooner but cost more CPU per session at the peak (smaller batches: 0.153 ms against 0.136, one run
 * each, bench/session-throughput, 2026-11-24).
 */
const READ_WINDOW_MS = { sqlite: 1, postgres: 3 } as const satisfies Record<Dialect, number>;

/**
 * The columns every Inform writes (with updated_at, and connection_request_url and
 * periodic_inform_interval when reported). None may be indexed: on PostgreSQL that would end HOT
 * updates (migration 0009).
 */
export const INFORM_COLUMNS = [...SUMMARY_COLUMNS, 'inform_digest'] as const;

/** The bits of an Inform update's shape (InformStore's shapeOf). */
const SETS_URL = 1;
const SETS_STATUS = 2;
const SETS_INTERVAL = 4;
const RESETS_CREDENTIALS = 8;

/** What a job's step writes to its device row besides the tree (absent: kept as it is). */
export interface JobDeviceWrite {
  software_version?: string;
  periodic_inform_interval?: number;
  connection_request_username?: string;
  connection_request_password?: string;
  updated_at: string;
}

export function createInformStore(
  db: Kysely<Database>,
  prepared: PreparedQuery,
  dialect: Dialect = 'sqlite',
) {
  const writeWindowMs = WRITE_WINDOW_MS[dialect];
  const readWindowMs = READ_WINDOW_MS[dialect];
  /** State reads by row count. */
  const stateTexts = new Map<number, string>();
  const readSql = 'select parameters from device_parameters where device_id = ?';
  const jobUpdateSql = `update devices set inform_digest = ?,
       software_version = coalesce(?, software_version),
       periodic_inform_interval = coalesce(cast(? as integer), periodic_inform_interval),
       connection_request_username = coalesce(?, connection_request_username),
       connection_request_password = coalesce(?, connection_request_password),
       updated_at = ? where id = ?`;
  const forJobSql = `select d.id, d.serial_number, d.product_class, d.oui, d.status, d.last_inform_at,
       d.periodic_inform_interval, d.software_version, p.parameters
     from devices d left join device_parameters p on p.device_id = d.id where d.id = ?`;
  const writeSql = treesSql(1);
  const firstSql = `insert into device_parameters (device_id, parameters) values (?, ?)
     on conflict (device_id) do nothing`;

  /**
   * Inform updates wait WRITE_WINDOW_MS (by dialect) and are written together: one statement per
   * shape (which optional columns it sets) for every Inform that arrived meanwhile. On SQLite a commit
   * costs several times the row update itself; on PostgreSQL it saves the round trips.
   */
  // The promise's own resolve and reject, not a closure over them: run under tsx, every named
  // closure made costs a defineProperty.
  let queue: {
    id: string;
    u: InformUpdate;
    resolve: (written: boolean) => void;
    reject: (err: unknown) => void;
  }[] = [];
  let scheduled = false;

  /**
   * An update's shape, as a number: which optional columns it sets, and whether it resets the
   * connection-request credentials. Updates of one shape share a statement.
   */
  function shapeOf(u: InformUpdate): number {
    return (
      (u.connection_request_url !== undefined ? SETS_URL : 0) |
      (u.status ? SETS_STATUS : 0) |
      (u.periodic_inform_interval !== undefined ? SETS_INTERVAL : 0) |
      (u.resetConnectionRequestCredentials === true ? RESETS_CREDENTIALS : 0)
    );
  }

  /** The columns an update of this shape writes, in the order pushValues gives their values. */
  function columnsOf(shape: number): string[] {
    const columns: string[] = [...INFORM_COLUMNS, 'updated_at'];
    if (shape & SETS_URL) columns.push('connection_request_url');
    if (shape & SETS_STATUS) columns.push('status');
    if (shape & SETS_INTERVAL) columns.push('periodic_inform_interval');
    return columns;
  }

  /**
   * Appends one row of a batch of this shape: the id, then the values of columnsOf(shape), then the
   * tree (null: kept) when the batch writes trees in the same statement (`tree`), then, when the batch
   * carries trees (`guarded`), the digest and last_inform_at its tree was read with (InformUpdate.read;
   * a null digest: the row is written whatever).
   */
  function pushValues(
    values: unknown[],
    id: string,
    u: InformUpdate,
    shape: number,
    tree: boolean,
    guarded: boolean,
  ): void {
    values.push(id);
    for (const c of INFORM_COLUMNS) values.push(u[c]);
    values.push(u.last_inform_at);
    if (shape & SETS_URL) values.push(u.connection_request_url);
    if (shape & SETS_STATUS) values.push(u.status);
    if (shape & SETS_INTERVAL) values.push(u.periodic_inform_interval);
    if (tree) values.push(u.parameters ?? null);
    if (guarded) values.push(...guardOf(u));
  }

  /**
   * The inform_digest and last_inform_at an update's tree was read with, which must still be the
   * row's (InformUpdate.read); a null digest: no guard.
   */
  function guardOf(u: InformUpdate): [string | null, string | null] {
    const read = u.parameters !== undefined ? u.read : undefined;
    return read ? [read.digest, read.lastInformAt] : [null, null];
  }

  /** SQLite's `is`, PostgreSQL's `is not distinct from`: equal, or both null. */
  const same = dialect === 'postgres' ? 'is not distinct from' : 'is';

  /**
   * `with v(id, ...) as (<rowsOf>) update devices set c = v.c ... from v where id = v.id`. When the
   * batch carries trees (`guarded`) a row whose tree was read before another write of the tree
   * (InformUpdate.read) is left as it is. With `tree` (PostgreSQL), v also holds each row's tree,
   * upserted by the same statement where given for the rows it updated, and the statement answers the
   * devices whose tree it wrote.
   */
  function batchSql(
    columns: string[],
    rows: number,
    reset: boolean,
    tree: boolean,
    guarded: boolean,
  ): string {
    const set = columns.map((c) =>
      c === 'periodic_inform_interval' ? `${c} = cast(v.${c} as integer)` : `${c} = v.${c}`,
    );
    if (reset) set.push("connection_request_username = ''", "connection_request_password = ''");
    const extra = (tree ? ['parameters'] : []).concat(guarded ? ['guard', 'guard_at'] : []);
    const v = `with v (id, ${[...columns, ...extra].join(', ')}) as (${rowsOf(dialect, columns.length + 1 + extra.length, rows)})`;
    const update = `update devices set ${set.join(', ')} from v where devices.id = v.id${
      guarded
        ? ` and (v.guard is null or (devices.inform_digest = v.guard and devices.last_inform_at ${same} v.guard_at))`
        : ''
    }`;
    if (!tree) return `${v}\n       ${update}`;
    // The row's update takes its lock first, as a job's write does (writeJobStep): a job writing
    // meanwhile is waited for, and its digest then fails the guard.
    return `${v}, u as (${update} returning devices.id),
       t as (insert into device_parameters (device_id, parameters)
         select v.id, v.parameters from v join u on u.id = v.id where v.parameters is not null
         on conflict (device_id) do update set parameters = excluded.parameters returning device_id)
       select device_id from t`;
  }

  /** Trees of `rows` devices written in one statement. */
  function treesSql(rows: number): string {
    return `insert into device_parameters (device_id, parameters) values ${Array.from({ length: rows }, () => '(?, ?)').join(', ')}
     on conflict (device_id) do update set parameters = excluded.parameters`;
  }

  /**
   * SQLite: a batch's trees, written before its update and guarded as it is (batchSql): each only if
   * its device's inform_digest and last_inform_at are still those it was read with (the third and
   * fourth values; a null digest: whatever). Answers the devices whose tree it wrote.
   */
  function guardedTreesSql(rows: number): string {
    return `insert into device_parameters (device_id, parameters)
     select v.column1, v.column2 from (values ${Array.from({ length: rows }, () => '(?, ?, ?, ?)').join(', ')}) v
       join devices d on d.id = v.column1
         and (v.column3 is null or (d.inform_digest = v.column3 and d.last_inform_at is v.column4)) where true
     on conflict (device_id) do update set parameters = excluded.parameters returning device_id`;
  }

  /** Statement texts by shape, row count and whether they carry trees (at most 16 × BATCH_ROWS × 2). */
  const texts = new Map<number, string>();

  /**
   * Writes a batch of updates, all of this shape, in one statement; the trees some of them carry in
   * the same statement on PostgreSQL, in one more before it on SQLite. Answers the devices of the batch
   * left unwritten, their tree read before another write came (InformUpdate.read).
   */
  async function write(batch: typeof queue, shape: number): Promise<Set<string>> {
    const trees = batch.filter((b) => b.u.parameters !== undefined);
    const guarded = trees.length > 0;
    const tree = guarded && dialect === 'postgres';
    // SQLite: the trees' statement is not awaited before the update's. Both run at once, in this
    // order, with nothing between them (a job's guarded write of a tree, say, which checks the row's
    // last_inform_at: writeJobStep), so both find the same inform_digest for their guard, and commit
    // together (db/database.ts group commit).
    let treesWritten: Promise<{ device_id: string }[]> | undefined;
    if (guarded && !tree) {
      const key = -trees.length;
      let sql = texts.get(key);
      if (!sql) texts.set(key, (sql = guardedTreesSql(trees.length)));
      const params: unknown[] = [];
      for (const b of trees) params.push(b.id, b.u.parameters, ...guardOf(b.u));
      treesWritten = prepared(sql, params);
    }
    // On PostgreSQL one text a shape, whatever the batch's size (rowsOf).
    const rows = dialect === 'postgres' ? 0 : batch.length;
    const key = (shape * (BATCH_ROWS + 1) + rows) * 2 + (guarded ? 1 : 0);
    let sql = texts.get(key);
    if (!sql)
      texts.set(
        key,
        (sql = batchSql(columnsOf(shape), rows, (shape & RESETS_CREDENTIALS) !== 0, tree, guarded)),
      );
    const values: unknown[] = [];
    for (const b of batch) pushValues(values, b.id, b.u, shape, tree, guarded);
    const updated = prepared<{ device_id: string }>(sql, paramsOf(dialect, values, batch.length));
    const [written, returned] = await Promise.all([treesWritten, updated]);
    const refused = new Set<string>();
    if (!guarded) return refused;
    for (const b of trees) refused.add(b.id);
    for (const r of written ?? returned) refused.delete(r.device_id);
    return refused;
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setTimeout(() => {
      const pending = queue;
      queue = [];
      scheduled = false;
      flush(pending).catch((err: unknown) => {
        for (const item of pending) item.reject(err);
      });
    }, writeWindowMs);
  }

  async function flush(pending: typeof queue): Promise<void> {
    const shapes = new Map<number, typeof queue>();
    const seen = new Set<string>();
    for (const item of pending) {
      // A device twice in one window (its session replaced at once): the later update waits for the
      // next window, so the two are written in order.
      if (seen.has(item.id)) {
        queue.push(item);
        schedule();
        continue;
      }
      seen.add(item.id);
      const shape = shapeOf(item.u);
      let group = shapes.get(shape);
      if (!group) shapes.set(shape, (group = []));
      group.push(item);
    }
    for (const [shape, group] of shapes) {
      for (let i = 0; i < group.length; i += BATCH_ROWS) {
        const batch = group.slice(i, i + BATCH_ROWS);
        try {
          const refused = await write(batch, shape);
          for (const b of batch) b.resolve(!refused.has(b.id));
        } catch (err) {
          // One bad row must not fail the others: write them one by one.
          if (batch.length === 1) {
            batch[0]!.reject(err);
            continue;
          }
          for (const b of batch)
            await write([b], shape).then((refused) => b.resolve(!refused.has(b.id)), b.reject);
        }
      }
    }
  }

  /** State reads asked for within READ_WINDOW_MS (by dialect) share one statement. */
  type StateRead = {
    identity: DeviceIdentity;
    digest: string | undefined;
    touch: InformTouch | undefined;
    resolve: (s: InformState | undefined) => void;
    reject: (e: unknown) => void;
  };
  /** The state of `row` (a state read's row, as an array: AT) as an Inform reads it (with its tree when `tree`). */
  function stateOf(row: unknown[], tree: boolean, touched: boolean): InformState {
    const parameters = row[AT.parameters] as string | null;
    return {
      id: row[AT.id] as string,
      serial_number: row[AT.serial_number] as string,
      status: row[AT.status] as DeviceStatus,
      connection_request_url: row[AT.connection_request_url] as string,
      cwmp_username: row[AT.cwmp_username] as string,
      connection_request_username: row[AT.connection_request_username] as string,
      periodic_inform_interval: row[AT.periodic_inform_interval] as number,
      inform_digest: row[AT.inform_digest] as string,
      last_inform_at: row[AT.last_inform_at] as string | null,
      jobs: {
        waiting: row[AT.jobs_waiting] !== 0,
        running: row[AT.jobs_running] !== 0,
        lastFailed: row[AT.last_job_failed] !== 0,
      },
      ...(tree && parameters !== null ? { parameters } : {}),
      ...(touched ? { touched: true as const } : {}),
    };
  }

  const sameDevice = (row: unknown[], i: DeviceIdentity) =>
    row[AT.serial_number] === i.serialNumber &&
    row[AT.oui] === i.oui &&
    row[AT.product_class] === i.productClass;

  /** A touch's row of TOUCH_ROW. */
  function pushTouch(params: unknown[], r: StateRead, t: InformTouch): void {
    params.push(
      r.identity.serialNumber,
      r.identity.oui,
      r.identity.productClass,
      t.digest,
      t.principalDevice,
    );
    for (const c of TOUCH_COLUMNS) params.push(t[c] === null ? null : String(t[c]));
  }

  /**
   * The reads of a batch whose touches may be written: one a serial number (a serial twice in the batch,
   * a device whose session was replaced at once or two devices of other makes, is read plainly each
   * time, and goes the whole way).
   */
  function touchesOf(batch: StateRead[]): Set<StateRead> {
    const bySerial = new Map<string, StateRead | null>();
    for (const r of batch) {
      const serial = r.identity.serialNumber;
      bySerial.set(serial, bySerial.has(serial) ? null : r);
    }
    const touches = new Set<StateRead>();
    for (const r of bySerial.values()) if (r?.touch) touches.add(r);
    return touches;
  }

  async function readStates(batch: StateRead[]): Promise<void> {
    const touches = touchesOf(batch);
    if (touches.size === 0) return readPlain(batch);
    if (dialect === 'postgres') {
      // A touch that fails (a value the row cannot take) must not fail the others: the batch is read
      // plainly, and each Inform goes the whole way, where its update is written alone if it must.
      return readAndTouch(batch, touches).catch(() => readPlain(batch));
    }
    // SQLite: the touches first, then, in the same turn (and so in the same transaction: db/database.ts
    // group commit), the other reads; a touch the row did not allow is read after.
    const params: unknown[] = [];
    for (const r of touches) pushTouch(params, r, r.touch!);
    const key = TOUCH_TEXTS + touches.size;
    let sql = stateTexts.get(key);
    if (!sql) stateTexts.set(key, (sql = touchSql(touches.size)));
    const touched = prepared.arrays(sql, params).catch(() => null);
    const plain = batch.filter((r) => !touches.has(r));
    const [rows] = await Promise.all([touched, plain.length > 0 ? readPlain(plain) : undefined]);
    const missed: StateRead[] = [];
    for (const r of touches) {
      const row = rows?.find((d) => sameDevice(d, r.identity));
      if (row) r.resolve(stateOf(row, false, true));
      else missed.push(r);
    }
    if (missed.length > 0) await readPlain(missed);
  }

  /** PostgreSQL: a batch's reads and touches in one statement (stateAndTouchSql). */
  async function readAndTouch(batch: StateRead[], touches: Set<StateRead>): Promise<void> {
    // One row of q per serial: a touch's, or a plain read's, with its digest as readPlain gives it.
    const digests = digestsOf(batch, touches);
    const params: unknown[] = [];
    for (const r of touches) {
      params.push('true');
      pushTouch(params, r, r.touch!);
    }
    const rest = new Array<null>(TOUCH_ROW.length - 4).fill(null);
    for (const [serial, digest] of digests) params.push('false', serial, null, null, digest, ...rest);
    let sql = stateTexts.get(TOUCH_TEXTS);
    if (!sql) stateTexts.set(TOUCH_TEXTS, (sql = stateAndTouchSql()));
    const rows = await prepared.arrays(sql, paramsOf(dialect, params, touches.size + digests.size));
    for (const r of batch) {
      const row = rows.find((d) => sameDevice(d, r.identity));
      if (!row) r.resolve(undefined);
      else if (touches.has(r)) r.resolve(stateOf(row, false, row[AT.touched] === true));
      else r.resolve(stateOf(row, digests.get(r.identity.serialNumber) === r.digest, false));
    }
  }

  let reads: StateRead[] = [];

  /**
   * The digest each serial of a batch's plain reads (those not in `touches`) is read with: one row of
   * q per serial; a serial asked twice with different digests (a device whose session was replaced at
   * once) gets none, so no tree, and each Inform reads its own if it needs it.
   */
  function digestsOf(batch: StateRead[], touches?: Set<StateRead>): Map<string, string | null> {
    const digests = new Map<string, string | null>();
    for (const r of batch) {
      if (touches?.has(r)) continue;
      const serial = r.identity.serialNumber;
      const digest = r.digest ?? null;
      digests.set(serial, digests.has(serial) && digests.get(serial) !== digest ? null : digest);
    }
    return digests;
  }

  async function readPlain(batch: StateRead[]): Promise<void> {
    const digests = digestsOf(batch);
    const params: (string | null)[] = [];
    let withTree = false;
    for (const digest of digests.values()) if (digest !== null) withTree = true;
    // Keyed by size (0 on PostgreSQL: one text whatever the size, rowsOf), below zero with trees.
    const size = dialect === 'postgres' ? 0 : digests.size;
    const key = withTree ? -size - 1 : size;
    let sql = stateTexts.get(key);
    if (!sql)
      stateTexts.set(key, (sql = withTree ? stateWithTreeSql(dialect, size) : stateSql(dialect, size)));
    for (const [serial, digest] of digests) {
      params.push(serial);
      if (withTree) params.push(digest);
    }
    const rows = await prepared.arrays(sql, paramsOf(dialect, params, digests.size));
    for (const r of batch) {
      const row = rows.find((d) => sameDevice(d, r.identity));
      r.resolve(row && stateOf(row, digests.get(r.identity.serialNumber) === r.digest, false));
    }
  }

  return {
    /**
     * The device's state as an Inform needs it, read with the others asked for in the same window;
     * with the Inform's `digest`, also its tree when the digest differs from the stored one (the
     * caller gives it when the Inform is likely to change the tree: service.ts recordInform). With a
     * `touch`, the Inform's update too, where the row allows it (InformTouch): the state then says
     * `touched` (InformState).
     */
    state(identity: DeviceIdentity, digest?: string, touch?: InformTouch): Promise<InformState | undefined> {
      return new Promise((resolve, reject) => {
        reads.push({ identity, digest, touch, resolve, reject });
        if (reads.length > 1) return;
        setTimeout(() => {
          const pending = reads;
          reads = [];
          for (let i = 0; i < pending.length; i += BATCH_ROWS) {
            const batch = pending.slice(i, i + BATCH_ROWS);
            readStates(batch).catch((err: unknown) => {
              for (const r of batch) r.reject(err);
            });
          }
        }, readWindowMs);
      });
    },

    /**
     * Writes an Inform's update (and the tree it carries) together with the others of the same write
     * window. Answers false, with nothing written, when its tree was read before another write of the
     * tree (InformUpdate.read): the caller reads it again and merges into that.
     */
    update(id: string, u: InformUpdate): Promise<boolean> {
      return new Promise((resolve, reject) => {
        queue.push({ id, u, resolve, reject });
        schedule();
      });
    },

    /** The device's parameter tree as stored (JSON text); '{}' when nothing is known yet. */
    async readParameters(id: string): Promise<string> {
      const rows = await prepared<{ parameters: string }>(readSql, [id]);
      return rows[0]?.parameters ?? '{}';
    },

    /**
     * The tree of a device its first Inform just created; none is written when one was since (another
     * session's Inform of the same new device, which read the row and merged into an empty tree).
     */
    async writeFirstParameters(id: string, json: string): Promise<void> {
      await prepared(firstSql, [id, json]);
    },

    /**
     * What the job engine and a job's writes need of a device, in one statement: its tree (JSON text)
     * with the summary columns they read; undefined when the device is gone.
     */
    async readForJob(id: string): Promise<DeviceForJob | undefined> {
      const rows = await prepared<DeviceForJob & { parameters: string | null }>(forJobSql, [id]);
      const row = rows[0];
      return row && { ...row, parameters: row.parameters ?? '{}' };
    },

    /**
     * A job's step: the device's new tree and the device row's columns that follow it. The tree no
     * longer matches the last Inform, so the Inform digest becomes one of the job's own
     * (jobWrittenDigest): the next Inform merges its parameters again, and an Inform that read the
     * tree before this write does not write over it (InformUpdate.read). On PostgreSQL one statement
     * (one round trip), on SQLite two. With `informedAt` (the device's last_inform_at as the tree was
     * read), only if no Inform came since: false when one did, and nothing was written.
     */
    async writeJobStep(
      id: string,
      json: string,
      w: JobDeviceWrite,
      informedAt?: { lastInformAt: string | null },
    ): Promise<boolean> {
      const values = [
        jobWrittenDigest(),
        w.software_version ?? null,
        w.periodic_inform_interval ?? null,
        w.connection_request_username ?? null,
        w.connection_request_password ?? null,
        w.updated_at,
        id,
      ];
      if (informedAt) {
        // Only if no Inform came since the tree was read (its last_inform_at is as read).
        const at = informedAt.lastInformAt;
        if (dialect === 'postgres')
          // The tree follows the row's guarded update: an Inform writing meanwhile holds the row, and
          // the update, waiting for it, then finds last_inform_at moved and writes neither.
          return (
            (
              await prepared(
                `with u as (${jobUpdateSql} and last_inform_at is not distinct from ? returning id)
                 insert into device_parameters (device_id, parameters) select ?, ? from u
                 on conflict (device_id) do update set parameters = excluded.parameters returning device_id`,
                [...values, at, id, json],
              )
            ).length > 0
          );
        // SQLite: both statements guarded alike and run at once, with nothing between them (the
        // Inform's tree and row are written the same way: write above).
        const tree = prepared(
          `insert into device_parameters (device_id, parameters) select ?, ?
           where exists (select 1 from devices where id = ? and last_inform_at is ?)
           on conflict (device_id) do update set parameters = excluded.parameters`,
          [id, json, id, at],
        );
        const row = prepared(`${jobUpdateSql} and last_inform_at is ? returning id`, [...values, at]);
        const [, updated] = await Promise.all([tree, row]);
        return updated.length > 0;
      }
      if (dialect === 'postgres') {
        // The row's lock comes before the tree's, as in an Inform's batch (batchSql), only because
        // PostgreSQL (15) runs a data-modifying WITH that nothing reads after the statement itself: an
        // executor's order, not a documented one.
        await prepared(`with t as (${writeSql}) ${jobUpdateSql}`, [id, json, ...values]);
        return true;
      }
      // Both at once, with nothing between them (an Inform's batched write, whose guard would find the
      // digest as it was and write over this tree).
      await Promise.all([prepared(writeSql, [id, json]), prepared(jobUpdateSql, values)]);
      return true;
    },

    /** Parameter trees of many devices (JSON text by device id; absent ids have none). */
    async readParametersOfMany(ids: readonly string[]): Promise<Map<string, string>> {
      const trees = new Map<string, string>();
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await db
          .selectFrom('device_parameters')
          .select(['device_id', 'parameters'])
          .where('device_id', 'in', ids.slice(i, i + 500))
          .execute();
        for (const r of rows) trees.set(r.device_id, r.parameters);
      }
      return trees;
    },
  };
}

export type InformStore = ReturnType<typeof createInformStore>;
