import { afterEach, expect, it } from 'vitest';
import { describeWithSharedData, sharedDataPath } from '../../../../test-support/shared-data';
import { rig } from '../../test/fixtures';
import type { Rig } from '../../test/fixtures';

let r: Rig | undefined;
afterEach(async () => {
  await r?.close();
  r = undefined;
});

describeWithSharedData('fleets of real routers (../shared/data/devices)', () => {
  it('runs EG8145V5 devices on TR-098 with forced inform parameters, per-device values, and SPV on the real WLAN SSID', async () => {
    r = await rig({
      count: 2,
      model: 'eg8145v5',
      modelsDir: sharedDataPath('devices'),
      serialTemplate: 'HWTC{i:06}',
    });
    const ssid = 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.SSID';
    r.acs.queue('HWTC000001', {
      name: 'SetParameterValues',
      parameterList: [{ name: ssid, type: 'string', value: 'Provisioned', raw: 'Provisioned' }],
      parameterKey: 'p1',
    });
    await r.fleet.waitForSessions(2);
    const inform = r.acs.informsOf('HWTC000001')[0]!;
    expect(inform.deviceId).toMatchObject({
      oui: '00259E',
      productClass: 'EG8145V5',
      serialNumber: 'HWTC000001',
    });
    const names = inform.parameterList.map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'InternetGatewayDevice.DeviceInfo.SoftwareVersion',
        'InternetGatewayDevice.ManagementServer.ParameterKey',
        'InternetGatewayDevice.ManagementServer.ConnectionRequestURL',
      ]),
    );
    const d1 = r.fleet.device('HWTC000001')!;
    const d2 = r.fleet.device('HWTC000002')!;
    expect(d1.getValue(ssid)).toBe('Provisioned');
    expect(d1.getValue('InternetGatewayDevice.DeviceInfo.SerialNumber')).toBe('HWTC000001');
    const mac = 'InternetGatewayDevice.LANDevice.1.LANEthernetInterfaceConfig.1.MACAddress';
    expect(d1.getValue(mac)).toMatch(/^02:00:00:00:01:[0-9A-F]{2}$/);
    expect(d2.getValue(mac)).toMatch(/^02:00:00:00:02:[0-9A-F]{2}$/);
    // A writable, empty MAC setting is configuration, not the device's identity: left alone.
    expect(
      d1.getValue('InternetGatewayDevice.LANDevice.1.LANHostConfigManagement.PassthroughMACAddress'),
    ).toBe('');
  });

  it('runs the TR-181 EX220 dump', async () => {
    r = await rig({ model: 'ex220', modelsDir: sharedDataPath('devices') });
    r.acs.queue('SIM000001', { name: 'GetParameterNames', parameterPath: 'Device.', nextLevel: true });
    await r.fleet.waitForSessions(1);
    expect(r.acs.informsOf('SIM000001')[0]?.deviceId.oui).toBe('1C61B4');
    const gpn = r.acs.receivedOf('SIM000001')[0];
    expect(gpn?.name === 'GetParameterNamesResponse' && gpn.parameterList.length).toBeGreaterThan(10);
  });
});
