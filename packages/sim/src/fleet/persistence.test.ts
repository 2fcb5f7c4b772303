import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFleet } from './fleet';
import type { Fleet } from './fleet';
import { ScriptedAcs } from '../../test/scripted-acs';
import { FAST } from '../../test/fixtures';

const SN = 'SIM000001';
let acs: ScriptedAcs | undefined;
let fleet: Fleet | undefined;
let dir = '';

afterEach(async () => {
  await fleet?.stop();
  await acs?.close();
  fleet = undefined;
  acs = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a fleet with a state directory', () => {
  it('remembers bootstrap, values, objects and attributes across a restart: 1 BOOT without 0 BOOTSTRAP', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sim-state-'));
    acs = await ScriptedAcs.start();
    const opts = { acsUrl: acs.url, count: 2, stateDir: dir, ...FAST };
    fleet = await startFleet(opts);
    acs.queue(
      SN,
      {
        name: 'SetParameterValues',
        parameterList: [{ name: 'Device.WiFi.SSID.1.SSID', type: 'string', value: 'Kept', raw: 'Kept' }],
        parameterKey: 'pk-7',
      },
      { name: 'AddObject', objectName: 'Device.WiFi.SSID.', parameterKey: 'pk-8' },
      { name: 'DeleteObject', objectName: 'Device.Users.User.1.', parameterKey: 'pk-9' },
      {
        name: 'SetParameterAttributes',
        parameterList: [
          {
            name: 'Device.Time.NTPServer1',
            notificationChange: true,
            notification: 1,
            accessListChange: false,
            accessList: [],
          },
        ],
      },
    );
    await fleet.waitForSessions(2);
    await fleet.stop();
    expect(readdirSync(dir).sort()).toEqual(['SIM000001.json', 'SIM000002.json']);

    fleet = await startFleet(opts);
    await fleet.waitForSessions(2);
    expect(acs.eventsOf(SN)).toEqual([['0 BOOTSTRAP', '1 BOOT'], ['1 BOOT']]);
    const d = fleet.device(SN)!;
    expect(d.getValue('Device.WiFi.SSID.1.SSID')).toBe('Kept');
    expect(d.getValue('Device.WiFi.SSID.2.SSID')).toBe('');
    expect(d.getValue('Device.Users.User.1.Username')).toBeUndefined();
    expect(d.getValue('Device.ManagementServer.ParameterKey')).toBe('pk-9');
    expect(d.state.tree.node('Device.Time.NTPServer1')?.notification).toBe(1);
    expect(d.getValue('Device.ManagementServer.ConnectionRequestURL')).toBe(fleet.crServer.urlFor(SN));
  });

  it('bootstraps again when restarted against another ACS URL', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sim-state-'));
    acs = await ScriptedAcs.start();
    fleet = await startFleet({ acsUrl: acs.url, count: 1, stateDir: dir, ...FAST });
    await fleet.waitForSessions(1);
    await fleet.stop();
    const other = acs.url.replace('/acs', '/other');
    fleet = await startFleet({ acsUrl: other, count: 1, stateDir: dir, ...FAST });
    await fleet.waitForSessions(1);
    expect(acs.eventsOf(SN)).toEqual([
      ['0 BOOTSTRAP', '1 BOOT'],
      ['0 BOOTSTRAP', '1 BOOT'],
    ]);
    expect(fleet.device(SN)!.getValue('Device.ManagementServer.URL')).toBe(other);
  });

  it('says what to do when the state directory cannot be created', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sim-state-'));
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    await expect(
      startFleet({ acsUrl: 'http://127.0.0.1:1/', count: 1, stateDir: join(file, 'state') }),
    ).rejects.toThrow(/writable --state-dir/);
  });
});
