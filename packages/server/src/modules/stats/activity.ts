// The activity log (issue 18, spec §3 "Activity entry", §4 "Activity feed mapping"): one short,
// operator-readable line per event a router or a job lives through, persisted so that a reload shows
// history. Entries are heard on the bus (no module calls this one) and written in batches on a timer
// (one multi-row insert per flush), so an Inform never waits on an extra statement; the log is pruned
// by age and by count.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ActivityEntry, ActivityPage, ActivityQuery, ActivityType } from '../../contract';
import type { Database } from '../../db/schema';
import type { ActivityRow, NewActivityRow } from '../../db/tables/activity';
import { createWriteBuffer } from '../../db/write-buffer';
import type { DevicesService } from '../devices/index';
import type { EventBus } from '../live/index';

const ACTIVITY_ROWS_PER_STATEMENT = 50;

export interface ActivityLogOptions {
  /** Buffered entries are written at least this often. */
  flushIntervalMs: number;
  /** ...and as soon as this many wait. */
  flushAt: number;
  /** At most this many entries are kept (the oldest go first)... */
  maxEntries: number;
  /** ...and none older than this many days. */
  maxDays: number;
  onError: (err: unknown) => void;
}

interface Pending {
  type: ActivityType;
  /** The message, given the device's serial number (looked up at flush time when not known). */
  message: (serial: string) => string;
  details: Record<string, unknown> | null;
  deviceId: string | null;
  at: number;
}

const DEVICE_EVENTS = {
  'first-seen': (s: string) => `${s} was seen for the first time`,
  bootstrapped: (s: string) => `${s} bootstrapped (new or factory reset)`,
  booted: (s: string) => `${s} booted`,
  offline: (s: string) => `${s} went offline`,
  'back-online': (s: string) => `${s} came online`,
} as const;

/** Connection request outcomes worth an operator's attention (a rate-limited one is retried). */
const FAILED_OUTCOMES = new Set(['auth-failed', 'refused', 'timeout', 'unavailable', 'blocked', 'error']);

/** Serial numbers remembered from events, so most messages need no lookup. */
const MAX_KNOWN_SERIALS = 50_000;

let counter = 0;
/** Time-ordered ids: 15 digits of milliseconds, 6 of a counter, 6 hex random (processes sharing PostgreSQL). */
function nextId(at: number): string {
  counter = (counter + 1) % 1_000_000;
  return `${String(at).padStart(15, '0')}${String(counter).padStart(6, '0')}${randomBytes(3).toString('hex')}`;
}
/** The smallest id of an entry made at or after `at`. */
const idAt = (at: number) => String(at).padStart(15, '0');

function toEntry(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    timestamp: row.created_at,
    details: row.details === null ? null : (JSON.parse(row.details) as Record<string, unknown>),
    deviceId: row.device_id,
  };
}

