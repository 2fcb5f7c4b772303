// Issue 5 acceptance: Provisor's CWMP engine with the project's own simulated routers on loopback.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import WebSocket from 'ws';
import { startAcs, type Acs } from './rig';

describe('ACS engine with simulated routers', () => {
  let acs: Acs;
  beforeAll(async () => {
    acs = await startAcs({ defaultInformInterval: 1, offlineGraceSeconds: 0 });
  });
  afterAll(async () => acs.close());

  it('100 simulated routers bootstrap and appear with identity, versions, status and lastInformAt; periodic Informs update', async () => {
    // An ACS of its own with the default inform interval: with the suite's 1 s (for the offline test
    // below), a router informed 2 s ago is offline, and bootstrapping 100 can take longer on a busy machine.
    const acs = await startAcs();
    onTestFinished(() => acs.close());
    const fleet = await acs.fleet({ count: 100, serialTemplate: 'BOOT{i:04}', model: 'tr181' });
    await fleet.waitForSessions(100, 20_000);
    const list = (await acs.api('GET', '/api/devices?search=BOOT&limit=1000')).json();
    expect(list.total).toBe(100);
    expect(list.devices[0]).toMatchObject({
      serialNumber: 'BOOT0001',
      oui: '50524F',
      productClass: 'SimRouter',
      manufacturer: 'Provisor',
      softwareVersion: '1.0.0',
      hardwareVersion: 'HW1.0',
      status: 'online',
      lastEvents: expect.arrayContaining(['0 BOOTSTRAP', '1 BOOT']),
    });
    expect(list.devices[0].connectionRequestUrl).toBe(fleet.crServer.urlFor('BOOT0001'));
    const first = Date.parse(list.devices[0].lastInformAt);
    for (const d of fleet.devices) d.informNow(['2 PERIODIC']);
    await fleet.waitForSessions(200, 20_000);
    const again = (await acs.api('GET', '/api/devices?search=BOOT&limit=1000')).json();
    expect(again.total).toBe(100);
    expect(again.devices[0].lastEvents).toEqual(['2 PERIODIC']);
    expect(Date.parse(again.devices[0].lastInformAt)).toBeGreaterThanOrEqual(first);
    await fleet.stop();
  });

  it('a connection request makes the router open a session with 6 CONNECTION REQUEST within a second; test-connection tells reachable, bad credentials and unreachable', async () => {
    const fleet = await acs.fleet({ count: 2, serialTemplate: 'CR{i:04}' });
    await fleet.waitForSessions(2);
    const device = await acs.deviceBySerial('CR0001');
    const started = Date.now();
    const ok = (await acs.api('POST', `/api/devices/${device.id}/test-connection`)).json();
    expect(ok).toMatchObject({ success: true, outcome: 'reachable' });
    const sim = fleet.device('CR0001')!;
    await fleet.waitUntil(
      () => sim.sessionLog.entries.some((e) => JSON.stringify(e).includes('6 CONNECTION REQUEST')),
      1000,
      'a 6 CONNECTION REQUEST session',
    );
    expect(Date.now() - started).toBeLessThan(1000);
    await acs.waitFor('lastEvents to show the connection request', async () =>
      (await acs.deviceBySerial('CR0001')).lastEvents.includes('6 CONNECTION REQUEST'),
    );
    await acs.api('PUT', `/api/devices/${device.id}`, { connectionRequestPassword: 'wrong' });
    expect((await acs.api('POST', `/api/devices/${device.id}/test-connection`)).json()).toMatchObject({
      success: false,
      outcome: 'auth-failed',
    });
    const other = await acs.deviceBySerial('CR0002');
    fleet.device('CR0002')!.faults.offline = true;
    expect((await acs.api('POST', `/api/devices/${other.id}/test-connection`)).json()).toMatchObject({
      success: false,
      outcome: 'refused',
    });
    await fleet.stop();
  });

  it('gives each router a connection-request password of its own, never the global one', async () => {
    const saved = await acs.api('PUT', '/api/settings', {
      connectionRequest: { username: 'cr-global', password: 'cr-global-secret' },
    });
    expect(saved.status).toBe(200);
    try {
      const fleet = await acs.fleet({ count: 2, serialTemplate: 'OWNCR{i:02}' });
      await fleet.waitForSessions(2);
      await acs.waitFor('the connection-request credentials to be set', async () => {
        const devices = await Promise.all(['OWNCR01', 'OWNCR02'].map((s) => acs.deviceBySerial(s)));
        return devices.every((d) => d.connectionRequestUsername !== '');
      });
      const passwords = ['OWNCR01', 'OWNCR02'].map((s) =>
        fleet.device(s)!.getValue('Device.ManagementServer.ConnectionRequestPassword'),
      );
      expect(passwords).not.toContain('cr-global-secret');
      expect(new Set(passwords).size).toBe(2);
      for (const s of ['OWNCR01', 'OWNCR02']) {
        expect(fleet.device(s)!.getValue('Device.ManagementServer.ConnectionRequestUsername')).toBe(
          'cr-global',
        );
        const device = await acs.deviceBySerial(s);
        const test = await acs.api('POST', `/api/devices/${device.id}/test-connection`);
        expect(test.json()).toMatchObject({ success: true, outcome: 'reachable' });
      }
      await fleet.stop();
    } finally {
      await acs.api('PUT', '/api/settings', { connectionRequest: { username: '', password: '' } });
    }
  });

  it('a router that stops informing turns offline, and the change reaches a /ws client', async () => {
    const fleet = await acs.fleet({ count: 1, serialTemplate: 'QUIET{i:02}' });
    await fleet.waitForSessions(1);
    const device = await acs.deviceBySerial('QUIET01');
    expect(device.status).toBe('online');
    const ws = new WebSocket(`${acs.url.replace('http', 'ws')}ws`, ['provisor', acs.token]);
    const offline = new Promise<unknown>((resolve) =>
      ws.on('message', (data) => {
        const m = JSON.parse(String(data));
        if (
          m.type === 'device_status_update' &&
          m.payload.deviceId === device.id &&
          m.payload.status === 'offline'
        )
          resolve(m.payload);
      }),
    );
    await new Promise((r) => ws.once('open', r));
    await fleet.stop();
    expect(await offline).toMatchObject({
      serialNumber: 'QUIET01',
      status: 'offline',
      oui: '50524F',
      productClass: 'SimRouter',
    });
    expect((await acs.deviceBySerial('QUIET01')).status).toBe('offline');
    ws.close(1000);
  });

  it('turning cwmp.authRequired on makes routers without credentials fail at once; routers with them get in with Digest', async () => {
    const put = await acs.api('PUT', '/api/settings', {
      cwmp: { authRequired: true, username: 'fleet', password: 'fleet-secret' },
    });
    expect(put.json().requiresRestart).toBe(false);
    try {
      const anonymous = await acs.fleet({ count: 1, serialTemplate: 'ANON{i:02}' });
      await anonymous.waitUntil(() => anonymous.stats().sessionsFailed >= 1, 5000, 'a refused session');
      expect(anonymous.stats().sessionsOk).toBe(0);
      expect(await acs.countBySerial('ANON01')).toBe(0);
      const wrong = await acs.fleet({
        count: 1,
        serialTemplate: 'WRONG{i:02}',
        auth: { username: 'fleet', password: 'nope' },
      });
      await wrong.waitUntil(() => wrong.stats().sessionsFailed >= 1, 5000, 'a refused session');
      const right = await acs.fleet({
        count: 3,
        serialTemplate: 'AUTH{i:02}',
        auth: { username: 'fleet', password: 'fleet-secret' },
      });
      await right.waitForSessions(3);
      expect((await acs.deviceBySerial('AUTH01')).status).toBe('online');
      await Promise.all([anonymous.stop(), wrong.stop(), right.stop()]);
    } finally {
      await acs.api('PUT', '/api/settings', { cwmp: { authRequired: false } });
    }
  });
});
