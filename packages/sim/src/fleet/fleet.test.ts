import { afterEach, describe, expect, it } from 'vitest';
import type { CwmpFault, CwmpMessage, MessageOf } from '@provisor/cwmp';
import { rig } from '../../test/fixtures';
import type { Rig } from '../../test/fixtures';

let r: Rig | undefined;
afterEach(async () => {
  await r?.close();
  r = undefined;
});

const SN = 'SIM000001';

function last<N extends CwmpMessage['name']>(msgs: CwmpMessage[], name: N): MessageOf<N> {
  const found = msgs.filter((m) => m.name === name).at(-1);
  if (!found) throw new Error(`no ${name} among ${msgs.map((m) => m.name).join(', ')}`);
  return found as MessageOf<N>;
}

describe('a fleet against a scripted ACS', () => {
  it('gives each device its own serial, MACs and connection-request URL, and bootstraps on first contact', async () => {
    r = await rig({ count: 3, serialTemplate: 'HWTC{i:06}' });
    await r.fleet.waitForSessions(3);
    expect(r.fleet.devices.map((d) => d.serial)).toEqual(['HWTC000001', 'HWTC000002', 'HWTC000003']);
    const inform = r.acs.informsOf('HWTC000002')[0]!;
    expect(inform.deviceId).toEqual({
      manufacturer: 'Provisor',
      oui: '50524F',
      productClass: 'SimRouter',
      serialNumber: 'HWTC000002',
    });
    expect(inform.event.map((e) => e.eventCode)).toEqual(['0 BOOTSTRAP', '1 BOOT']);
    expect(inform.retryCount).toBe(0);
    const crUrl = inform.parameterList.find(
      (p) => p.name === 'Device.ManagementServer.ConnectionRequestURL',
    )?.raw;
    expect(crUrl).toBe(r.fleet.crServer.urlFor('HWTC000002'));
    const d1 = r.fleet.device('HWTC000001')!;
    const d2 = r.fleet.device('HWTC000002')!;
    expect(d1.getValue('Device.DeviceInfo.SerialNumber')).toBe('HWTC000001');
    expect(d1.getValue('Device.WiFi.SSID.1.MACAddress')).not.toBe(
      d2.getValue('Device.WiFi.SSID.1.MACAddress'),
    );
    expect(d1.getValue('Device.ManagementServer.URL')).toBe(r.acs.url);
  });

  it('keeps one connection and sends the session cookie back for the whole session', async () => {
    r = await rig();
    r.acs.queue(
      SN,
      { name: 'GetParameterValues', parameterNames: ['Device.Time.'] },
      { name: 'GetRPCMethods' },
    );
    await r.fleet.waitForSessions(1);
    const s = r.acs.sessionsOf(SN)[0]!;
    expect(s.received.map((m) => m.name)).toEqual(['GetParameterValuesResponse', 'GetRPCMethodsResponse']);
    expect(s.ports.size).toBe(1);
    expect(s.cookieSeen).toBe(true);
    expect(s.ended).toBe(true);
  });

  it('answers GetParameterValues for full and partial paths, hides passwords, and faults 9005 on unknown names', async () => {
    r = await rig();
    r.acs.queue(
      SN,
      { name: 'GetParameterValues', parameterNames: ['Device.DeviceInfo.SoftwareVersion', 'Device.Time.'] },
      { name: 'GetParameterValues', parameterNames: ['Device.ManagementServer.ConnectionRequestPassword'] },
      { name: 'GetParameterValues', parameterNames: ['Device.Nope'] },
    );
    await r.fleet.waitForSessions(1);
    const [full, hidden, bad] = r.acs.receivedOf(SN);
    expect(full).toMatchObject({ name: 'GetParameterValuesResponse' });
    const list = (full as MessageOf<'GetParameterValuesResponse'>).parameterList;
    expect(list.map((p) => p.name)).toEqual([
      'Device.DeviceInfo.SoftwareVersion',
      'Device.Time.Enable',
      'Device.Time.NTPServer1',
      'Device.Time.NTPServer2',
      'Device.Time.LocalTimeZone',
    ]);
    expect(list[1]).toMatchObject({ type: 'boolean', value: true, raw: 'true' });
    expect((hidden as MessageOf<'GetParameterValuesResponse'>).parameterList[0]?.raw).toBe('');
    expect(bad).toMatchObject({ name: 'Fault', faultCode: 9005, soapFaultCode: 'Client' });
  });

  it('lists names with NextLevel and refuses NextLevel on a parameter', async () => {
    r = await rig();
    r.acs.queue(
      SN,
      { name: 'GetParameterNames', parameterPath: 'Device.WiFi.', nextLevel: true },
      { name: 'GetParameterNames', parameterPath: '', nextLevel: true },
      { name: 'GetParameterNames', parameterPath: 'Device.Time.Enable', nextLevel: true },
    );
    await r.fleet.waitForSessions(1);
    const [wifi, root, bad] = r.acs.receivedOf(SN);
    expect((wifi as MessageOf<'GetParameterNamesResponse'>).parameterList).toContainEqual({
      name: 'Device.WiFi.SSID.',
      writable: true,
    });
    expect((root as MessageOf<'GetParameterNamesResponse'>).parameterList).toEqual([
      { name: 'Device.', writable: false },
    ]);
    expect(bad).toMatchObject({ name: 'Fault', faultCode: 9003 });
  });

  it('applies SetParameterValues atomically and stores the ParameterKey only on success', async () => {
    r = await rig();
    const ssid = 'Device.WiFi.SSID.1.SSID';
    r.acs.queue(
      SN,
      {
        name: 'SetParameterValues',
        parameterList: [{ name: ssid, type: 'string', value: 'Home', raw: 'Home' }],
        parameterKey: 'k1',
      },
      {
        name: 'SetParameterValues',
        parameterList: [
          { name: ssid, type: 'string', value: 'Other', raw: 'Other' },
          { name: 'Device.Nope', type: 'string', value: 'x', raw: 'x' },
          { name: 'Device.WiFi.Radio.1.Channel', type: 'string', value: '6', raw: '6' },
          { name: 'Device.UserInterface.RemoteAccess.Port', type: 'unsignedInt', value: -1, raw: '-1' },
          { name: 'Device.DeviceInfo.SoftwareVersion', type: 'string', value: 'x', raw: 'x' },
        ],
        parameterKey: 'k2',
      },
    );
    await r.fleet.waitForSessions(1);
    const [ok, fault] = r.acs.receivedOf(SN);
    expect(ok).toEqual({ name: 'SetParameterValuesResponse', status: 0 });
    expect(fault).toMatchObject({ name: 'Fault', faultCode: 9003 });
    expect((fault as CwmpFault).setParameterValuesFault?.map((f) => [f.parameterName, f.faultCode])).toEqual([
      ['Device.Nope', 9005],
      ['Device.WiFi.Radio.1.Channel', 9006],
      ['Device.UserInterface.RemoteAccess.Port', 9007],
      ['Device.DeviceInfo.SoftwareVersion', 9008],
    ]);
    const d = r.fleet.device(SN)!;
    expect(d.getValue(ssid)).toBe('Home');
    expect(d.getValue('Device.ManagementServer.ParameterKey')).toBe('k1');
  });

  it('sets and reads attributes, adds and deletes objects with the ParameterKey stored', async () => {
    r = await rig();
    r.acs.queue(
      SN,
      {
        name: 'SetParameterAttributes',
        parameterList: [
          {
            name: 'Device.WiFi.SSID.1.SSID',
            notificationChange: true,
            notification: 2,
            accessListChange: true,
            accessList: ['Subscriber'],
          },
        ],
      },
      { name: 'GetParameterAttributes', parameterNames: ['Device.WiFi.SSID.1.SSID'] },
      { name: 'AddObject', objectName: 'Device.WiFi.SSID.', parameterKey: 'add-1' },
      { name: 'DeleteObject', objectName: 'Device.WiFi.SSID.1.', parameterKey: 'del-1' },
      { name: 'DeleteObject', objectName: 'Device.WiFi.SSID.9.', parameterKey: 'del-2' },
    );
    await r.fleet.waitForSessions(1);
    const [spa, gpa, add, del, badDel] = r.acs.receivedOf(SN);
    expect(spa).toEqual({ name: 'SetParameterAttributesResponse' });
    expect(gpa).toEqual({
      name: 'GetParameterAttributesResponse',
      parameterList: [{ name: 'Device.WiFi.SSID.1.SSID', notification: 2, accessList: ['Subscriber'] }],
    });
    expect(add).toEqual({ name: 'AddObjectResponse', instanceNumber: 2, status: 0 });
    expect(del).toEqual({ name: 'DeleteObjectResponse', status: 0 });
    expect(badDel).toMatchObject({ name: 'Fault', faultCode: 9005 });
    const d = r.fleet.device(SN)!;
    expect(d.getValue('Device.ManagementServer.ParameterKey')).toBe('del-1');
    expect(d.getValue('Device.WiFi.SSID.2.SSID')).toBe('');
    expect(d.getValue('Device.WiFi.SSID.1.SSID')).toBeUndefined();
    expect(d.getValue('Device.WiFi.SSIDNumberOfEntries')).toBe('1');
  });

  it('lists its methods, its queued transfers, and answers 9000 to methods it does not implement', async () => {
    r = await rig();
    r.acs.queue(
      SN,
      { name: 'GetRPCMethods' },
      { name: 'GetQueuedTransfers' },
      { name: 'GetAllQueuedTransfers' },
      { name: 'CancelTransfer', commandKey: 'x' },
    );
    await r.fleet.waitForSessions(1);
    const msgs = r.acs.receivedOf(SN);
    expect(last(msgs, 'GetRPCMethodsResponse').methodList).toEqual(
      expect.arrayContaining(['GetParameterValues', 'Download', 'Upload', 'FactoryReset']),
    );
    expect(last(msgs, 'GetQueuedTransfersResponse').transferList).toEqual([]);
    expect(last(msgs, 'GetAllQueuedTransfersResponse').transferList).toEqual([]);
    expect(last(msgs, 'Fault')).toMatchObject({ faultCode: 9000, soapFaultCode: 'Server' });
    expect(r.fleet.stats().rpcs).toBe(4);
  });

  it('reboots after the session and informs 1 BOOT with M Reboot and its CommandKey', async () => {
    r = await rig();
    r.acs.queue(SN, { name: 'Reboot', commandKey: 'rb-42' });
    await r.fleet.waitForSessions(2);
    expect(r.acs.eventsOf(SN)[1]).toEqual(['1 BOOT', 'M Reboot']);
    expect(r.acs.informsOf(SN)[1]?.event[1]?.commandKey).toBe('rb-42');
  });

  it('factory-resets: values back to the model, ParameterKey empty, then 0 BOOTSTRAP and 1 BOOT', async () => {
    r = await rig();
    r.acs.queue(
      SN,
      {
        name: 'SetParameterValues',
        parameterList: [{ name: 'Device.Time.NTPServer2', type: 'string', value: 'ntp.x', raw: 'ntp.x' }],
        parameterKey: 'k9',
      },
      { name: 'FactoryReset' },
    );
    await r.fleet.waitForSessions(2);
    expect(r.acs.eventsOf(SN)[1]).toEqual(['0 BOOTSTRAP', '1 BOOT']);
    const d = r.fleet.device(SN)!;
    expect(d.getValue('Device.Time.NTPServer2')).toBe('');
    expect(d.getValue('Device.ManagementServer.ParameterKey')).toBe('');
    expect(d.getValue('Device.DeviceInfo.SerialNumber')).toBe(SN);
  });

  it('a reset by the customer (the reset button) forgets the values the ACS set and bootstraps again', async () => {
    r = await rig();
    r.acs.queue(SN, {
      name: 'SetParameterValues',
      parameterList: [{ name: 'Device.WiFi.SSID.1.SSID', type: 'string', value: 'GT_X', raw: 'GT_X' }],
      parameterKey: 'k1',
    });
    await r.fleet.waitForSessions(1);
    const d = r.fleet.device(SN)!;
    await r.fleet.waitUntil(() => d.getValue('Device.WiFi.SSID.1.SSID') === 'GT_X' && !d.inSession);
    d.pressResetButton();
    await r.fleet.waitForSessions(2);
    expect(r.acs.eventsOf(SN)[1]).toEqual(['0 BOOTSTRAP', '1 BOOT']);
    expect(d.getValue('Device.WiFi.SSID.1.SSID')).toBe('Provisor-Sim');
    expect(d.getValue('Device.ManagementServer.ParameterKey')).toBe('');
  });

  it('informs 3 SCHEDULED with M ScheduleInform after DelaySeconds', async () => {
    r = await rig();
    r.acs.queue(SN, { name: 'ScheduleInform', delaySeconds: 5, commandKey: 'si-1' });
    await r.fleet.waitForSessions(2);
    expect(r.acs.informsOf(SN)[1]?.event).toEqual([
      { eventCode: '3 SCHEDULED', commandKey: '' },
      { eventCode: 'M ScheduleInform', commandKey: 'si-1' },
    ]);
  });

  it('informs 2 PERIODIC every PeriodicInformInterval', async () => {
    r = await rig({ periodicInterval: 5 });
    await r.fleet.waitForSessions(3);
    expect(r.acs.eventsOf(SN).slice(1, 3)).toEqual([['2 PERIODIC'], ['2 PERIODIC']]);
  });

  it('reports a local change of a passively notified parameter at the next inform, and starts a session for an active one', async () => {
    r = await rig();
    r.acs.queue(SN, {
      name: 'SetParameterAttributes',
      parameterList: [
        {
          name: 'Device.Time.NTPServer1',
          notificationChange: true,
          notification: 1,
          accessListChange: false,
          accessList: [],
        },
        {
          name: 'Device.IP.Interface.1.IPv4Address.1.IPAddress',
          notificationChange: true,
          notification: 2,
          accessListChange: false,
          accessList: [],
        },
      ],
    });
    await r.fleet.waitForSessions(1);
    const d = r.fleet.device(SN)!;
    d.setValue('Device.Time.NTPServer1', 'ntp.local');
    await new Promise((res) => setTimeout(res, 100));
    expect(r.acs.sessionsOf(SN)).toHaveLength(1);
    d.setValue('Device.IP.Interface.1.IPv4Address.1.IPAddress', '100.64.0.99');
    await r.fleet.waitForSessions(2);
    const inform = r.acs.informsOf(SN)[1]!;
    expect(inform.event.map((e) => e.eventCode)).toEqual(['4 VALUE CHANGE']);
    const values = Object.fromEntries(inform.parameterList.map((p) => [p.name, p.raw]));
    expect(values['Device.Time.NTPServer1']).toBe('ntp.local');
    expect(values['Device.IP.Interface.1.IPv4Address.1.IPAddress']).toBe('100.64.0.99');
  });

  it('waits for HoldRequests to lift before sending its own requests', async () => {
    r = await rig({}, { holdRequests: true });
    r.acs.queue(SN, { name: 'GetRPCMethods' });
    await r.fleet.waitForSessions(1);
    const s = r.acs.sessionsOf(SN)[0]!;
    expect(s.emptyPosts).toBeGreaterThanOrEqual(1);
    expect(s.received.map((m) => m.name)).toEqual(['GetRPCMethodsResponse']);
  });

  it('runs at most maxConcurrentSessions sessions at once', async () => {
    r = await rig({ count: 6, maxConcurrentSessions: 2 });
    for (let i = 1; i <= 6; i++)
      r.acs.queue(`SIM00000${i}`, { name: 'GetRPCMethods' }, { name: 'GetRPCMethods' });
    await r.fleet.waitForSessions(6);
    expect(r.acs.peakOpen).toBe(2);
    expect(r.fleet.stats().sessionsOk).toBe(6);
  });
});
