// Issue 23, points 5 and 9: what the ACS learns of a router's tree by itself (discover-tree at
// bootstrap, bounded per session, after the operators' jobs), and a refresh that a router refuses
// as a partial path, read by name instead, never leaving a name without its value.
import type { Fleet, SimDevice } from '@provisor/sim';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config';
import { DISCOVERY_RPCS_PER_SESSION } from '../../src/modules/jobs/types/discover-tree';
import { describeWithSharedData, sharedDataPath } from '../../../../test-support/shared-data';
import { startAcs, type Acs } from './rig';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

let acs: Acs | undefined;
afterEach(async () => {
  await acs?.close();
  acs = undefined;
});

async function start(overrides: Partial<Config>): Promise<Acs> {
  acs = await startAcs(overrides);
  return acs;
}

/** Every parameter (not object) of a simulated router, with the value it answers. */
function simTree(device: SimDevice): Map<string, string> {
  const tree = new Map<string, string>();
  for (const node of device.state.tree.walk()) {
    if (node.object) continue;
    // Hidden parameters read back empty (TR-069 Amendment 6, A.3.2.1).
    const hidden = /(Password|Passphrase|PreSharedKey|WEPKey)$/.test(node.name);
    tree.set(node.name, hidden ? '' : node.value);
  }
  return tree;
}

async function storedTree(a: Acs, id: string): Promise<Map<string, Json>> {
  const res = await a.api('GET', `/api/devices/${id}/parameters`);
  expect(res.status).toBe(200);
  return new Map(res.json().parameters.map((p: Json) => [p.name, p]));
}

async function jobsOf(a: Acs, id: string, type: string): Promise<Json[]> {
  const res = await a.api('GET', `/api/devices/${id}/jobs?limit=100`);
  return res.json().jobs.filter((j: Json) => j.type === type);
}

async function finished(a: Acs, jobId: string): Promise<Json> {
  return a.jobFinished(jobId);
}

/** The RPCs of each session in a simulated router's log, in order. */
function rpcsBySession(device: SimDevice): string[][] {
  const sessions: string[][] = [];
  for (const e of device.sessionLog.entries) {
    if (e.kind === 'inform') sessions.push([]);
    else if (e.kind === 'rpc') sessions.at(-1)?.push(e.name);
  }
  return sessions;
}

describe('discovery: the ACS reads a new router’s whole tree by itself', () => {
  it('a new router bootstraps and its whole tree is stored with values, and its interval is known', async () => {
    const a = await start({ discoverTree: true });
    const fleet = await a.fleet({ count: 1, serialTemplate: 'DISC{i:02}', periodicInterval: 60 });
    await fleet.waitForSessions(1);
    const id = (await a.deviceBySerial('DISC01')).id;
    const [job] = await a.waitFor('discovery to finish', async () => {
      const jobs = await jobsOf(a, id, 'discover-tree');
      return jobs[0]?.status === 'completed' ? jobs : undefined;
    });
    const sim = simTree(fleet.device('DISC01')!);
    expect(job.result.count).toBe(sim.size);
    const stored = await storedTree(a, id);
    for (const [name, value] of sim) expect(stored.get(name)?.value, name).toBe(value);
    expect(stored.get('Device.DeviceInfo.Manufacturer')).toMatchObject({
      value: 'Provisor',
      writable: false,
    });
    expect((await a.deviceBySerial('DISC01')).periodicInformInterval).toBe(60);
    // Discovery is the ACS's own work: the device's history shows it, the fleet-wide list does not.
    const fleetWide = (await a.api('GET', '/api/provisioning/jobs?limit=100')).json();
    expect(fleetWide.jobs.map((j: Json) => j.type)).not.toContain('discover-tree');
  });

  it('a router informing every 60 s goes offline on the rule with its own interval, not the 300 s default', async () => {
    const a = await start({ discoverTree: true, offlineGraceSeconds: 0 });
    const fleet = await a.fleet({ count: 1, serialTemplate: 'MIN{i:02}', periodicInterval: 60 });
    await fleet.waitForSessions(1);
    await a.waitFor(
      'the interval to be learnt',
      async () => (await a.deviceBySerial('MIN01')).periodicInformInterval === 60,
    );
    await fleet.stop();
    const device = await a.deviceBySerial('MIN01');
    expect(device.status).toBe('online');
    const last = Date.parse(device.lastInformAt!);
    const devices = a.app.services.devices;
    // Twice its 60 s plus no grace: still online at 119 s, offline at 121 s (with 300 s: 600 s).
    expect(await devices.sweepOffline(last + 119_000)).toBe(0);
    expect((await a.deviceBySerial('MIN01')).status).toBe('online');
    expect(await devices.sweepOffline(last + 121_000)).toBe(1);
    expect((await a.deviceBySerial('MIN01')).status).toBe('offline');
  });
});

