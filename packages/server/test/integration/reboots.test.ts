// Issue 23 point 2: reboots and factory resets that finish, and no wait for a router that holds its
// queue forever. Simulated routers of each kind the issue names come back over real HTTP: with 1 BOOT
// alone or M Reboot with an empty CommandKey after Reboot, with 1 BOOT alone after FactoryReset, or
// never (then the server's sweep fails the job once its bound passes).
import type { Fleet, FleetOptions } from '@provisor/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config';
import { bearer } from '../helpers';
import { multipart } from '../multipart';
import { startAcs, type Acs } from './rig';

const SSID = 'Device.WiFi.SSID.1.SSID';
// The job's answer is checked field by field; a loose type keeps the test readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

function rig(overrides: Partial<Config>) {
  let acs: Acs;
  let next = 1;
  beforeAll(async () => {
    acs = await startAcs(overrides);
  });
  afterAll(async () => acs?.close());

  /** One router of this kind, bootstrapped, with its connection-request credentials set. */
  async function router(reboots: FleetOptions['reboots']) {
    const index = next++;
    const fleet: Fleet = await acs.fleet({
      count: 1,
      firstIndex: index,
      serialTemplate: 'RB{i:03}',
      reboots,
    });
    const serial = `RB${String(index).padStart(3, '0')}`;
    await fleet.waitForSessions(1);
    await acs.waitFor(
      'connection request credentials',
      async () => (await acs.deviceBySerial(serial)).connectionRequestUsername !== '',
    );
    await acs.waitFor(
      'the device back online',
      async () => (await acs.deviceBySerial(serial)).status === 'online',
    );
    const id = (await acs.deviceBySerial(serial)).id as string;
    return {
      id,
      sim: () => fleet.device(serial)!,
      status: async () => (await acs.deviceBySerial(serial)).status as string,
      async create(path: string, body?: object): Promise<string> {
        const res = await acs.api('POST', `/api/devices/${id}/${path}`, body);
        expect(res.status, JSON.stringify(res.json())).toBe(200);
        return res.json().job.id;
      },
    };
  }
  const job = async (jobId: string): Promise<Json> =>
    (await acs.api('GET', `/api/provisioning/jobs/${jobId}`)).json().job;
  const finished = (jobId: string, timeoutMs = 15_000): Promise<Json> => acs.jobFinished(jobId, timeoutMs);
  return { acs: () => acs, router, job, finished };
}

describe('a reboot or factory reset finishes on the router’s next boot, whatever it reports', () => {
  const r = rig({});

  it('Reboot answered by 1 BOOT alone (no M Reboot) completes, says the CommandKey did not match, and the next job runs', async () => {
    const device = await r.router({ rebootEvents: 'boot-only' });
    const reboot = await device.create('reboot');
    const after = await device.create('set-parameters', {
      parameters: [{ name: SSID, value: 'after-boot-only', type: 'xsd:string' }],
    });
    const done = await r.finished(reboot);
    expect(done).toMatchObject({ status: 'completed', error: null, result: { commandKeyMatched: false } });
    expect(done.result.events).toContain('1 BOOT');
    expect(done.result.events).not.toContain('M Reboot');
    expect(await r.finished(after)).toMatchObject({ status: 'completed' });
    expect(device.sim().getValue(SSID)).toBe('after-boot-only');
    expect(await device.status()).toBe('online');
  });

  it('Reboot answered by M Reboot with an empty CommandKey completes, saying the key did not match', async () => {
    const device = await r.router({ rebootEvents: 'empty-command-key' });
    const reboot = await device.create('reboot');
    const after = await device.create('set-parameters', {
      parameters: [{ name: SSID, value: 'after-empty-key', type: 'xsd:string' }],
    });
    const done = await r.finished(reboot);
    expect(done).toMatchObject({ status: 'completed', result: { commandKeyMatched: false } });
    expect(done.result.events).toEqual(expect.arrayContaining(['1 BOOT', 'M Reboot']));
    expect(await r.finished(after)).toMatchObject({ status: 'completed' });
    expect(device.sim().getValue(SSID)).toBe('after-empty-key');
    expect(await device.status()).toBe('online');
  });

  it('Reboot answered by M Reboot with its CommandKey (the standard) completes, saying the key matched', async () => {
    const device = await r.router({});
    const done = await r.finished(await device.create('reboot'));
    expect(done).toMatchObject({ status: 'completed', result: { commandKeyMatched: true } });
    expect(done.result.events).toEqual(expect.arrayContaining(['1 BOOT', 'M Reboot']));
  });

  it('FactoryReset answered by 1 BOOT alone (no 0 BOOTSTRAP) completes, and the next job runs', async () => {
    const device = await r.router({ factoryResetEvents: 'boot-only' });
    const reset = await device.create('factory-reset');
    const after = await device.create('set-parameters', {
      parameters: [{ name: SSID, value: 'after-reset', type: 'xsd:string' }],
    });
    const done = await r.finished(reset);
    expect(done).toMatchObject({ status: 'completed', error: null });
    expect(done.result.events).toContain('1 BOOT');
    expect(done.result.events).not.toContain('0 BOOTSTRAP');
    expect(await r.finished(after)).toMatchObject({ status: 'completed' });
    expect(device.sim().getValue(SSID)).toBe('after-reset');
    expect(await device.status()).toBe('online');
  });
});

