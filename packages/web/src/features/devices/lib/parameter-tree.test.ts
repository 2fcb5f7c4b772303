import { describe, expect, it } from 'vitest';
import { buildParameterTree, filterParameters, pathsToDepth } from './parameter-tree';

const p = (name: string) => ({ name, value: '', type: 'string' });
const PARAMS = [
  p('Device.DeviceInfo.Manufacturer'),
  p('Device.WiFi.SSID.1.SSID'),
  p('Device.WiFi.SSID.2.SSID'),
  p('Device.WiFi.RadioNumberOfEntries'),
];

describe('parameter tree', () => {
  it('groups parameters under their object paths and counts them', () => {
    const root = buildParameterTree(PARAMS);
    const device = root.children[0]!;
    expect(device).toMatchObject({ label: 'Device', path: 'Device.', count: 4 });
    expect(device.children.map((child) => child.path)).toEqual(['Device.DeviceInfo.', 'Device.WiFi.']);
    const wifi = device.children[1]!;
    expect(wifi.parameters.map((param) => param.name)).toEqual(['Device.WiFi.RadioNumberOfEntries']);
    expect(wifi.children[0]!.children.map((child) => [child.label, child.count])).toEqual([
      ['1', 1],
      ['2', 1],
    ]);
  });

  it('lists object paths to a depth for the initial expansion', () => {
    expect(pathsToDepth(buildParameterTree(PARAMS), 2)).toEqual([
      'Device.',
      'Device.DeviceInfo.',
      'Device.WiFi.',
    ]);
  });

  it('filters by a case-insensitive substring of the full name', () => {
    expect(filterParameters(PARAMS, 'ssid.2').map((param) => param.name)).toEqual([
      'Device.WiFi.SSID.2.SSID',
    ]);
    expect(filterParameters(PARAMS, '  ')).toHaveLength(4);
  });
});