export function createActivityLog(
  db: Kysely<Database>,
  devices: Pick<DevicesService, 'findByIds'>,
  bus: EventBus,
  o: ActivityLogOptions,
) {
  const serials = new Map<string, string>();
  const buffer = createWriteBuffer<Pending>({ ...o, write });

  function remember(deviceId: string, serial: string): void {
    if (serials.size >= MAX_KNOWN_SERIALS) serials.clear();
    serials.set(deviceId, serial);
  }

  function add(entry: Omit<Pending, 'at'>): void {
    buffer.add({ ...entry, at: Date.now() });
  }

  async function write(batch: Pending[]): Promise<void> {
    const unknown = [
      ...new Set(batch.flatMap((p) => (p.deviceId && !serials.has(p.deviceId) ? [p.deviceId] : []))),
    ];
    if (unknown.length > 0) for (const d of await devices.findByIds(unknown)) remember(d.id, d.serial_number);
    const rows: NewActivityRow[] = batch.map((p) => ({
      id: nextId(p.at),
      type: p.type,
      message: p.message(p.deviceId ? (serials.get(p.deviceId) ?? p.deviceId) : ''),
      details: p.details === null ? null : JSON.stringify(p.details),
      device_id: p.deviceId,
      created_at: new Date(p.at).toISOString(),
    }));
    // Small statements with a turn of the event loop between them: a statement of 500 rows held
    // every CWMP session waiting for 20 to 90 ms on SQLite (bench/session-mix p99); 50 rows take a
    // few milliseconds.
    for (let i = 0; i < rows.length; i += ACTIVITY_ROWS_PER_STATEMENT) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      await db
        .insertInto('activity')
        .values(rows.slice(i, i + ACTIVITY_ROWS_PER_STATEMENT))
        .execute();
    }
  }

  /** Writes what is buffered (tests call it instead of waiting). */
  const flush = buffer.flush;

  const stops = [
    bus.on('device_event', ({ deviceId, serialNumber, event }) => {
      remember(deviceId, serialNumber);
      add({
        type: 'device',
        message: DEVICE_EVENTS[event],
        details: { event, serialNumber },
        deviceId,
      });
    }),
    bus.on('device_status_update', (p) => remember(p.deviceId, p.serialNumber)),
    bus.on('job_update', (job) => {
      // spec §4: completed is success, failed is error, any other state info (only cancellation is
      // logged of the others: pending and running are every job's way, not news).
      if (job.status === 'completed')
        add({
          type: 'success',
          message: (s) => `Job ${job.type} completed on ${s}`,
          details: { jobId: job.id, jobType: job.type, status: job.status },
          deviceId: job.deviceId,
        });
      else if (job.status === 'failed')
        add({
          type: 'error',
          message: (s) => `Job ${job.type} failed on ${s}${job.error ? `: ${job.error}` : ''}`,
          details: { jobId: job.id, jobType: job.type, status: job.status, error: job.error },
          deviceId: job.deviceId,
        });
      else if (job.status === 'cancelled')
        add({
          type: 'info',
          message: (s) => `Job ${job.type} cancelled on ${s}`,
          details: { jobId: job.id, jobType: job.type, status: job.status },
          deviceId: job.deviceId,
        });
    }),
    bus.on('connection_request_done', ({ deviceId, outcome, message }) => {
      if (!FAILED_OUTCOMES.has(outcome)) return;
      add({
        type: 'warning',
        message: (s) =>
          `Connection request to ${s} ${outcome === 'refused' ? 'refused' : 'failed'}: ${message}`,
        details: { outcome },
        deviceId,
      });
    }),
    bus.on('system_alert', ({ level, message, details }) => {
      add({
        type: level === 'error' ? 'error' : level === 'warning' ? 'warning' : 'info',
        message: () => message,
        details: details === undefined ? null : { details },
        deviceId: null,
      });
    }),
  ];

  return {
    flush,
    /** GET /api/activity: newest first, `before` an id of the previous page. */
    async page(q: ActivityQuery): Promise<ActivityPage> {
      let query = db
        .selectFrom('activity')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(q.limit + 1);
      if (q.before !== undefined) query = query.where('id', '<', q.before);
      if (q.type !== undefined) query = query.where('type', '=', q.type);
      if (q.deviceId !== undefined) query = query.where('device_id', '=', q.deviceId);
      const rows = await query.execute();
      const more = rows.length > q.limit;
      const entries = rows.slice(0, q.limit).map(toEntry);
      return { entries, nextBefore: more ? entries.at(-1)!.id : null };
    },
    /** Deletes entries past the retention (age, then count); answers how many went. */
    async prune(now = Date.now()): Promise<number> {
      const old = await db
        .deleteFrom('activity')
        .where('id', '<', idAt(now - o.maxDays * 86_400_000))
        .executeTakeFirst();
      const boundary = await db
        .selectFrom('activity')
        .select('id')
        .orderBy('id', 'desc')
        .offset(o.maxEntries)
        .limit(1)
        .executeTakeFirst();
      let over = 0n;
      if (boundary)
        over = (await db.deleteFrom('activity').where('id', '<=', boundary.id).executeTakeFirst())
          .numDeletedRows;
      return Number(old.numDeletedRows + over);
    },
    async stop(): Promise<void> {
      for (const stop of stops) stop();
      await flush();
    },
  };
}

export type ActivityLog = ReturnType<typeof createActivityLog>;