describe('a router that never comes back fails its job once the wait’s bound passes, and its queue moves', () => {
  const r = rig({ rebootTimeoutSeconds: 2, transferTimeoutSeconds: 2 });

  it('a Reboot with no boot after it fails with the reason; the device leaves provisioning; the next job runs once it is back', async () => {
    const device = await r.router({ comesBack: false });
    const reboot = await device.create('reboot');
    const after = await device.create('set-parameters', {
      parameters: [{ name: SSID, value: 'after-outage', type: 'xsd:string' }],
    });
    await r
      .acs()
      .waitFor(
        'the reboot acknowledged',
        async () => (await r.job(reboot)).status === 'running' && device.sim().down,
      );
    expect(await device.status()).toBe('provisioning');
    const failed = await r.finished(reboot);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(
      'The device acknowledged the reboot but did not come back within 2 seconds (no Inform with 1 BOOT, M Reboot or 0 BOOTSTRAP). Check that it has power and can reach the ACS, then retry.',
    );
    expect(await device.status()).toBe('error');
    expect((await r.job(after)).status).toBe('pending');
    // Power restored: the router boots (1 BOOT, no M Reboot) and the job behind the reboot runs.
    device.sim().boot();
    expect(await r.finished(after)).toMatchObject({ status: 'completed' });
    expect(device.sim().getValue(SSID)).toBe('after-outage');
    expect(await device.status()).toBe('online');
  });

  it('a FactoryReset with no boot after it fails with the reason, and the device leaves provisioning', async () => {
    const device = await r.router({ comesBack: false });
    const failed = await r.finished(await device.create('factory-reset'));
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(
      /^The device acknowledged the factory reset but did not come back within 2 seconds \(no Inform with 0 BOOTSTRAP or 1 BOOT\)\. A reset device may have lost its ACS URL or credentials/,
    );
    expect(await device.status()).toBe('error');
  });

  it('a firmware download whose TransferComplete never comes (the router does not come back from the new image) fails with the reason', async () => {
    const device = await r.router({ comesBack: false });
    const body = multipart(
      { kind: 'firmware' },
      { field: 'file', name: 'fw-3.0.bin', content: 'PROVISOR-FIRMWARE 3.0.0-sim\n' },
    );
    const up = await r.acs().app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...bearer(r.acs().token), ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    const upgrade = await device.create('firmware-upgrade', {
      fileId: up.json().file.id,
      version: '3.0.0-sim',
    });
    const failed = await r.finished(upgrade);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(
      "The device accepted the firmware download but did not report it finished (TransferComplete) within 2 seconds. Check that it can reach this server's file URL, then retry.",
    );
    expect(await device.status()).toBe('error');
  });
});