describe('a router that refuses partial paths in GetParameterValues', () => {
  it('refresh of the whole tree falls back to names in batches and leaves no empty value', async () => {
    const a = await start({});
    const fleet = await a.fleet({
      count: 1,
      serialTemplate: 'PART{i:02}',
      faults: { partialPathShare: 1 },
    });
    await fleet.waitForSessions(1);
    const id = (await a.deviceBySerial('PART01')).id;
    const res = await a.api('POST', `/api/devices/${id}/refresh`, { path: '' });
    expect(res.status).toBe(200);
    const job = await finished(a, res.json().job.id);
    expect(job).toMatchObject({ status: 'completed', error: null });
    // The router did refuse the partial path: one 9005, then values by name.
    expect(rpcsBySession(fleet.device('PART01')!).flat()).toContain('GetParameterValues');
    expect(
      fleet.device('PART01')!.sessionLog.entries.some((e) => e.kind === 'rpc' && e.faultCode === 9005),
    ).toBe(true);
    const sim = simTree(fleet.device('PART01')!);
    expect(job.result.count).toBe(sim.size);
    const stored = await storedTree(a, id);
    for (const [name, value] of sim) expect(stored.get(name)?.value, name).toBe(value);
    expect(stored.get('Device.DeviceInfo.Manufacturer')?.value).toBe('Provisor');
  });

  it('a refresh that fails after GetParameterNames keeps stored values and adds no name without its value', async () => {
    // One RPC per session: the GetParameterNames is answered, its GetParameterValues never sent;
    // after the last attempt the refresh fails.
    const a = await start({ cwmpMaxRpcsPerSession: 1 });
    const fleet: Fleet = await a.fleet({
      count: 1,
      serialTemplate: 'FAIL{i:02}',
      faults: { partialPathShare: 1 },
    });
    await fleet.waitForSessions(1);
    const id = (await a.deviceBySerial('FAIL01')).id;
    const got = await a.api('POST', `/api/devices/${id}/get-parameters`, {
      parameters: ['Device.DeviceInfo.Manufacturer'],
    });
    expect((await finished(a, got.json().job.id)).status).toBe('completed');
    const before = await storedTree(a, id);
    expect(before.get('Device.DeviceInfo.Manufacturer')?.value).toBe('Provisor');
    const res = await a.api('POST', `/api/devices/${id}/refresh`, { path: 'Device.DeviceInfo.' });
    const jobId = res.json().job.id;
    const sim = fleet.device('FAIL01')!;
    const job = await a.waitFor(
      'the refresh to fail',
      async () => {
        const j = (await a.api('GET', `/api/provisioning/jobs/${jobId}`)).json().job;
        if (j.status === 'failed') return j;
        if (!sim.inSession) sim.informNow(['6 CONNECTION REQUEST']);
        return undefined;
      },
      15_000,
    );
    expect(job.error).toMatch(/did not answer refresh/);
    const after = await storedTree(a, id);
    // Values kept; GetParameterNames may only have added their writability.
    for (const [name, p] of before)
      expect(after.get(name), name).toMatchObject({ value: p.value, type: p.type });
    // Nothing learnt from GetParameterNames alone: no name the tree did not have before.
    expect([...after.keys()].filter((n) => !before.has(n))).toEqual([]);
  });
});

describeWithSharedData('discovery of a real 5,000-parameter tree (TP-Link EX220 dump)', () => {
  it('is spread over sessions, bounded per session, and lets an operator job go first', async () => {
    const a = await start({ discoverTree: true });
    const fleet = await a.fleet({
      count: 1,
      serialTemplate: 'EX{i:02}',
      model: 'ex220',
      modelsDir: sharedDataPath('devices'),
      // The 5,000-name GetParameterNamesResponse takes a while on a loaded machine: a router's
      // patience (icwmp waits 30 s), not the rig's short one, so no session is cut mid-step.
      httpTimeoutMs: 30_000,
    });
    await fleet.waitForSessions(1);
    const sim = fleet.device('EX01')!;
    const id = (await a.deviceBySerial('EX01')).id;
    const discovery = async () => (await jobsOf(a, id, 'discover-tree'))[0];
    // The first session read a bounded part, the interval included; the rest waits.
    await a.waitFor('the first step to end', async () => (await discovery())?.status === 'pending');
    expect((await a.deviceBySerial('EX01')).periodicInformInterval).toBe(3600);
    expect((await a.deviceBySerial('EX01')).status).toBe('online');

    // An operator job arriving meanwhile runs first in the next session.
    const res = await a.api('POST', `/api/devices/${id}/set-parameters`, {
      parameters: [{ name: 'Device.DeviceInfo.ProvisioningCode', value: 'op-first', type: 'xsd:string' }],
    });
    expect((await finished(a, res.json().job.id)).status).toBe('completed');
    // The job completes at its answer; the session goes on with discovery, so read it once ended.
    await a.waitFor("the operator job's session to end", async () => !sim.inSession);
    // (The first session's SetParameterValues is the ACS's own connection-request credentials.)
    const withOperator = rpcsBySession(sim)
      .slice(1)
      .find((s) => s.includes('SetParameterValues'));
    expect(withOperator?.[0]).toBe('SetParameterValues');
    // Discovery went on after it, in the same session.
    expect(withOperator?.slice(1), JSON.stringify(sim.sessionLog.entries)).toContain('GetParameterValues');

    // Later sessions go on until the whole tree is read.
    await a.waitFor(
      'discovery to finish',
      async () => {
        const job = await discovery();
        if (job?.status === 'completed') return true;
        if (!sim.inSession) sim.informNow(['2 PERIODIC']);
        return false;
      },
      60_000,
    );
    const sessions = rpcsBySession(sim);
    const reads = sessions.map((s) => s.filter((n) => n.startsWith('GetParameter')).length);
    expect(Math.max(...reads)).toBeLessThanOrEqual(DISCOVERY_RPCS_PER_SESSION);
    expect(reads.filter((n) => n > 0).length).toBeGreaterThan(2);
    const tree = simTree(sim);
    const stored = await storedTree(a, id);
    for (const [name, value] of tree) expect(stored.get(name)?.value, name).toBe(value);
  }, 90_000);
});
