// Issue 7 acceptance: the server process is killed with SIGKILL in the middle of a 200-router bulk
// operation and started again on the same database: no job is lost and all complete.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startFleet, type Fleet } from '@provisor/sim';
import { afterAll, describe, expect, it } from 'vitest';
import { FAST_SIM } from './rig';

const repoRoot = resolve(import.meta.dirname, '..', '..', '..', '..');
const COUNT = 200;

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => res(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

describe('jobs survive SIGKILL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'provisor-kill-'));
  let server: ChildProcess | undefined;
  let fleet: Fleet | undefined;
  let log = '';
  afterAll(async () => {
    await fleet?.stop();
    server?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  async function start(port: number): Promise<ChildProcess> {
    const child = spawn(
      join(repoRoot, 'node_modules', '.bin', 'tsx'),
      [join(repoRoot, 'packages/server/src/main.ts')],
      {
        cwd: dir,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: `sqlite:${join(dir, 'provisor.db')}`,
          PROVISOR_ADMIN_PASSWORD: 'kill-test-password',
          PROVISOR_WEB_DIST: '',
          PROVISOR_LOG_LEVEL: 'warn',
          PROVISOR_CR_MIN_INTERVAL_MS: '0',
          PROVISOR_SWEEP_INTERVAL_MS: '200',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (d: Buffer) => (log += d));
    child.stderr?.on('data', (d: Buffer) => (log += d));
    for (let i = 0; i < 300; i++) {
      if (child.exitCode !== null) throw new Error(`server exited: ${log}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/auth/verify`)).status === 401) return child;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not start: ${log}`);
  }

  it('loses no job and completes them all after a restart', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = await start(port);
    const token = (
      (await (
        await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: 'kill-test-password' }),
        })
      ).json()) as { token: string }
    ).token;
    const api = async (path: string, body?: object) => {
      const res = await fetch(`${base}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
      return (await res.json()) as any;
    };
    // Half the routers answer slowly, so the kill lands while many jobs are still unfinished.
    fleet = await startFleet({
      ...FAST_SIM,
      acsUrl: `${base}/`,
      count: COUNT,
      serialTemplate: 'KILL{i:04}',
      periodicInterval: 300,
      faults: { slowShare: 0.5, slowMs: 150 },
    });
    const deadline = Date.now() + 60_000;
    let devices: { id: string; connectionRequestUsername: string }[] = [];
    while (Date.now() < deadline) {
      devices = (await api('/api/devices?limit=1000')).devices;
      if (devices.length === COUNT && devices.every((d) => d.connectionRequestUsername)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(devices).toHaveLength(COUNT);

    const bulk = await api('/api/provisioning/bulk/set-parameters', {
      deviceIds: devices.map((d) => d.id),
      parameters: [{ name: 'Device.Time.NTPServer1', value: 'hr.pool.ntp.org', type: 'xsd:string' }],
    });
    expect(bulk.created).toBe(COUNT);
    // Kill it mid-way: some jobs done, others not.
    let atKill = await api('/api/provisioning/stats');
    while (atKill.completed < 10) {
      await new Promise((r) => setTimeout(r, 20));
      atKill = await api('/api/provisioning/stats');
    }
    server.kill('SIGKILL');
    expect(atKill.completed).toBeLessThan(COUNT);
    await new Promise((r) => server!.once('exit', r));

    server = await start(port);
    let stats = { completed: 0, total: 0, failed: 0 };
    while (Date.now() < deadline + 60_000) {
      stats = await api('/api/provisioning/stats');
      if (stats.completed + stats.failed === COUNT) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(stats).toMatchObject({ total: COUNT, completed: COUNT, failed: 0 });
    expect(
      fleet.devices.filter((d) => d.getValue('Device.Time.NTPServer1') === 'hr.pool.ntp.org'),
    ).toHaveLength(COUNT);
  }, 180_000);
});
