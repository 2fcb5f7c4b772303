import { afterEach, describe, expect, it } from 'vitest';
import { connectionRequest } from '../../test/cr-client';
import { rig } from '../../test/fixtures';
import type { Rig } from '../../test/fixtures';
import { faultsFor, selected, validateFaults } from './fault-plan';

let r: Rig | undefined;
afterEach(async () => {
  await r?.close();
  r = undefined;
});

describe('fault selection', () => {
  it('picks about share·N devices, evenly and deterministically', () => {
    const picked = Array.from({ length: 100 }, (_, i) => i + 1).filter((i) => selected(i, 0.1));
    expect(picked).toHaveLength(10);
    expect(picked).toEqual(Array.from({ length: 100 }, (_, i) => i + 1).filter((i) => selected(i, 0.1)));
    expect(selected(5, 0)).toBe(false);
    expect(selected(5, 1)).toBe(true);
  });

  it('refuses shares outside [0, 1] and non-CPE fault codes, saying what is expected', () => {
    expect(() => validateFaults({ offlineShare: 10 })).toThrow(/between 0 and 1/);
    expect(() => validateFaults({ spvFaultCode: 8002 })).toThrow(/9000-9899/);
    expect(faultsFor(1, { slowShare: 1, slowMs: 5 }).slowMs).toBe(5);
  });
});

describe('download faults', () => {
  it('makes the given share of devices refuse Downloads with the given code (9010 by default)', () => {
    const refusing = Array.from({ length: 30 }, (_, i) => faultsFor(i + 1, { downloadFaultShare: 0.2 }))
      .map((f) => f.downloadFault)
      .filter((c) => c !== 0);
    expect(refusing).toEqual(Array(6).fill(9010));
    expect(faultsFor(2, { downloadFaultShare: 1, downloadFaultCode: 9017 }).downloadFault).toBe(9017);
    expect(() => validateFaults({ downloadFaultCode: 42 })).toThrow(
      /downloadFaultCode must be a CPE fault code/,
    );
  });
});

describe('fault injection in a running fleet', () => {
  it('keeps offline devices silent: no inform, and their connection requests are reset', async () => {
    r = await rig({ count: 4, faults: { offlineShare: 0.5 } });
    await r.fleet.waitForSessions(2);
    await new Promise((res) => setTimeout(res, 50));
    const offline = r.fleet.devices.filter((d) => d.faults.offline);
    expect(offline).toHaveLength(2);
    expect(r.fleet.stats()).toMatchObject({ offline: 2, sessionsOk: 2 });
    for (const d of offline) expect(r.acs.sessionsOf(d.serial)).toHaveLength(0);
    const d = offline[0]!;
    await expect(
      connectionRequest(r.fleet.crServer.urlFor(d.serial), d.serial, `cr-${d.serial}`),
    ).rejects.toThrow(/socket hang up|ECONNRESET/);
  });

  it('delays each POST of slow devices by slowMs', async () => {
    r = await rig({ faults: { slowShare: 1, slowMs: 60 } });
    const started = Date.now();
    r.acs.queue('SIM000001', { name: 'GetRPCMethods' });
    await r.fleet.waitForSessions(1);
    // Inform, response, empty POST: three POSTs, each after 60 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(170);
  });

  it('fails the configured share of SetParameterValues with the configured fault', async () => {
    r = await rig({ faults: { spvFailureRate: 1, spvFaultCode: 9002 } });
    r.acs.queue('SIM000001', {
      name: 'SetParameterValues',
      parameterList: [{ name: 'Device.Time.NTPServer2', type: 'string', value: 'x', raw: 'x' }],
      parameterKey: 'k',
    });
    await r.fleet.waitForSessions(1);
    expect(r.acs.receivedOf('SIM000001')[0]).toMatchObject({
      name: 'Fault',
      faultCode: 9002,
      soapFaultCode: 'Server',
    });
    expect(r.fleet.devices[0]!.getValue('Device.Time.NTPServer2')).toBe('');
  });

  it('refuses partial paths in GetParameterValues with the configured fault, and reads full names', async () => {
    expect(() => validateFaults({ partialPathFaultCode: 42 })).toThrow(/partialPathFaultCode.*9000-9899/);
    r = await rig({ faults: { partialPathShare: 1 } });
    r.acs.queue('SIM000001', { name: 'GetParameterValues', parameterNames: ['Device.DeviceInfo.'] });
    r.acs.queue('SIM000001', {
      name: 'GetParameterValues',
      parameterNames: ['Device.DeviceInfo.Manufacturer'],
    });
    await r.fleet.waitForSessions(1);
    const [refused, read] = r.acs.receivedOf('SIM000001');
    expect(refused).toMatchObject({ name: 'Fault', faultCode: 9005 });
    expect(read).toMatchObject({
      name: 'GetParameterValuesResponse',
      parameterList: [{ name: 'Device.DeviceInfo.Manufacturer' }],
    });
  });

  it('drops connection requests: 200 without a session, or no answer at all', async () => {
    r = await rig({ count: 2, faults: { crDropShare: 1, crDropMode: 'no-session' } });
    await r.fleet.waitForSessions(2);
    const res = await connectionRequest(r.fleet.crServer.urlFor('SIM000001'), 'SIM000001', 'cr-SIM000001');
    expect(res.status).toBe(200);
    await new Promise((res2) => setTimeout(res2, 100));
    expect(r.acs.sessionsOf('SIM000001')).toHaveLength(1);
    await r.close();
    r = await rig({ faults: { crDropShare: 1, crDropMode: 'no-answer' } });
    await r.fleet.waitForSessions(1);
    const pending = connectionRequest(r.fleet.crServer.urlFor('SIM000001'), 'SIM000001', 'cr-SIM000001');
    const outcome = await Promise.race([
      pending.then(
        () => 'answered',
        () => 'reset',
      ),
      new Promise((res2) => setTimeout(() => res2('silent'), 150)),
    ]);
    expect(outcome).toBe('silent');
    await r.close();
    r = undefined;
    await expect(pending).rejects.toThrow();
  });
});
