// Issue 20, acceptance: three real Provisor processes on one PostgreSQL behind Debian's HAProxy with
// the shipped configuration (deploy/haproxy.cfg), and 500 of the project's simulated routers.
// - A bulk set-parameters to all: every job completes, and each router received its
//   SetParameterValues exactly once (counted on the routers).
// - The same with a process paused (SIGSTOP) past its lease in the middle of the wave: the leader
//   takes its jobs over, and an answer that reaches it afterwards completes its job, sent once.
// - The same with the leading process killed (SIGKILL) in the middle of the wave: every job
//   completes, none twice, and its duties are taken over (a router that goes silent turns offline).
// - A setting changed through one process is in force on another within a second.
import { startFleet, type Fleet } from '@provisor/sim';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLOSE_SESSION_ENDED } from '../../src/modules/live/plugin';
import { haproxyBinary, startCluster, type ProvisorCluster } from '../../../../test-support/cluster';
import { multipart } from '../multipart';
import { createTestDatabase, describeWithPostgres } from '../postgres';
import { FAST_SIM } from './rig';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const ADMIN_PASSWORD = 'cluster-admin-password';
const ROUTERS = 500;
const SSID = 'Device.WiFi.SSID.1.SSID';

function describeWithHaproxy(name: string, fn: () => void): void {
  if (haproxyBinary()) describeWithPostgres(name, fn);
  else if (process.env.CI === 'true')
    describe(name, () => {
      it('needs HAProxy, which CI must install', () => {
        throw new Error('HAProxy is not installed; .ci/run installs it (apt-get install haproxy)');
      });
    });
  else describe.skip(`${name} [skipped: install HAProxy (apt-get install haproxy) to run]`, fn);
}

