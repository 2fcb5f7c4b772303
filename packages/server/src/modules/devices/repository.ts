import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { numberedPlaceholders, type PreparedQuery } from '../../db/database';
import type { Database } from '../../db/schema';
import type {
  DeviceContact,
  DeviceRow,
  DeviceStatus,
  DeviceUpdate,
  NewDeviceRow,
} from '../../db/tables/devices';
import type { DeviceListKey } from './list-cursor';
import { deviceStatus } from './status';

export interface DeviceIdentity {
  oui: string;
  productClass: string;
  serialNumber: string;
}

/** A device the offline sweep watches: informed, not offline. */
export type WatchedDevice = Pick<
  DeviceRow,
  'id' | 'serial_number' | 'product_class' | 'oui' | 'status' | 'periodic_inform_interval'
> & { last_inform_at: string };

export interface DeviceListQuery {
  status?: DeviceStatus;
  search?: string;
  assigned?: boolean;
  limit: number;
  offset: number;
  /** Keyset paging, in place of `offset`: the page of rows after (or before) this key in the list's order. */
  after?: DeviceListKey;
  before?: DeviceListKey;
}

/** A page of the device list, its exact total, and whether rows lie before and after it. */
export interface DeviceListPage {
  rows: DeviceRow[];
  total: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/**
 * The devices a bulk call or a saved group names (issue 21): the list's search and status, and
 * exact OUI, product class, software version and assigned profile.
 */
export interface DeviceMatch {
  status?: DeviceStatus;
  search?: string;
  oui?: string;
  productClass?: string;
  softwareVersion?: string;
  profileId?: string;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Whether SQLite's trigram index (migration 0007) can answer for a term: FTS5's trigram tokenizer
 * finds nothing for fewer than three characters (code points, not UTF-16 units), and FTS5 reads its
 * query up to the first NUL. Such terms are left to the scan.
 */
function trigramIndexable(term: string): boolean {
  return [...term].length >= 3 && !term.includes('\0');
}

/** An FTS5 string: double-quoted, embedded double quotes doubled; nothing inside is an operator. */
function quoteFts5(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** What recordJobFacts's statement answers of a device it wrote. */
export type JobFactsRow = Pick<
  DeviceRow,
  'id' | 'serial_number' | 'product_class' | 'oui' | 'status' | 'previous_status'
>;

export interface DevicesRepositoryOptions {
  /**
   * SQLite: a search whose trigram index names more candidates than this (10,000 unless told) scans
   * instead. Each candidate costs a row lookup in the page and in the count, while the scan walks the
   * list's indexes and stops early on a common term such as a serial-number prefix. At 100,000
   * devices both cost 8-20 ms near 10,000 matches; "HWTC", matching all of them, takes 6 ms by the
   * scan and 100 ms by the index.
   */
  searchIndexMaxCandidates?: number;
  /**
   * The database's prepared statements (db/database.ts), for the statement every job session runs
   * twice (recordJobFacts): a cached better-sqlite3 statement, a named statement on each PostgreSQL
   * connection (parsed and planned once, not at every call). Without it, Kysely runs it.
   */
  prepared?: PreparedQuery;
}

export function createDevicesRepository(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  options: DevicesRepositoryOptions = {},
) {
  /**
   * recordJobFacts's statement for one shape of what is told (each fact true, false or not told: 27
   * shapes at most), built once: the facts told and the status of every case of the others are
   * literals in its text, its parameters only the time and the device. A text built per call cost
   * more JavaScript than the read it replaced (bench/provisioning-wave profile).
   */
  const jobFactsStatements = new Map<string, string>();
  function jobFactsStatement(
    told: { waiting?: boolean; running?: boolean; lastFailed?: boolean },
    condition = '',
  ): string {
    const facts = ['waiting', 'running', 'lastFailed'] as const;
    const key = facts.map((f) => (told[f] === undefined ? '-' : told[f] ? '1' : '0')).join('') + condition;
    const known = jobFactsStatements.get(key);
    if (known) return known;
    const columns = { waiting: 'jobs_waiting', running: 'jobs_running', lastFailed: 'last_job_failed' };
    // Every case of the facts not told, each with the status status.ts decides for it.
    type Case = { conditions: string[]; facts: { waiting: boolean; running: boolean; lastFailed: boolean } };
    let cases: Case[] = [{ conditions: [], facts: { waiting: false, running: false, lastFailed: false } }];
    for (const f of facts) {
      const value = told[f];
      cases = cases.flatMap((c) =>
        (value !== undefined ? [value] : [true, false]).map((v) => ({
          conditions:
            value !== undefined ? c.conditions : [...c.conditions, `${columns[f]} ${v ? '<>' : '='} 0`],
          facts: { ...c.facts, [f]: v },
        })),
      );
    }
    const literal = (status: DeviceStatus) => {
      if (!/^[a-z]+$/.test(status)) throw new Error(`not a device status: ${status}`);
      return `'${status}'`;
    };
    const whens = (['absent', 'present'] as const).flatMap((presence) =>
      cases.map(
        (c) =>
          `when ${[`status ${presence === 'absent' ? '=' : '<>'} 'offline'`, ...c.conditions].join(' and ')} then ${literal(deviceStatus(presence, c.facts))}`,
      ),
    );
    const status = `(case ${whens.join(' ')} end)`;
    // previous_status: the status as it was (answered below, to say whether it changed).
    const assignments = ['previous_status = status', `status = ${status}`];
    const differs = [`status <> ${status}`];
    for (const f of facts) {
      const value = told[f];
      if (value === undefined) continue;
      assignments.push(`${columns[f]} = ${value ? 1 : 0}`);
      differs.push(`${columns[f]} <> ${value ? 1 : 0}`);
    }
    // The status's case reads the row as it was (SQL evaluates every assignment on the old row).
    // `?` on both dialects: `prepared` numbers them for PostgreSQL, and so does recordJobFacts without it.
    const text =
      `update devices set ${assignments.join(', ')}, ` +
      `updated_at = (case when status = ${status} then updated_at else ? end) ` +
      `where id = ? and (${differs.join(' or ')})${condition ? ` and ${condition}` : ''} ` +
      'returning id, serial_number, product_class, oui, status, previous_status';
    jobFactsStatements.set(key, text);
    return text;
  }

  /** What recordJobFacts's statement answered: the device when it was written, and whether its status changed. */
  function jobFactsWritten(
    row: JobFactsRow | undefined,
  ): (Omit<JobFactsRow, 'previous_status'> & { statusChanged: boolean }) | undefined {
    if (!row) return undefined;
    const { previous_status, ...device } = row;
    return { ...device, statusChanged: previous_status !== device.status };
  }

  /**
   * SQLite: the rowids the trigram index names for `term` (a JSON array), or undefined when the scan is
   * to serve it. Read once for the page and the count, and left in SQLite's own JSON: a phrase of common
   * trigrams costs milliseconds to look up, and ten thousand rowids as many to carry through JavaScript.
   */
  async function indexCandidates(term: string): Promise<string | undefined> {
    if (dialect !== 'sqlite' || !trigramIndexable(term)) return undefined;
    const max = options.searchIndexMaxCandidates ?? 10_000;
    const { rows } = await sql<{ n: number; rowids: string }>`
      select count(*) as n, json_group_array(rowid) as rowids from (
        select rowid from devices_search where devices_search match ${quoteFts5(term)} limit ${max + 1}
      )`.execute(db);
    return rows[0]!.n <= max ? rows[0]!.rowids : undefined;
  }

  /**
   * Exact: from the counts the triggers of migrations 0023 (PostgreSQL) and 0028 (SQLite) keep, one
   * small read at any fleet size (a count over 1,000,000 rows takes hundreds of milliseconds on
   * PostgreSQL; over 120,000 on SQLite under load, up to 100).
   */
  async function countByStatus(): Promise<Record<DeviceStatus, number>> {
    const rows = await db.selectFrom('device_counts').select(['status', 'n']).execute();
    const counts = { online: 0, offline: 0, provisioning: 0, error: 0 };
    for (const r of rows) if (r.status in counts) counts[r.status as DeviceStatus] = Number(r.n);
    return counts;
  }

  function filtered(
    q: Omit<DeviceListQuery, 'limit' | 'offset' | 'after' | 'before'> & DeviceMatch,
    candidates: string | undefined,
  ) {
    let query = db.selectFrom('devices');
    if (q.status) query = query.where('status', '=', q.status);
    if (q.oui !== undefined) query = query.where('oui', '=', q.oui);
    if (q.productClass !== undefined) query = query.where('product_class', '=', q.productClass);
    if (q.softwareVersion !== undefined) query = query.where('software_version', '=', q.softwareVersion);
    if (q.profileId !== undefined) query = query.where('assigned_profile_id', '=', q.profileId);
    if (q.assigned === false) query = query.where('assigned_profile_id', 'is', null);
    if (q.search) {
      const term = q.search.toLowerCase();
      const pattern = `%${escapeLike(term)}%`;
      // The trigram index names candidates: every row the LIKE below matches, and perhaps more (it folds
      // case beyond ASCII, SQLite's LIKE does not). The LIKE decides, so the results are the scan's.
      if (candidates) {
        query = query.where(sql<boolean>`devices.rowid in (select value from json_each(${candidates}))`);
      }
      // Case-insensitive on both dialects; the escape character is declared for PostgreSQL too.
      // PostgreSQL: lower() of both sides is how it computes ILIKE in a UTF-8 database, and the form
      // the pg_trgm indexes follow (migrations 0007, 0010); without them it scans.
      const like = (column: 'serial_number' | 'product_class' | 'oui') =>
        dialect === 'postgres'
          ? sql<boolean>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`
          : sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
      query = query.where((eb) => eb.or([like('serial_number'), like('product_class'), like('oui')]));
    }
    return query;
  }

  /** One row more than the page is read: whether it came says if rows follow. */
  async function offsetPage(q: DeviceListQuery, candidates: string | undefined) {
    // PostgreSQL: the page's ids first, by an index-only walk of (status,) serial_number, id
    // (migration 0006), then only those rows: OFFSET otherwise reads every skipped row from the heap.
    const page =
      dialect === 'postgres'
        ? db
            .selectFrom('devices')
            .selectAll()
            .where(
              'id',
              'in',
              filtered(q, candidates)
                .select('id')
                .orderBy('serial_number')
                .orderBy('id')
                .limit(q.limit + 1)
                .offset(q.offset),
            )
        : filtered(q, candidates)
            .selectAll()
            .limit(q.limit + 1)
            .offset(q.offset);
    const rows = await page.orderBy('serial_number').orderBy('id').execute();
    return { rows: rows.slice(0, q.limit), hasPrevious: q.offset > 0, hasNext: rows.length > q.limit };
  }

  /**
   * The page after (or before) `key` in the list's order: an index walk from the key that reads the
   * page's rows and one more, however deep the page ((status,) serial_number, id on PostgreSQL,
   * migration 0006). Whether rows lie behind the page is the first step of the same walk the other way
   * from the key (the key's own row, if it is still there, is behind the page).
   */
  async function keysetPage(
    q: DeviceListQuery,
    candidates: string | undefined,
    key: DeviceListKey,
    direction: 'after' | 'before',
  ) {
    const forward = direction === 'after';
    const at = [key.serialNumber, key.id] as const;
    // From the key on (or up to it) for an inclusive key, else past it; what lies behind is the rest.
    const ahead = forward ? (key.inclusive ? '>=' : '>') : key.inclusive ? '<=' : '<';
    const back = forward ? (key.inclusive ? '<' : '<=') : key.inclusive ? '>' : '>=';
    const [read, behind] = await Promise.all([
      filtered(q, candidates)
        .selectAll()
        .where((eb) => eb(eb.refTuple('serial_number', 'id'), ahead, eb.tuple(...at)))
        .orderBy('serial_number', forward ? 'asc' : 'desc')
        .orderBy('id', forward ? 'asc' : 'desc')
        .limit(q.limit + 1)
        .execute(),
      filtered(q, candidates)
        .select('id')
        .where((eb) => eb(eb.refTuple('serial_number', 'id'), back, eb.tuple(...at)))
        .orderBy('serial_number', forward ? 'desc' : 'asc')
        .orderBy('id', forward ? 'desc' : 'asc')
        .limit(1)
        .execute(),
    ]);
    const more = read.length > q.limit;
    const rows = read.slice(0, q.limit);
    if (!forward) rows.reverse();
    const hasBehind = behind.length > 0;
    return forward
      ? { rows, hasPrevious: hasBehind, hasNext: more }
      : { rows, hasPrevious: more, hasNext: hasBehind };
  }

  return {
    async list(q: DeviceListQuery): Promise<DeviceListPage> {
      const candidates = q.search ? await indexCandidates(q.search.toLowerCase()) : undefined;
      const key = q.after ?? q.before;
      const [page, total] = await Promise.all([
        key ? keysetPage(q, candidates, key, q.after ? 'after' : 'before') : offsetPage(q, candidates),
        q.search || q.assigned !== undefined
          ? filtered(q, candidates)
              .select((eb) => eb.fn.countAll<string | number>().as('n'))
              .executeTakeFirstOrThrow()
              .then((c) => Number(c.n))
          : countByStatus().then((c) =>
              q.status ? c[q.status] : c.online + c.offline + c.provisioning + c.error,
            ),
      ]);
      return { ...page, total };
    },
    /**
     * Every device the list shows for this search and status, in the list's order: the list's own
     * query without its page, so a bulk call by filter targets exactly what the list counts.
     */
    async matching(q: DeviceMatch): Promise<DeviceRow[]> {
      const candidates = q.search ? await indexCandidates(q.search.toLowerCase()) : undefined;
      return filtered(q, candidates).selectAll().orderBy('serial_number').orderBy('id').execute();
    },
    /**
     * The next `limit` devices `matching` lists after `after` (its serial number and id; null for the
     * first), by keyset over the list's order, with only the columns a bulk call needs. A device that
     * appears or goes away meanwhile is read at most once: the key of a device never changes.
     */
    async matchingAfter(
      q: DeviceMatch,
      after: { serialNumber: string; id: string } | null,
      limit: number,
    ): Promise<DeviceContact[]> {
      const candidates = q.search ? await indexCandidates(q.search.toLowerCase()) : undefined;
      let query = filtered(q, candidates);
      if (after)
        query = query.where(sql<boolean>`(serial_number, id) > (${after.serialNumber}, ${after.id})`);
      return query
        .select([
          'id',
          'serial_number',
          'remote_address',
          'connection_request_url',
          'connection_request_username',
          'connection_request_password',
        ])
        .orderBy('serial_number')
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    /** How many devices match, and their software versions, most common first (a group's preview). */
    async versionsMatching(
      q: DeviceMatch,
      max: number,
    ): Promise<{ size: number; versions: { softwareVersion: string; count: number }[] }> {
      const candidates = q.search ? await indexCandidates(q.search.toLowerCase()) : undefined;
      const [count, rows] = await Promise.all([
        filtered(q, candidates)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow(),
        filtered(q, candidates)
          .select((eb) => ['software_version', eb.fn.countAll<string | number>().as('n')])
          .groupBy('software_version')
          .orderBy('n', 'desc')
          .orderBy('software_version')
          .limit(max)
          .execute(),
      ]);
      return {
        size: Number(count.n),
        versions: rows.map((r) => ({ softwareVersion: r.software_version, count: Number(r.n) })),
      };
    },
    findById(id: string): Promise<DeviceRow | undefined> {
      return db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Devices of exactly this serial number (one a manufacturer and model), at most `limit`. */
    findBySerialNumber(serialNumber: string, limit: number): Promise<DeviceRow[]> {
      return db
        .selectFrom('devices')
        .selectAll()
        .where('serial_number', '=', serialNumber)
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    async findByIds(ids: readonly string[]): Promise<DeviceRow[]> {
      const rows: DeviceRow[] = [];
      for (let i = 0; i < ids.length; i += 500) {
        rows.push(
          ...(await db
            .selectFrom('devices')
            .selectAll()
            .where('id', 'in', ids.slice(i, i + 500))
            .execute()),
        );
      }
      return rows;
    },
    findByIdentity(i: DeviceIdentity): Promise<DeviceRow | undefined> {
      return db
        .selectFrom('devices')
        .selectAll()
        .where('oui', '=', i.oui)
        .where('product_class', '=', i.productClass)
        .where('serial_number', '=', i.serialNumber)
        .executeTakeFirst();
    },
    /** The device whose own CWMP username this is; none for '' (devices without one have ''). */
    async findByCwmpUsername(username: string): Promise<DeviceRow | undefined> {
      if (username === '') return undefined;
      return db.selectFrom('devices').selectAll().where('cwmp_username', '=', username).executeTakeFirst();
    },
    /**
     * Inserts unless the identity exists; answers the stored row either way. A new row comes back from
     * the insert itself (RETURNING, both dialects): one statement for a new device.
     */
    async insert(row: Omit<NewDeviceRow, 'id'>): Promise<{ row: DeviceRow; created: boolean }> {
      const inserted = await db
        .insertInto('devices')
        .values({ ...row, id: randomUUID() })
        .onConflict((oc) => oc.columns(['oui', 'product_class', 'serial_number']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { row: inserted, created: true };
      const stored = await this.findByIdentity({
        oui: row.oui,
        productClass: row.product_class,
        serialNumber: row.serial_number,
      });
      return { row: stored!, created: false };
    },
    /** Sets the assigned profile of many devices, in chunks of 500 ids per statement. */
    async assignProfile(ids: readonly string[], profileId: string | null, now: string): Promise<void> {
      for (let i = 0; i < ids.length; i += 500) {
        await db
          .updateTable('devices')
          .set({ assigned_profile_id: profileId, updated_at: now })
          .where('id', 'in', ids.slice(i, i + 500))
          .execute();
      }
    },
    /** Serial number -> assigned profile id, for the devices with these serials that have one. */
    async assignedProfilesBySerial(serials: readonly string[]): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      for (let i = 0; i < serials.length; i += 500) {
        const rows = await db
          .selectFrom('devices')
          .select(['serial_number', 'assigned_profile_id'])
          .where('serial_number', 'in', serials.slice(i, i + 500))
          .where('assigned_profile_id', 'is not', null)
          .execute();
        for (const r of rows) if (r.assigned_profile_id) found.set(r.serial_number, r.assigned_profile_id);
      }
      return found;
    },
    /**
     * Writes the job facts told (absent ones stay as stored) and the status status.ts gives for
     * them with the device's presence (offline is absent) and the stored facts, in one statement,
     * only when something differs. Answers the device when it was written, and whether its status
     * changed (the statement answers the status as it was, previous_status, set from the old row).
     */
    async recordJobFacts(
      id: string,
      told: { waiting?: boolean; running?: boolean; lastFailed?: boolean },
      now: string,
    ): Promise<
      | (Pick<DeviceRow, 'id' | 'serial_number' | 'product_class' | 'oui' | 'status'> & {
          statusChanged: boolean;
        })
      | undefined
    > {
      const text = jobFactsStatement(told);
      const rows: JobFactsRow[] = options.prepared
        ? await options.prepared<JobFactsRow>(text, [now, id])
        : (
            await db.executeQuery<JobFactsRow>(
              CompiledQuery.raw(dialect === 'postgres' ? numberedPlaceholders(text) : text, [now, id]),
            )
          ).rows;
      return jobFactsWritten(rows[0]);
    },
    /**
     * recordJobFacts's statement for another write to carry in its own (on PostgreSQL a
     * data-modifying CTE: jobs/repository.ts), run only where `condition` (SQL, no parameters) holds
     * there; `written` reads what it answered, as recordJobFacts answers.
     */
    jobFactsCarried(
      id: string,
      told: { waiting?: boolean; running?: boolean; lastFailed?: boolean },
      now: string,
      condition: string,
    ): { text: string; params: unknown[] } {
      return { text: jobFactsStatement(told, condition), params: [now, id] };
    },
    jobFactsWritten,
    /** Notes that jobs wait for these devices (SQLite: 500 ids per statement, its parameter limit). */
    async markJobsWaiting(ids: readonly string[]): Promise<void> {
      if (dialect === 'postgres') {
        // One array parameter per 10,000 ids: a bulk call over 100,000 devices is ten statements.
        for (let i = 0; i < ids.length; i += 10_000)
          await sql`update devices set jobs_waiting = 1
            where id = any(${ids.slice(i, i + 10_000)}::text[]) and jobs_waiting = 0`.execute(db);
        return;
      }
      for (let i = 0; i < ids.length; i += 500) {
        await db
          .updateTable('devices')
          .set({ jobs_waiting: 1 })
          .where('id', 'in', ids.slice(i, i + 500))
          .where('jobs_waiting', '=', 0)
          .execute();
      }
    },
    async update(id: string, patch: DeviceUpdate): Promise<void> {
      await db.updateTable('devices').set(patch).where('id', '=', id).execute();
    },
    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom('devices').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    countByStatus,
    /**
     * What the offline sweep needs of devices that are not offline and have informed: the given ones,
     * or (for the watch at start) a page of all of them in id order after `after`.
     */
    watched(q: { ids: readonly string[] } | { after: string; limit: number }): Promise<WatchedDevice[]> {
      let query = db
        .selectFrom('devices')
        .select([
          'id',
          'serial_number',
          'product_class',
          'oui',
          'status',
          'last_inform_at',
          'periodic_inform_interval',
        ])
        .where('status', '<>', 'offline')
        .where('last_inform_at', 'is not', null)
        .$narrowType<{ last_inform_at: string }>();
      query =
        'ids' in q
          ? query.where('id', 'in', q.ids)
          : query.where('id', '>', q.after).orderBy('id').limit(q.limit);
      return query.execute();
    },
    /**
     * Turns a device offline unless it informed since `lastInformAt` (or is offline already): a
     * device that informs while the sweep looks at it stays online. Answers whether it changed.
     */
    async markOffline(id: string, lastInformAt: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('devices')
        .set({ status: 'offline', updated_at: now })
        .where('id', '=', id)
        .where('last_inform_at', '=', lastInformAt)
        .where('status', '<>', 'offline')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
