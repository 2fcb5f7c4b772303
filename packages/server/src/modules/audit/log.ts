// The audit log (issue 22): one entry per change made through the API (who, role, what, the target,
// from where, the result) and per sign-in, sign-in failure and sign-out. Append-only: nothing here
// updates or deletes an entry but the retention prune. Entries are buffered and written in batches
// on a timer, as the activity log is (db/write-buffer.ts), so an API call costs no extra round trip;
// what is buffered is written when the app closes.
import { randomBytes } from 'node:crypto';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { AuditEntry, AuditPage, AuditQuery } from '../../contract/users';
import type { Database } from '../../db/schema';
import type { AuditLogRow, NewAuditLogRow } from '../../db/tables/audit-log';
import { csvRow } from '@provisor/common';
import { createWriteBuffer } from '../../db/write-buffer';

export interface AuditLogOptions {
  /** Buffered entries are written at least this often... */
  flushIntervalMs: number;
  /** ...and as soon as this many wait. */
  flushAt: number;
  /** Entries older than this many days are pruned (PROVISOR_AUDIT_RETENTION_DAYS). */
  retentionDays: number;
  onError: (err: unknown) => void;
}

export type AuditRecord = Omit<NewAuditLogRow, 'id' | 'created_at'>;

let counter = 0;
/** Time-ordered ids: 15 digits of milliseconds, 6 of a counter, 6 hex random (processes sharing PostgreSQL). */
function nextId(at: number): string {
  counter = (counter + 1) % 1_000_000;
  return `${String(at).padStart(15, '0')}${String(counter).padStart(6, '0')}${randomBytes(3).toString('hex')}`;
}

function toEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    timestamp: row.created_at,
    actor: row.actor,
    role: row.role,
    action: row.action,
    route: row.route,
    target: row.target,
    address: row.address,
    result: row.result,
    status: row.status,
    detail: row.detail,
  };
}

export const AUDIT_CSV_COLUMNS = [
  'timestamp',
  'actor',
  'role',
  'action',
  'route',
  'target',
  'address',
  'result',
  'status',
  'detail',
] as const;

const MAX_CELL = { actor: 128, target: 256, detail: 2000 } as const;
const cut = (value: string | null | undefined, max: number) => (value == null ? null : value.slice(0, max));

export function createAuditLog(db: Kysely<Database>, o: AuditLogOptions) {
  const buffer = createWriteBuffer<NewAuditLogRow>({
    ...o,
    async write(batch) {
      // Bounded statements: SQLite allows 32,766 variables, 11 per row.
      for (let i = 0; i < batch.length; i += 500)
        await db
          .insertInto('audit_log')
          .values(batch.slice(i, i + 500))
          .execute()
          .catch(o.onError);
    },
  });

  function filtered(q: Omit<AuditQuery, 'limit' | 'offset'>) {
    return <O>(query: SelectQueryBuilder<Database, 'audit_log', O>) => {
      let r = query;
      if (q.actor) r = r.where('actor', '=', q.actor);
      // An action or its family: "devices" matches devices.reboot, devices.update...
      if (q.action)
        r = r.where((eb) => eb.or([eb('action', '=', q.action!), eb('action', 'like', `${q.action}.%`)]));
      if (q.target) r = r.where('target', '=', q.target);
      if (q.from) r = r.where('created_at', '>=', new Date(q.from).toISOString());
      if (q.to) r = r.where('created_at', '<=', new Date(q.to).toISOString());
      return r;
    };
  }

  return {
    /** Writes what is buffered (tests call it instead of waiting). */
    flush: buffer.flush,
    /** Buffers one entry, stamped now. */
    record(entry: AuditRecord): void {
      const at = Date.now();
      buffer.add({
        ...entry,
        actor: cut(entry.actor, MAX_CELL.actor),
        target: cut(entry.target, MAX_CELL.target),
        detail: cut(entry.detail, MAX_CELL.detail),
        address: entry.address.slice(0, 64),
        id: nextId(at),
        created_at: new Date(at).toISOString(),
      });
    },
    /** GET /api/audit: newest first. */
    async page(q: AuditQuery): Promise<AuditPage> {
      // What this process holds is written first: an admin who looks right after a change sees it
      // (another process's entries follow within its flush interval).
      await buffer.flush();
      const where = filtered(q);
      const [rows, count] = await Promise.all([
        where(db.selectFrom('audit_log').selectAll())
          .orderBy('id', 'desc')
          .limit(q.limit)
          .offset(q.offset)
          .execute(),
        where(
          db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string | number>().as('n')),
        ).executeTakeFirstOrThrow(),
      ]);
      return { entries: rows.map(toEntry), total: Number(count.n), limit: q.limit, offset: q.offset };
    },
    /** GET /api/audit/export.csv: every entry the filters match, newest first, RFC 4180 with a header. */
    async csv(q: Omit<AuditQuery, 'limit' | 'offset'>): Promise<string> {
      await buffer.flush();
      const rows = await filtered(q)(db.selectFrom('audit_log').selectAll()).orderBy('id', 'desc').execute();
      const lines = [csvRow(AUDIT_CSV_COLUMNS)];
      for (const row of rows) {
        const e = toEntry(row);
        lines.push(csvRow(AUDIT_CSV_COLUMNS.map((c) => (e[c] === null ? '' : String(e[c])))));
      }
      return `${lines.join('\r\n')}\r\n`;
    },
    /** Deletes entries past the retention (hourly, background.ts). */
    async prune(): Promise<void> {
      const cutoff = new Date(Date.now() - o.retentionDays * 24 * 60 * 60 * 1000).toISOString();
      await db.deleteFrom('audit_log').where('created_at', '<', cutoff).execute();
    },
    /** Stops the timer and writes what is buffered (the app's close). */
    async stop(): Promise<void> {
      await buffer.flush();
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
