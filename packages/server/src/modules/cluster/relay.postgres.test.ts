// Two cluster members on one PostgreSQL (modules/cluster): what one publishes reaches the other's
// remote handlers and console clients, and never comes back to its own, though PostgreSQL delivers
// every NOTIFY to the connection that sent it too (the sender drops its own before parsing them). A
// member alone does not relay connection_event, and does as soon as another one starts listening.
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestDatabase, describeWithPostgres } from '../../../test/postgres';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../db/database';
import { createEventBus, type LiveMessage } from '../live/index';
import { createCluster, type Cluster } from './cluster';

const job = (id: string) => ({
  id,
  type: 'reboot' as const,
  status: 'pending' as const,
  deviceId: 'd1',
  error: null,
  operationId: null,
});

/** A fresh migrated database for a suite, and members for it on buses of their own (not started). */
function clusterDatabase() {
  const d = { handle: undefined as unknown as DatabaseHandle, url: '' };
  const members: Cluster[] = [];
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    d.url = db.url;
    d.handle = openDatabase({ kind: 'postgres', url: db.url });
    await migrateToLatest(d.handle.db);
  });
  afterAll(async () => {
    for (const m of members) await m.stop();
    await d.handle?.destroy();
    await drop?.();
  });
  function member() {
    const bus = createEventBus();
    const cluster = createCluster({
      db: d.handle.db,
      postgresUrl: d.url,
      bus,
      log: pino({ level: 'silent' }),
      heartbeatMs: 200,
      leaseMs: 1000,
    });
    members.push(cluster);
    return { bus, cluster };
  }
  return { d, member };
}

describeWithPostgres('the cluster relay (PostgreSQL)', () => {
  const database = clusterDatabase();

  async function member() {
    const { bus, cluster } = database.member();
    await cluster.start();
    const seen: string[] = [];
    const remote: string[] = [];
    bus.subscribe((m: LiveMessage) => seen.push((m.payload as { id: string }).id));
    bus.onRemote('job_update', (p) => remote.push(p.id));
    return { bus, seen, remote, id: cluster.id, cluster };
  }

  /** Waits until `done` holds, for at most 5 s. */
  async function until(done: () => boolean): Promise<void> {
    const deadline = Date.now() + 5000;
    while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  }

  it("hands one member's events to the other, and none back to itself", async () => {
    const a = await member();
    const b = await member();
    // b counted a when it started; a heard b start listening.
    expect(b.cluster.accompanied()).toBe(true);
    await until(() => a.cluster.accompanied());
    // More than one NOTIFY payload's worth (about 7,600 bytes each).
    const ids = Array.from({ length: 300 }, (_, i) => `job-${i}`);
    // The echo of a's own payloads is never parsed (13 MB of JSON after a bulk call of 100,000).
    const parse = vi.spyOn(JSON, 'parse');
    for (const id of ids) a.bus.publish('job_update', job(id));
    b.bus.publish('job_update', job('from-b'));
    await until(() => b.remote.length >= ids.length && a.remote.length >= 1);
    // A little longer, for any echo of a member's own events to arrive.
    await new Promise((r) => setTimeout(r, 300));
    // Both members get each of a's payloads; only b parses it.
    const parsedOfA = parse.mock.calls
      .map(([text]) => String(text))
      .filter((text) => text.startsWith(`{"o":"${a.id}"`));
    parse.mockRestore();
    expect(parsedOfA.length).toBeGreaterThan(1);
    expect(parsedOfA.length).toBe(new Set(parsedOfA).size);
    expect(b.remote).toEqual(ids);
    expect(a.remote).toEqual(['from-b']);
    // Console clients: each its own events once (published here) and the other's once (relayed).
    expect(a.seen).toEqual([...ids, 'from-b']);
    expect(b.seen).toEqual(['from-b', ...ids]);
  });
});

describeWithPostgres('a cluster member alone (PostgreSQL)', () => {
  const { d, member } = clusterDatabase();
  let observer: pg.Client;
  /** What reaches the channel, as the messages' types, in order. */
  const heard: string[] = [];
  beforeAll(async () => {
    observer = new pg.Client({ connectionString: d.url });
    await observer.connect();
    observer.on('notification', (n) => {
      const { m } = JSON.parse(n.payload ?? '{}') as {
        m: { kind: string; type?: string; message?: { type: string } }[];
      };
      heard.push(...m.map((x) => x.type ?? x.message?.type ?? ''));
      if (m.length === 0) heard.push('(listening)');
    });
    await observer.query('LISTEN provisor_events');
  });
  afterAll(async () => {
    await observer?.end();
  });

  it('relays no connection_event until another member starts, and every other event always', async () => {
    const a = member();
    await a.cluster.start();
    const connection = { connected: true, deviceId: 'd1', ipAddress: '192.0.2.1' };
    // Past a's heartbeats and its 50 ms batching: alone, it sends the connection event nowhere.
    a.bus.publish('connection_event', connection);
    a.bus.publish('job_update', job('j1'));
    a.bus.signal('token_revoked', { jti: 'j1' });
    await new Promise((r) => setTimeout(r, 500));
    expect(a.cluster.accompanied()).toBe(false);
    expect(heard).toEqual(['(listening)', 'job_update', 'token_revoked']);

    const b = member();
    await b.cluster.start();
    await vi.waitFor(() => expect(a.cluster.accompanied()).toBe(true), { timeout: 5000 });
    a.bus.publish('connection_event', connection);
    await vi.waitFor(() => expect(heard).toContain('connection_event'), { timeout: 5000 });
    expect(heard).toEqual(['(listening)', 'job_update', 'token_revoked', '(listening)', 'connection_event']);
    // A member that stopped is gone at once: a is alone again by its next beat.
    await b.cluster.stop();
    await vi.waitFor(() => expect(a.cluster.accompanied()).toBe(false), { timeout: 5000 });
    // One whose heartbeat is long past its lease (stalled, or crashed) still counts until pruned.
    const past = new Date(Date.now() - 10 * 60_000).toISOString();
    await d.handle.db
      .insertInto('cluster_processes')
      .values({ id: 'stalled', host: 'elsewhere', pid: 1, started_at: past, heartbeat_at: past })
      .execute();
    await vi.waitFor(() => expect(a.cluster.accompanied()).toBe(true), { timeout: 5000 });
  });

  it('writes its own row again when the hourly prune took it (a process that stalled for an hour)', async () => {
    const c = member();
    await c.cluster.start();
    await d.handle.db.deleteFrom('cluster_processes').where('id', '=', c.cluster.id).execute();
    await vi.waitFor(
      async () =>
        expect(
          await d.handle.db
            .selectFrom('cluster_processes')
            .select('id')
            .where('id', '=', c.cluster.id)
            .executeTakeFirst(),
        ).toBeDefined(),
      { timeout: 5000 },
    );
    // Stopped, it is gone for good: no heartbeat under way writes it again.
    await c.cluster.stop();
    await new Promise((r) => setTimeout(r, 500));
    expect(
      await d.handle.db.selectFrom('cluster_processes').select('id').where('id', '=', c.cluster.id).execute(),
    ).toEqual([]);
  });
});