describeWithHaproxy('several processes on one PostgreSQL behind HAProxy (issue 20)', () => {
  let database: { url: string; drop: () => Promise<void> };
  let cluster: ProvisorCluster;
  let token = '';
  const fleets: Fleet[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    cluster = await startCluster({
      count: 3,
      databaseUrl: database.url,
      env: {
        PROVISOR_ADMIN_PASSWORD: ADMIN_PASSWORD,
        PROVISOR_SWEEP_INTERVAL_MS: '500',
        PROVISOR_CLUSTER_HEARTBEAT_MS: '500',
        PROVISOR_CLUSTER_LEASE_MS: '3000',
        PROVISOR_REWAKE_SECONDS: '5',
        PROVISOR_OFFLINE_GRACE: '1',
        PROVISOR_DISCOVER_TREE: 'false',
      },
    });
    const res = await fetch(`${cluster.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    token = ((await res.json()) as { token: string }).token;
  }, 120_000);

  afterAll(async () => {
    for (const f of fleets) await f.stop();
    await cluster?.stop();
    await database?.drop();
  }, 60_000);

  async function api(method: string, path: string, body?: object, base = cluster.url): Promise<Json> {
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(`${base}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
      } catch (err) {
        // A read that was on its way to the process killed below is asked again, as a console would.
        if (method === 'GET' && attempt < 3) continue;
        throw err;
      }
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text}`);
      return text ? JSON.parse(text) : null;
    }
  }

  async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 120_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const v = await check();
      if (v) return v;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /**
   * Waits until no job is pending or running (one read of the counts), so that the wave starts on
   * routers with nothing else to do. Online does not say so: a job that waits (pending) leaves a
   * router's status as it is. A router's credentials job from its bootstrap may still wait for its
   * next Inform: when HAProxy takes a busy process out of the rotation for a moment, the next messages
   * of that process's sessions go to another process, which ends them (204), and the jobs they were to
   * run wait for the router's next session (its periodic Inform: a connection request needs the
   * credentials that job sets).
   */
  async function nothingLeftToDo(): Promise<void> {
    await waitFor('no job pending or running', async () => {
      const counts = await api('GET', '/api/provisioning/stats');
      return counts.pending + counts.running === 0;
    });
  }

  /**
   * The routers of `fleet` that did not receive the SSID's SetParameterValues exactly once since
   * `since` (their own session logs), each with its log since then: empty when all did.
   */
  const notOnce = (fleet: Fleet, since: number): string[] =>
    fleet.devices.flatMap((d) => {
      const log = d.sessionLog.entries.filter((e) => e.at >= since);
      const sets = log.filter(
        (e) => e.kind === 'rpc' && e.name === 'SetParameterValues' && e.parameters?.includes(SSID),
      ).length;
      if (sets === 1) return [];
      const told = log.map((e) => {
        const what =
          e.kind === 'inform'
            ? `Inform ${e.events.map((v) => v.eventCode).join('+')}`
            : e.kind === 'rpc'
              ? `${e.name}${e.parameters ? `(${e.parameters.join(', ')})` : ''}`
              : e.kind === 'session-end'
                ? `end${e.ok ? '' : ` (${e.error})`}`
                : e.kind;
        return `+${e.at - since} ms ${what}`;
      });
      return [`${d.serial}: ${sets} times; ${told.join('; ')}`];
    });

  /**
   * Sets the SSID of every router of the fleet in one bulk operation, once no job is left to do
   * (`during` runs while it goes on), and checks the outcome: every job completed, each router
   * received the SSID's SetParameterValues once, and has the value.
   */
  async function wave(fleet: Fleet, value: string, during?: (operationId: string) => Promise<void>) {
    await nothingLeftToDo();
    const since = Date.now();
    const created = await api('POST', '/api/provisioning/bulk/set-parameters', {
      filter: { search: 'CLU' },
      parameters: [{ name: SSID, value }],
    });
    expect(created).toMatchObject({ created: ROUTERS, failed: 0 });
    const id = created.operationId as string;
    await during?.(id);
    const done = await waitFor(
      `the ${value} wave to finish`,
      async () => {
        const op = await api('GET', `/api/provisioning/operations/${id}`);
        return op.pending + op.running === 0 ? op : undefined;
      },
      240_000,
    );
    expect(done).toMatchObject({ total: ROUTERS, completed: ROUTERS, failed: 0, cancelled: 0 });
    expect(notOnce(fleet, since)).toEqual([]);
    for (const d of fleet.devices) expect(d.getValue(SSID)).toBe(value);
  }

  /** Waits until `share` of the routers' jobs of the operation completed (`what` names it). */
  const waveDone = (operationId: string, share: number, what: string) =>
    waitFor(what, async () => {
      const op = await api('GET', `/api/provisioning/operations/${operationId}`);
      return op.completed >= ROUTERS * share;
    });

  /** The OS process id of the process that leads (holds the advisory lock), from PostgreSQL. */
  async function leaderPid(): Promise<number | null> {
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    try {
      const r = await c.query<{ application_name: string }>(
        `select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and l.granted and a.datname = current_database()`,
      );
      const name = r.rows[0]?.application_name;
      return name ? Number(name.split(':').at(-2)) : null;
    } finally {
      await c.end();
    }
  }

  it('a bulk set-parameters to 500 routers completes, each router receiving its SetParameterValues once', async () => {
    const fleet = await startFleet({
      ...FAST_SIM,
      acsUrl: `${cluster.url}/`,
      count: ROUTERS,
      serialTemplate: 'CLU{i:04}',
      model: 'tr181',
    });
    fleets.push(fleet);
    await waitFor(
      '500 routers online',
      async () => (await api('GET', '/api/devices?search=CLU&status=online&limit=1')).total === ROUTERS,
    );
    await wave(fleet, 'Cluster-1');
  }, 300_000);

  it('a setting changed through one process is in force on another within a second', async () => {
    const [, second, third] = cluster.processes;
    const cwmpOn = async () => (await fetch(`${third!.url}/`, { method: 'POST', body: '' })).status !== 503;
    expect(await cwmpOn()).toBe(true);
    await api('PUT', '/api/settings', { cwmp: { enabled: false } }, second!.url);
    const changed = Date.now();
    await waitFor('CWMP to be off on the third process', async () => !(await cwmpOn()), 1000);
    expect(Date.now() - changed).toBeLessThan(1000);
    await api('PUT', '/api/settings', { cwmp: { enabled: true } }, second!.url);
    await waitFor('CWMP to be on again on the third process', cwmpOn, 1000);
  }, 30_000);

  it('a file uploaded through one process is served by every other (one files directory)', async () => {
    const [first, second, third] = cluster.processes;
    const content = `PROVISOR-FIRMWARE cluster ${Date.now()}\n`;
    const body = multipart({ kind: 'firmware' }, { field: 'file', name: 'fw-cluster.bin', content });
    const res = await fetch(`${first!.url}/api/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      body: body.payload,
    });
    expect(res.status).toBe(201);
    const { file } = (await res.json()) as { file: { id: string } };
    for (const other of [second!, third!]) {
      const download = await fetch(`${other.url}/api/files/${file.id}/download`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(download.status).toBe(200);
      expect(await download.text()).toBe(content);
    }
  });

  it('a sign-out through one process closes the live channel the session has open on another', async () => {
    const [, second, third] = cluster.processes;
    const login = await fetch(`${second!.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const session = ((await login.json()) as { token: string }).token;
    const socket = new WebSocket(`${third!.url.replace('http', 'ws')}/ws`, ['provisor', session]);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const out = await fetch(`${second!.url}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(out.status).toBe(204);
    expect(await closed).toBe(CLOSE_SESSION_ENDED);
    // And the token is refused by every process.
    const after = await fetch(`${third!.url}/api/auth/verify`, {
      headers: { authorization: `Bearer ${session}` },
    });
    expect(after.status).toBe(401);
  });

  it('connection requests to a router stay one per interval across the processes', async () => {
    const [first, second] = cluster.processes;
    const device = (await api('GET', '/api/devices?search=CLU0001')).devices[0];
    const test = (base: string) => api('POST', `/api/devices/${device.id}/test-connection`, {}, base);
    expect(await test(first!.url)).toMatchObject({ outcome: 'reachable' });
    expect(await test(second!.url)).toMatchObject({ outcome: 'rate-limited' });
  });

  it('with a process paused past its lease mid-wave, every router receives its SetParameterValues once', async () => {
    const fleet = fleets[0]!;
    const leader = await leaderPid();
    const paused = cluster.processes.find((p) => p.child.pid !== leader)!;
    await wave(fleet, 'Cluster-P', async (id) => {
      await waveDone(id, 1 / 10, 'a tenth of the wave done');
      // Past its lease (PROVISOR_CLUSTER_LEASE_MS): the leader takes over the jobs whose RPCs the
      // paused process has out, and the answers reach it once it goes on (a long GC pause, a stalled VM).
      paused.child.kill('SIGSTOP');
      await new Promise((r) => setTimeout(r, 4000));
      paused.child.kill('SIGCONT');
    });
  }, 300_000);

  it('with the leading process killed mid-wave, every job completes once and its duties are taken over', async () => {
    const fleet = fleets[0]!;
    const leader = await leaderPid();
    const killed = cluster.processes.find((p) => p.child.pid === leader);
    expect(killed, `the leader (pid ${leader}) is one of the three`).toBeDefined();
    await wave(fleet, 'Cluster-2', async (id) => {
      await waveDone(id, 1 / 3, 'a third of the wave done');
      killed!.child.kill('SIGKILL');
    });

    // Another process leads now, and does the sweep: a router that goes silent turns offline.
    await waitFor(
      'another process to lead',
      async () => {
        const pid = await leaderPid();
        return pid !== null && pid !== leader;
      },
      30_000,
    );
    const quiet = await startFleet({
      ...FAST_SIM,
      acsUrl: `${cluster.url}/`,
      count: 1,
      serialTemplate: 'QUIET{i:02}',
      model: 'tr181',
      // Real time: an interval of one second is a second.
      timeScale: 1,
    });
    fleets.push(quiet);
    const device = await waitFor(
      'the quiet router online',
      async () => (await api('GET', '/api/devices?search=QUIET01&status=online')).devices[0],
      30_000,
    );
    // It informs every second from now on, wherever it is served: the leader learns the interval.
    const { job } = await api('POST', `/api/devices/${device.id}/set-parameters`, {
      parameters: [
        { name: 'Device.ManagementServer.PeriodicInformInterval', value: '1', type: 'xsd:unsignedInt' },
      ],
    });
    await waitFor(
      'the interval set',
      async () => (await api('GET', `/api/provisioning/jobs/${job.id}`)).job.status === 'completed',
      30_000,
    );
    quiet.devices[0]!.faults.offline = true;
    await waitFor(
      'the silent router to turn offline',
      async () => (await api('GET', '/api/devices?search=QUIET01&status=offline')).total === 1,
      30_000,
    );
  }, 400_000);
});
