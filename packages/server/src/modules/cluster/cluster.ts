// Several Provisor processes on one PostgreSQL (issue 20; ../shared/guide/architecture.md "Growing
// past one machine"), on nothing but PostgreSQL itself:
// - Each process has a row in cluster_processes and beats every `heartbeatMs`; one silent past
//   `leaseMs` is dead, and the jobs it held are taken over (jobs/service.ts reclaim).
// - One process at a time leads: it holds a session advisory lock on its own connection and runs the
//   duties that must run once (the offline sweep, job expiry, waits past their deadline, taking over
//   a dead process's jobs, campaigns, snapshots, pruning). The lock goes with the connection: a
//   process that dies, or loses the database, stops leading, and another takes over at its next
//   beat.
// - Live events cross processes over LISTEN/NOTIFY on the same connection: what this process
//   publishes is batched (one NOTIFY statement per 50 ms at most) and every other process hands it
//   to its console clients and its remote handlers (live/event-bus.ts receive).
// - A process alone does not relay connection_event, which every CWMP session publishes twice (on
//   PostgreSQL about a tenth of the shortest session's CPU, bench/session-throughput). It knows it
//   is not alone from its heartbeat, which counts the other processes' rows (any process that did
//   not stop; a process writes its row again if the hourly prune took it), or at once from another
//   process's NOTIFY: each sends an empty one when it starts listening. A process counts the others
//   as it connects, before it relays anything; the others hear it within moments, and until then
//   only a connection_event can be lost: the console's activity feed is refreshed by the next, and
//   a waker's room for that router frees at its timeout (jobs/wake.ts). Every other event is always
//   relayed.
// On SQLite there is one process by construction: it always leads, and nothing is relayed.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../../db/schema';
import type { BusMessage, EventBus } from '../live/index';

/** The advisory lock of the leader (any constant; "provisor" in ASCII, shortened). */
const LEADER_LOCK = 7_0726_5766;
const CHANNEL = 'provisor_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7600;
const FLUSH_MS = 50;
/** Device ids per relayed jobs_arrived (each about 40 bytes). */
const IDS_PER_MESSAGE = 150;

export interface ClusterOptions {
  db: Kysely<Database>;
  /** PostgreSQL's URL; null on SQLite (one process). */
  postgresUrl: string | null;
  bus: EventBus;
  log: FastifyBaseLogger;
  heartbeatMs: number;
  leaseMs: number;
}

export interface Cluster {
  /** This process's id (cluster_processes.id, jobs.owner). */
  readonly id: string;
  /** Whether several processes may share the database (PostgreSQL). */
  readonly shared: boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
  leading(): boolean;
  /** Told true when this process starts leading, false when it stops. */
  onLeadership(listener: (leading: boolean) => void): () => void;
  /** Told when the connection that carries the other processes' events is (re)established. */
  onResync(listener: () => void): () => void;
  /** The processes alive now (a fresh heartbeat), this one included. */
  alive(): Promise<string[]>;
  /** Whether another process may be listening: this one relays connection_event only then. */
  accompanied(): boolean;
  /** Forgets processes silent for an hour (their jobs were taken over long since). */
  prune(): Promise<void>;
}

/** The events relayed to the other processes; jobs_arrived as device ids, in pieces. */
function relayed(m: BusMessage): BusMessage[] {
  if (m.kind === 'live') return m.message.type === 'performance_update' ? [] : [m];
  switch (m.type) {
    case 'jobs_arrived': {
      const ids = (m.payload as { devices: readonly { id: string }[] }).devices.map((d) => d.id);
      const out: BusMessage[] = [];
      for (let i = 0; i < ids.length; i += IDS_PER_MESSAGE)
        out.push({
          kind: 'signal',
          type: 'device_jobs_arrived',
          payload: { deviceIds: ids.slice(i, i + IDS_PER_MESSAGE) },
        });
      return out;
    }
    case 'settings_changed':
    case 'cwmp_session_left':
    case 'token_revoked':
    case 'user_revoked':
    case 'device_interval_changed':
      return [m];
    default:
      return [];
  }
}

