import { describe, expect, it } from 'vitest';
import { builtinTr181Model } from './builtin-tr181';
import { ParameterTree } from './parameter-tree';

const tree = () => new ParameterTree(builtinTr181Model().nodes);

describe('ParameterTree (TR-069 RPC semantics)', () => {
  it('reads a full name and a partial path', () => {
    const t = tree();
    const full = t.getParameterValues(['Device.WiFi.SSID.1.SSID']);
    expect(full).toEqual({
      ok: true,
      parameters: [{ name: 'Device.WiFi.SSID.1.SSID', value: 'Provisor-Sim', type: 'xsd:string' }],
    });
    const partial = t.getParameterValues(['Device.Time.']);
    expect(partial.ok && partial.parameters.map((p) => p.name)).toEqual([
      'Device.Time.Enable',
      'Device.Time.NTPServer1',
      'Device.Time.NTPServer2',
      'Device.Time.LocalTimeZone',
    ]);
  });

  it('answers 9005 for an unknown name or an object named without its dot', () => {
    const t = tree();
    expect(t.getParameterValues(['Device.Nope'])).toMatchObject({ ok: false, code: 9005 });
    expect(t.getParameterValues(['Device.Time'])).toMatchObject({ ok: false, code: 9005 });
    expect(t.getParameterValues(['Device.Nope.'])).toMatchObject({ ok: false, code: 9005 });
  });

  it('lists names one level down, the root for "", and refuses NextLevel on a parameter', () => {
    const t = tree();
    expect(t.getParameterNames('', true)).toEqual({
      ok: true,
      parameters: [{ name: 'Device.', writable: false }],
    });
    const time = t.getParameterNames('Device.Time.', true);
    expect(time.ok && time.parameters).toEqual([
      { name: 'Device.Time.Enable', writable: true },
      { name: 'Device.Time.NTPServer1', writable: true },
      { name: 'Device.Time.NTPServer2', writable: true },
      { name: 'Device.Time.LocalTimeZone', writable: true },
    ]);
    const wifi = t.getParameterNames('Device.WiFi.', true);
    expect(wifi.ok && wifi.parameters.map((p) => p.name)).toContain('Device.WiFi.SSID.');
    expect(wifi.ok && wifi.parameters.map((p) => p.name)).not.toContain('Device.WiFi.SSID.1.SSID');
    expect(t.getParameterNames('Device.Time.Enable', true)).toMatchObject({ ok: false, code: 9003 });
    const all = t.getParameterNames('Device.Time.', false);
    expect(all.ok && all.parameters[0]).toEqual({ name: 'Device.Time.', writable: false });
  });

  it('sets values atomically: one bad value leaves everything unchanged', () => {
    const t = tree();
    const result = t.setParameterValues([
      { name: 'Device.WiFi.SSID.1.SSID', value: 'Home', type: 'xsd:string' },
      { name: 'Device.WiFi.Radio.1.Channel', value: 'eleven', type: 'xsd:unsignedInt' },
      { name: 'Device.DeviceInfo.SoftwareVersion', value: '9', type: 'xsd:string' },
      { name: 'Device.Nope', value: 'x', type: 'xsd:string' },
      { name: 'Device.Time.Enable', value: 'true', type: 'xsd:string' },
    ]);
    expect(result).toEqual({
      ok: false,
      code: 9003,
      message: 'Invalid arguments',
      parameterFaults: [
        { name: 'Device.WiFi.Radio.1.Channel', code: 9007 },
        { name: 'Device.DeviceInfo.SoftwareVersion', code: 9008 },
        { name: 'Device.Nope', code: 9005 },
        { name: 'Device.Time.Enable', code: 9006 },
      ],
    });
    expect(t.value('Device.WiFi.SSID.1.SSID')).toBe('Provisor-Sim');
  });

  it('applies a valid set and reports what changed', () => {
    const t = tree();
    const result = t.setParameterValues([
      { name: 'Device.WiFi.SSID.1.SSID', value: 'Home', type: 'xsd:string' },
      { name: 'Device.WiFi.Radio.1.Channel', value: '11', type: 'xsd:unsignedInt' },
      { name: 'Device.Time.Enable', value: 'true', type: 'xsd:boolean' },
    ]);
    expect(result).toEqual({ ok: true, changed: ['Device.WiFi.SSID.1.SSID', 'Device.WiFi.Radio.1.Channel'] });
    expect(t.value('Device.WiFi.Radio.1.Channel')).toBe('11');
  });

  it('lets the first typed write decide the type of a parameter whose type the model did not record', () => {
    const t = new ParameterTree([
      {
        name: 'X.',
        object: true,
        writable: false,
        value: '',
        type: 'xsd:string',
        notification: 0,
        accessList: [],
      },
      {
        name: 'X.Enable',
        object: false,
        writable: true,
        value: '',
        type: 'xsd:string',
        notification: 0,
        accessList: [],
        typeKnown: false,
      },
    ]);
    expect(t.setParameterValues([{ name: 'X.Enable', value: 'maybe', type: 'xsd:boolean' }])).toMatchObject({
      ok: false,
      code: 9003,
    });
    expect(t.setParameterValues([{ name: 'X.Enable', value: 'true', type: 'xsd:boolean' }])).toEqual({
      ok: true,
      changed: ['X.Enable'],
    });
    expect(t.node('X.Enable')).toMatchObject({ type: 'xsd:boolean', value: 'true' });
    expect(t.node('X.Enable')?.typeKnown).toBeUndefined();
    // From now on the type is known and enforced.
    expect(t.setParameterValues([{ name: 'X.Enable', value: 'x', type: 'xsd:string' }])).toMatchObject({
      ok: false,
      parameterFaults: [{ name: 'X.Enable', code: 9006 }],
    });
  });

  it('refuses the same parameter twice with 9003', () => {
    const t = tree();
    const item = { name: 'Device.WiFi.SSID.1.SSID', value: 'A', type: 'xsd:string' };
    expect(t.setParameterValues([item, item])).toMatchObject({ ok: false, code: 9003 });
  });

  it('adds an instance shaped like the first one and deletes it again', () => {
    const t = tree();
    const added = t.addObject('Device.WiFi.SSID.');
    expect(added).toEqual({ ok: true, instanceNumber: 2 });
    expect(t.value('Device.WiFi.SSID.2.SSID')).toBe('');
    expect(t.value('Device.WiFi.SSID.2.Enable')).toBe('false');
    expect(t.value('Device.WiFi.SSIDNumberOfEntries')).toBe('2');
    expect(t.deleteObject('Device.WiFi.SSID.2.')).toEqual({ ok: true });
    expect(t.node('Device.WiFi.SSID.2.SSID')).toBeUndefined();
    expect(t.value('Device.WiFi.SSIDNumberOfEntries')).toBe('1');
    expect(t.addObject('Device.Time.')).toMatchObject({ ok: false, code: 9005 });
    expect(t.deleteObject('Device.WiFi.SSID.9.')).toMatchObject({ ok: false, code: 9005 });
  });

  it('sets and reads notification attributes, on a parameter or a subtree', () => {
    const t = tree();
    expect(
      t.setParameterAttributes([
        {
          name: 'Device.Time.',
          notificationChange: true,
          notification: 2,
          accessListChange: false,
          accessList: [],
        },
      ]),
    ).toEqual({ ok: true });
    const attrs = t.getParameterAttributes(['Device.Time.Enable']);
    expect(attrs).toEqual({
      ok: true,
      parameters: [{ name: 'Device.Time.Enable', notification: 2, accessList: [] }],
    });
    expect(t.notified().map((n) => n.name)).toHaveLength(4);
    expect(
      t.setParameterAttributes([
        {
          name: 'Device.X',
          notificationChange: true,
          notification: 1,
          accessListChange: false,
          accessList: [],
        },
      ]),
    ).toMatchObject({ ok: false, code: 9005 });
  });
});
