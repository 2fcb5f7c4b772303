import { afterEach, describe, expect, it } from 'vitest';
import { connectionRequest } from '../../test/cr-client';
import { rig } from '../../test/fixtures';
import type { Rig } from '../../test/fixtures';

let r: Rig | undefined;
afterEach(async () => {
  await r?.close();
  r = undefined;
});

const SN = 'SIM000001';

describe('the connection-request server (TR-069 Amendment 6, 3.2.2)', () => {
  it('challenges with Digest, accepts the device credentials with 200, and a 6 CONNECTION REQUEST session follows', async () => {
    r = await rig();
    await r.fleet.waitForSessions(1);
    const d = r.fleet.device(SN)!;
    const url = d.getValue('Device.ManagementServer.ConnectionRequestURL')!;
    const res = await connectionRequest(url, SN, `cr-${SN}`);
    expect(res).toEqual({ firstStatus: 401, status: 200 });
    await r.fleet.waitForSessions(2);
    expect(r.acs.eventsOf(SN)[1]).toEqual(['6 CONNECTION REQUEST']);
    expect(r.fleet.stats().connectionRequests).toMatchObject({ accepted: 1, unauthorized: 1 });
  });

  it('answers 401 to wrong credentials and starts no session', async () => {
    r = await rig();
    await r.fleet.waitForSessions(1);
    const url = r.fleet.crServer.urlFor(SN);
    expect((await connectionRequest(url, SN, 'wrong')).status).toBe(401);
    expect((await connectionRequest(url, 'someone', `cr-${SN}`)).status).toBe(401);
    await new Promise((res) => setTimeout(res, 50));
    expect(r.acs.sessionsOf(SN)).toHaveLength(1);
  });

  it('uses the credentials the ACS set through SetParameterValues', async () => {
    r = await rig();
    r.acs.queue(SN, {
      name: 'SetParameterValues',
      parameterList: [
        {
          name: 'Device.ManagementServer.ConnectionRequestUsername',
          type: 'string',
          value: 'acs',
          raw: 'acs',
        },
        { name: 'Device.ManagementServer.ConnectionRequestPassword', type: 'string', value: 'pw', raw: 'pw' },
      ],
      parameterKey: '',
    });
    await r.fleet.waitForSessions(1);
    const url = r.fleet.crServer.urlFor(SN);
    expect((await connectionRequest(url, SN, `cr-${SN}`)).status).toBe(401);
    expect((await connectionRequest(url, 'acs', 'pw')).status).toBe(200);
  });

  it('answers 503 when requests come faster than crMinIntervalMs', async () => {
    r = await rig({ crMinIntervalMs: 60_000 });
    await r.fleet.waitForSessions(1);
    const url = r.fleet.crServer.urlFor(SN);
    expect((await connectionRequest(url, SN, `cr-${SN}`)).status).toBe(200);
    expect((await connectionRequest(url, SN, `cr-${SN}`)).status).toBe(503);
    await r.fleet.waitForSessions(2);
    expect(r.fleet.stats().connectionRequests.busy).toBe(1);
  });

  it('answers 503 while an accepted request has not started its session yet', async () => {
    r = await rig({ count: 2, maxConcurrentSessions: 1 });
    await r.fleet.waitForSessions(2);
    // Hold the only session slot with a long session of device 2, so device 1's session must wait.
    r.acs.queue('SIM000002', ...Array.from({ length: 30 }, () => ({ name: 'GetRPCMethods' as const })));
    r.fleet.device('SIM000002')!.informNow();
    const url = r.fleet.crServer.urlFor(SN);
    const first = await connectionRequest(url, SN, `cr-${SN}`);
    const second = await connectionRequest(url, SN, `cr-${SN}`);
    expect([first.status, second.status]).toEqual([200, 503]);
  });

  it('acknowledges a request during a session and runs a new session after it', async () => {
    r = await rig();
    await r.fleet.waitForSessions(1);
    r.acs.queue(SN, ...Array.from({ length: 20 }, () => ({ name: 'GetRPCMethods' as const })));
    const d = r.fleet.device(SN)!;
    d.informNow(['6 CONNECTION REQUEST']);
    await r.fleet.waitUntil(() => d.inSession, 2000);
    const res = await connectionRequest(r.fleet.crServer.urlFor(SN), SN, `cr-${SN}`);
    expect(res.status).toBe(200);
    await r.fleet.waitForSessions(3);
    expect(r.acs.eventsOf(SN)[2]).toEqual(['6 CONNECTION REQUEST']);
  });

  it('answers 404 for a serial it does not host', async () => {
    r = await rig();
    const res = await connectionRequest(r.fleet.crServer.urlFor('NOPE'), 'x', 'y');
    expect(res.status).toBe(404);
  });
});
