// Two cluster members on one PostgreSQL (modules/cluster): what one publishes reaches the other's
// remote handlers and console clients, and never comes back to its own, though PostgreSQL delivers
// every NOTIFY to the connection that sent it too (the sender drops its own before parsing them).
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestDatabase, describeWithPostgres } from '../../../test/postgres';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../db/database';
import { createEventBus, type LiveMessage } from '../live/index';
import { createCluster, type Cluster } from './cluster';

describeWithPostgres('the cluster relay (PostgreSQL)', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let url: string;
  const members: Cluster[] = [];
  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    url = db.url;
    handle = openDatabase({ kind: 'postgres', url });
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    for (const m of members) await m.stop();
    await handle?.destroy();
    await drop?.();
  });

  async function member() {
    const bus = createEventBus();
    const cluster = createCluster({
      db: handle.db,
      postgresUrl: url,
      bus,
      log: pino({ level: 'silent' }),
      heartbeatMs: 200,
      leaseMs: 1000,
    });
    await cluster.start();
    members.push(cluster);
    const seen: string[] = [];
    const remote: string[] = [];
    bus.subscribe((m: LiveMessage) => seen.push((m.payload as { id: string }).id));
    bus.onRemote('job_update', (p) => remote.push(p.id));
    return { bus, seen, remote, id: cluster.id, cluster };
  }

  const job = (id: string) => ({
    id,
    type: 'reboot' as const,
    status: 'pending' as const,
    deviceId: 'd1',
    error: null,
    operationId: null,
  });

  it('relays nothing while a member is alone, to a silent one whose row is kept, and to a member that starts from its start on', async () => {
    // A listener on the channel that is no member: it sees what is sent, and counts for no process.
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    const sent: string[] = [];
    listener.on('notification', (n) => sent.push(n.payload ?? ''));
    await listener.query('LISTEN provisor_events');
    try {
      const a = await member();
      const pause = () => new Promise((r) => setTimeout(r, 500));
      for (let i = 0; i < 5; i++) a.bus.publish('job_update', job(`alone-${i}`));
      await pause();
      expect(sent.filter((p) => p.includes('alone-'))).toEqual([]);
      // Its hello went out, and nothing else.
      expect(sent).toEqual([`{"o":${JSON.stringify(a.id)},"m":[],"h":1}`]);
      // A process silent for ten minutes, its row still there (stalled, not stopped): relayed to.
      const ghost = new Date(Date.now() - 600_000).toISOString();
      await handle.db
        .insertInto('cluster_processes')
        .values({ id: 'ghost', host: 'h', pid: 1, started_at: ghost, heartbeat_at: ghost })
        .execute();
      await pause();
      a.bus.publish('job_update', job('to-the-silent-one'));
      await pause();
      expect(sent.filter((p) => p.includes('to-the-silent-one'))).toHaveLength(1);
      // Gone (stopped, or pruned after an hour): alone again.
      await handle.db.deleteFrom('cluster_processes').where('id', '=', 'ghost').execute();
      await pause();
      a.bus.publish('job_update', job('alone-again'));
      await pause();
      expect(sent.filter((p) => p.includes('alone-again'))).toEqual([]);
      // b's start waits for a's answer to its hello: what a publishes next reaches b.
      const b = await member();
      a.bus.publish('job_update', job('together'));
      const deadline = Date.now() + 5000;
      while (!b.remote.includes('together') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(b.remote).toEqual(['together']);
      // Gone, for the next test's two members to be alone together.
      for (const m of [a, b]) {
        await m.cluster.stop();
        members.splice(members.indexOf(m.cluster), 1);
      }
    } finally {
      await listener.end();
    }
  });

  it("hands one member's events to the other, and none back to itself", async () => {
    const a = await member();
    const b = await member();
    // More than one NOTIFY payload's worth (about 7,600 bytes each).
    const ids = Array.from({ length: 300 }, (_, i) => `job-${i}`);
    // The echo of a's own payloads is never parsed (13 MB of JSON after a bulk call of 100,000).
    const parse = vi.spyOn(JSON, 'parse');
    for (const id of ids) a.bus.publish('job_update', job(id));
    b.bus.publish('job_update', job('from-b'));
    const deadline = Date.now() + 5000;
    while ((b.remote.length < ids.length || a.remote.length < 1) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
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
