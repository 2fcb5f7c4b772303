// Issue 7 acceptance: the server process is killed with SIGKILL in the middle of a 200-router bulk
// operation and started again on the same database: no job is lost and all complete.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFleet, type Fleet } from '@provisor/sim';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  freePort,
  startProvisorProcess,
  type ProvisorProcess,
} from '../../../../test-support/provisor-process';
import { FAST_SIM } from './rig';

const COUNT = 200;

describe('jobs survive SIGKILL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'provisor-kill-'));
  let server: ProvisorProcess | undefined;
  let fleet: Fleet | undefined;
  afterAll(async () => {
    await fleet?.stop();
    server?.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  const start = (port: number) =>
    startProvisorProcess({
      dir,
      port,
      env: {
        PROVISOR_ADMIN_PASSWORD: 'kill-test-password',
        PROVISOR_WEB_DIST: '',
        PROVISOR_CR_MIN_INTERVAL_MS: '0',
        PROVISOR_SWEEP_INTERVAL_MS: '200',
      },
    });

  it('loses no job and completes them all after a restart', async () => {
    const port = await freePort();
    server = await start(port);
    const call = await apiClient(server.url, 'admin', 'kill-test-password');
    const api = (path: string, body?: object) => call<any>(path, body); // eslint-disable-line @typescript-eslint/no-explicit-any
    // Half the routers answer slowly, so the kill lands while many jobs are still unfinished.
    fleet = await startFleet({
      ...FAST_SIM,
      acsUrl: `${server.url}/`,
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
    let atKill = await api('/api/provisioning/stats');
    while (atKill.completed < 10) {
      await new Promise((r) => setTimeout(r, 20));
      atKill = await api('/api/provisioning/stats');
    }
    server.child.kill('SIGKILL');
    expect(atKill.completed).toBeLessThan(COUNT);
    await new Promise((r) => server!.child.once('exit', r));
    // The server itself died, not only a launcher in front of it: nothing answers on its port.
    await expect(fetch(`${server.url}/api/auth/verify`)).rejects.toThrow();

    server = await start(port);
    const again = await apiClient(server.url, 'admin', 'kill-test-password');
    let stats = { completed: 0, total: 0, failed: 0 };
    while (Date.now() < deadline + 60_000) {
      stats = await again<typeof stats>('/api/provisioning/stats');
      if (stats.completed + stats.failed === COUNT) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(stats).toMatchObject({ total: COUNT, completed: COUNT, failed: 0 });
    expect(
      fleet.devices.filter((d) => d.getValue('Device.Time.NTPServer1') === 'hr.pool.ntp.org'),
    ).toHaveLength(COUNT);
  }, 180_000);
});
