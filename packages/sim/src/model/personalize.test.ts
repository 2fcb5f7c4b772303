import { describe, expect, it } from 'vitest';
import { builtinTr181Model } from './builtin-tr181';
import { deviceMac, expandSerial, personalizedNodes } from './personalize';
import type { DeviceIdentity } from './personalize';

const id = (index: number): DeviceIdentity => ({
  index,
  serial: expandSerial('HWTC{i:06}', index),
  acsUrl: 'http://acs/',
  acsUsername: 'u',
  acsPassword: 'p',
  connectionRequestUrl: `http://127.0.0.1:7547/cr/${index}`,
  connectionRequestUsername: 'cru',
  connectionRequestPassword: 'crp',
  periodicInterval: 60,
});

describe('expandSerial', () => {
  it('fills {i} and zero-padded {i:06}', () => {
    expect(expandSerial('HWTC{i:06}', 1)).toBe('HWTC000001');
    expect(expandSerial('HWTC{i:06}', 1234567)).toBe('HWTC1234567');
    expect(expandSerial('SIM-{i}', 42)).toBe('SIM-42');
  });

  it('refuses a template without {i}, saying how to write one', () => {
    expect(() => expandSerial('FIXED', 1)).toThrow(/no \{i\} placeholder.*SIM\{i:06\}/);
  });
});

describe('personalizedNodes', () => {
  it('gives MACs unique per device and per interface, keeps the case style, and leaves the model untouched', () => {
    expect(deviceMac(1, 0)).toBe('02:00:00:00:01:00');
    expect(deviceMac(258, 3, false)).toBe('02:00:00:01:02:03');
    const model = builtinTr181Model();
    const a = new Map(personalizedNodes(model, id(1)).map((n) => [n.name, n.value]));
    const b = new Map(personalizedNodes(model, id(2)).map((n) => [n.name, n.value]));
    expect(a.get('Device.WiFi.SSID.1.MACAddress')).toBe('02:00:00:00:01:00');
    expect(b.get('Device.WiFi.SSID.1.MACAddress')).toBe('02:00:00:00:02:00');
    expect(a.get('Device.DeviceInfo.SerialNumber')).toBe('HWTC000001');
    expect(model.nodes.find((n) => n.name === 'Device.DeviceInfo.SerialNumber')?.value).toBe('');
  });

  it('sets the ManagementServer values that belong to the simulator (ManagementServer)', () => {
    const v = new Map(personalizedNodes(builtinTr181Model(), id(3)).map((n) => [n.name, n.value]));
    expect(v.get('Device.ManagementServer.URL')).toBe('http://acs/');
    expect(v.get('Device.ManagementServer.Username')).toBe('u');
    expect(v.get('Device.ManagementServer.ConnectionRequestURL')).toBe('http://127.0.0.1:7547/cr/3');
    expect(v.get('Device.ManagementServer.ConnectionRequestUsername')).toBe('cru');
    expect(v.get('Device.ManagementServer.PeriodicInformInterval')).toBe('60');
  });
});