export function createCluster(o: ClusterOptions): Cluster {
  const id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const shared = o.postgresUrl !== null;
  const leadershipListeners = new Set<(leading: boolean) => void>();
  const resyncListeners = new Set<() => void>();
  let isLeader = !shared;
  let client: pg.Client | null = null;
  let stopped = false;
  let beat: NodeJS.Timeout | null = null;
  /** The heartbeat under way, if any (stop waits for it before it deletes this process's row). */
  let beating: Promise<void> | null = null;
  let outbox: string[] = [];
  let flushTimer: NodeJS.Timeout | null = null;
  /** The other processes' rows at the last count (those that did not stop). */
  let others = 0;
  /** When the last count of the others began. */
  let countedFrom = 0;
  /** When another process's NOTIFY last arrived (its empty one on starting to listen included). */
  let heardAt = -Infinity;
  /**
   * Whether another process may be listening: only then is connection_event relayed. A process's
   * row is written before it sends anything, so a count that began after its NOTIFY arrived sees it.
   */
  const accompanied = () => others > 0 || heardAt >= countedFrom;

  const iso = (t = Date.now()) => new Date(t).toISOString();

  function setLeader(value: boolean): void {
    if (isLeader === value) return;
    isLeader = value;
    o.log.info(
      { process: id },
      value ? 'cluster: this process leads' : 'cluster: this process no longer leads',
    );
    for (const l of leadershipListeners) {
      try {
        l(value);
      } catch (err) {
        o.log.error({ err }, 'cluster: a leadership listener failed');
      }
    }
  }

  /** The connection is gone (or hangs): stop leading at once; a new one is opened at the next beat. */
  function lose(c: pg.Client, err?: unknown): void {
    if (client !== c) return;
    client = null;
    if (err && !stopped) o.log.warn({ err }, 'cluster: the connection to PostgreSQL was lost; reconnecting');
    setLeader(false);
    c.removeAllListeners('notification');
    void c.end().catch(() => undefined);
  }

  /** How every payload this process relays begins: PostgreSQL delivers its own NOTIFYs back to it. */
  const ownHead = `{"o":${JSON.stringify(id)},"m":[`;

  function onNotification(payload: string | undefined): void {
    // Its own events are dropped before they are parsed: a bulk call's 100,000 job_updates come back
    // as 13 MB of JSON (bench/million-devices, server memory during the call).
    if (!payload || payload.startsWith(ownHead)) return;
    let parsed: { o: string; m: BusMessage[] };
    try {
      parsed = JSON.parse(payload) as { o: string; m: BusMessage[] };
    } catch {
      return;
    }
    if (parsed.o === id) return;
    heardAt = Date.now();
    for (const m of parsed.m) {
      try {
        o.bus.receive(m);
      } catch (err) {
        o.log.warn({ err }, "cluster: handling another process's event failed");
      }
    }
  }

  async function connect(): Promise<void> {
    const c = new pg.Client({
      connectionString: o.postgresUrl!,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
      application_name: `provisor ${id}`,
    });
    c.on('error', (err) => lose(c, err));
    c.on('end', () => lose(c));
    await c.connect();
    try {
      c.on('notification', (n) => onNotification(n.payload));
      await c.query(`LISTEN ${CHANNEL}`);
      // This process's row written, and the others counted, before anything is relayed on this
      // connection and before the others hear of it.
      await beatAndCount(c);
      // The others relay everything from now on (they may have thought themselves alone).
      await c.query('SELECT pg_notify($1, $2)', [CHANNEL, `${ownHead}]}`]);
    } catch (err) {
      void c.end().catch(() => undefined);
      throw err;
    }
    client = c;
    // Events sent while this process was not listening are lost: the listeners read afresh.
    for (const l of resyncListeners) l();
  }

  /** A query on the cluster connection that must answer within half a lease, or the connection is lost. */
  async function timed<R extends pg.QueryResultRow>(c: pg.Client, text: string, values: unknown[]) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${o.leaseMs / 2} ms`)), o.leaseMs / 2);
    });
    try {
      return await Promise.race([c.query<R>(text, values), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Writes this process's heartbeat, and its row again if the hourly prune took it (after a long
   * stall, or while PostgreSQL was out of reach), and counts the other processes' rows.
   */
  async function beatAndCount(c: pg.Client): Promise<void> {
    const t = iso();
    countedFrom = Date.now();
    const counted = await timed<{ others: number }>(
      c,
      `WITH beat AS (
         INSERT INTO cluster_processes (id, host, pid, started_at, heartbeat_at) VALUES ($2, $3, $4, $1, $1)
         ON CONFLICT (id) DO UPDATE SET heartbeat_at = excluded.heartbeat_at)
       SELECT count(*)::int AS others FROM cluster_processes WHERE id <> $2`,
      [t, id, hostname(), process.pid],
    );
    others = counted.rows[0]?.others ?? 0;
  }

  async function heartbeat(): Promise<void> {
    if (!shared || stopped) return;
    // A new connection beats and counts as it connects.
    const connecting = client === null;
    if (connecting) await connect();
    const c = client!;
    try {
      if (!connecting) await beatAndCount(c);
      if (!isLeader) {
        const r = await timed<{ ok: boolean }>(c, 'SELECT pg_try_advisory_lock($1::bigint) AS ok', [
          LEADER_LOCK,
        ]);
        if (r.rows[0]?.ok && client === c) setLeader(true);
      }
    } catch (err) {
      lose(c, err);
    }
  }

  function flush(): void {
    flushTimer = null;
    const c = client;
    const batch = outbox;
    outbox = [];
    if (!c || batch.length === 0) return;
    // Messages packed into payloads under PostgreSQL's limit, all in one statement.
    const payloads: string[] = [];
    let current: string[] = [];
    let size = 0;
    const head = ownHead;
    for (const m of batch) {
      if (m.length + head.length + 2 > MAX_PAYLOAD) {
        o.log.warn(
          { bytes: m.length },
          'cluster: an event too large to relay was not sent to the other processes',
        );
        continue;
      }
      if (size + m.length + 1 + head.length + 2 > MAX_PAYLOAD) {
        payloads.push(`${head}${current.join(',')}]}`);
        current = [];
        size = 0;
      }
      current.push(m);
      size += m.length + 1;
    }
    if (current.length > 0) payloads.push(`${head}${current.join(',')}]}`);
    if (payloads.length === 0) return;
    const text = `SELECT ${payloads.map((_, i) => `pg_notify('${CHANNEL}', $${i + 1})`).join(', ')}`;
    c.query(text, payloads).catch((err: unknown) =>
      o.log.warn({ err }, 'cluster: relaying events to the other processes failed'),
    );
  }

  function relay(m: BusMessage): void {
    if (!client) return;
    for (const r of relayed(m)) outbox.push(JSON.stringify(r));
    if (outbox.length > 0 && !flushTimer) {
      flushTimer = setTimeout(flush, FLUSH_MS);
      flushTimer.unref();
    }
  }

  return {
    id,
    shared,
    async start() {
      if (!shared) return;
      // The first beat writes this process's row (beatAndCount, as its connection opens).
      o.bus.relayTo(relay, (type) => type !== 'connection_event' || accompanied());
      await heartbeat();
      beat = setInterval(() => {
        if (beating || stopped) return;
        beating = heartbeat()
          .catch((err: unknown) => o.log.warn({ err }, 'cluster: the heartbeat failed'))
          .finally(() => (beating = null));
      }, o.heartbeatMs);
      beat.unref();
    },
    async stop() {
      stopped = true;
      if (beat) clearInterval(beat);
      if (flushTimer) clearTimeout(flushTimer);
      flush();
      o.bus.relayTo(null);
      if (!shared) return;
      // A heartbeat under way would write the row again after it is deleted (or lead again).
      await beating;
      setLeader(false);
      const c = client;
      client = null;
      // Gone at once, not after a lease: the others take over what is left without waiting.
      await o.db
        .deleteFrom('cluster_processes')
        .where('id', '=', id)
        .execute()
        .catch(() => undefined);
      await c?.end().catch(() => undefined);
    },
    leading: () => isLeader,
    accompanied,
    onLeadership(listener) {
      leadershipListeners.add(listener);
      return () => leadershipListeners.delete(listener);
    },
    onResync(listener) {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },
    async alive() {
      if (!shared) return [id];
      const rows = await o.db
        .selectFrom('cluster_processes')
        .select('id')
        .where('heartbeat_at', '>=', iso(Date.now() - o.leaseMs))
        .execute();
      return rows.map((r) => r.id);
    },
    async prune() {
      if (!shared) return;
      await o.db
        .deleteFrom('cluster_processes')
        .where('heartbeat_at', '<', iso(Date.now() - 3600_000))
        .execute();
    },
  };
}
