// Every job type's descriptor alone, as data in and a step out: the RPC it starts with, how each
// answer, TransferComplete or Inform moves it on, and what it writes. No database, no session.
import type { CpeMethodResponse, TransferComplete } from '@provisor/cwmp';
import { describe, expect, it } from 'vitest';
import type { JobDescriptor, JobView } from '../descriptor';
import { INTERNAL_JOB_TYPES, JOB_DESCRIPTORS, JOB_TYPES, descriptorOf } from './index';

const JOB_ID = '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9';
const KEY = '0f1e2d3c4b5a49788695a4b3c2d1e0f9';

function view<P>(params: P, over: Partial<JobView<P>> = {}): JobView<P> {
  return {
    job: { id: JOB_ID, type: 'x', attempts: 1 },
    params,
    state: {},
    commandKey: KEY,
    storedType: (name) => (name.endsWith('Interval') ? 'unsignedInt' : undefined),
    transferUrl: (name) => `http://acs:3029/files/${JOB_ID}/tok/${name}`,
    softwareVersion: 'V1',
    ...over,
  };
}
const d = (type: string) => descriptorOf(type) as JobDescriptor<unknown>;
const tc = (faultCode = 0, faultString = ''): TransferComplete => ({
  name: 'TransferComplete',
  commandKey: KEY,
  faultStruct: { faultCode, faultString },
  startTime: '2026-11-23T10:00:00Z',
  completeTime: '2026-11-23T10:01:00Z',
});

describe('the job type list', () => {
  it('has one descriptor per type, each naming the RPCs it starts with', () => {
    expect(new Set(JOB_TYPES).size).toBe(JOB_DESCRIPTORS.length);
    expect(INTERNAL_JOB_TYPES).toEqual(['set-connection-credentials']);
    for (const desc of JOB_DESCRIPTORS) {
      expect(desc.rpcs.length, desc.type).toBeGreaterThan(0);
    }
    expect(() => descriptorOf('no-such-type')).toThrow(/No job type "no-such-type"/);
  });
});

describe('parameter jobs', () => {
  it('set-parameters sends typed values with the job key as ParameterKey and writes what the device took', () => {
    const v = view({
      parameters: [
        { name: 'Device.ManagementServer.PeriodicInformInterval', value: '600' },
        { name: 'Device.WiFi.SSID.1.SSID', value: 'GT_Horvat', type: 'xsd:string' },
      ],
    });
    const start = d('set-parameters').start(v);
    expect(start).toMatchObject({
      kind: 'rpc',
      request: {
        name: 'SetParameterValues',
        parameterKey: KEY,
        parameterList: [
          { name: 'Device.ManagementServer.PeriodicInformInterval', type: 'unsignedInt', value: 600 },
          { name: 'Device.WiFi.SSID.1.SSID', type: 'string', value: 'GT_Horvat' },
        ],
      },
    });
    const done = d('set-parameters').answer(v, { name: 'SetParameterValuesResponse', status: 0 });
    expect(done).toMatchObject({ kind: 'done', result: { status: 0 } });
    expect(done.writes).toEqual([
      { name: 'Device.ManagementServer.PeriodicInformInterval', value: '600', type: 'unsignedInt' },
      { name: 'Device.WiFi.SSID.1.SSID', value: 'GT_Horvat', type: 'string' },
    ]);
    expect(d('set-parameters').answer(v, { name: 'RebootResponse' })).toEqual({
      kind: 'fail',
      error: 'The device answered RebootResponse where SetParameterValuesResponse was expected.',
    });
  });

  it('apply-profile pushes like set-parameters and names the profile and version in its result', () => {
    const v = view({ parameters: [{ name: 'Device.X', value: '1' }], profileId: 'p-1', profileVersion: 3 });
    expect(d('apply-profile').start(v)).toMatchObject({ request: { name: 'SetParameterValues' } });
    expect(d('apply-profile').answer(v, { name: 'SetParameterValuesResponse', status: 1 })).toMatchObject({
      kind: 'done',
      result: { profileId: 'p-1', version: 3, status: 1 },
    });
  });

  it('set-connection-credentials writes the credentials to the device row once the device took them', () => {
    const v = view({
      parameters: [
        { name: 'Device.ManagementServer.ConnectionRequestUsername', value: 'cr-user', type: 'string' },
        { name: 'Device.ManagementServer.ConnectionRequestPassword', value: 's3cret', type: 'string' },
      ],
    });
    expect(d('set-connection-credentials').internal).toBe(true);
    expect(
      d('set-connection-credentials').answer(v, { name: 'SetParameterValuesResponse', status: 0 }),
    ).toMatchObject({
      kind: 'done',
      device: { connectionRequestUsername: 'cr-user', connectionRequestPassword: 's3cret' },
    });
  });

  it('get-parameters reads values into the tree and the result', () => {
    const v = view({ parameters: ['Device.DeviceInfo.SoftwareVersion'] });
    expect(d('get-parameters').start(v)).toEqual({
      kind: 'rpc',
      request: { name: 'GetParameterValues', parameterNames: ['Device.DeviceInfo.SoftwareVersion'] },
    });
    const answer: CpeMethodResponse = {
      name: 'GetParameterValuesResponse',
      parameterList: [{ name: 'Device.DeviceInfo.SoftwareVersion', type: 'string', value: 'V2', raw: 'V2' }],
    };
    const done = d('get-parameters').answer(v, answer);
    expect(done).toMatchObject({
      kind: 'done',
      result: { parameters: [{ name: 'Device.DeviceInfo.SoftwareVersion', value: 'V2' }] },
    });
    expect(done.writes).toEqual([{ name: 'Device.DeviceInfo.SoftwareVersion', value: 'V2', type: 'string' }]);
  });

  it('refresh learns names and writability, then reads the values of the subtree', () => {
    const v = view({ path: 'Device.ManagementServer.' });
    expect(d('refresh').start(v)).toEqual({
      kind: 'rpc',
      request: { name: 'GetParameterNames', parameterPath: 'Device.ManagementServer.', nextLevel: false },
    });
    const names = d('refresh').answer(v, {
      name: 'GetParameterNamesResponse',
      parameterList: [
        { name: 'Device.ManagementServer.', writable: false },
        { name: 'Device.ManagementServer.URL', writable: true },
      ],
    });
    expect(names).toMatchObject({
      kind: 'rpc',
      request: { name: 'GetParameterValues', parameterNames: ['Device.ManagementServer.'] },
      state: { phase: 'gpn-done', root: 'Device.ManagementServer.' },
      writes: [{ name: 'Device.ManagementServer.URL', writable: true }],
    });
    const values = d('refresh').answer(
      view(v.params, { state: { phase: 'gpn-done', root: 'Device.ManagementServer.' } }),
      {
        name: 'GetParameterValuesResponse',
        parameterList: [
          { name: 'Device.ManagementServer.URL', type: 'string', value: 'http://acs/', raw: 'http://acs/' },
        ],
      },
    );
    expect(values).toMatchObject({ kind: 'done', result: { path: 'Device.ManagementServer.', count: 1 } });
  });

  it('add-object and delete-object send the object with the job key and answer the instance', () => {
    const v = view({ objectName: 'Device.NAT.PortMapping.' });
    expect(d('add-object').start(v)).toMatchObject({
      request: { name: 'AddObject', objectName: 'Device.NAT.PortMapping.', parameterKey: KEY },
    });
    expect(d('add-object').answer(v, { name: 'AddObjectResponse', instanceNumber: 4, status: 0 })).toEqual({
      kind: 'done',
      result: { instanceNumber: 4, status: 0 },
    });
    expect(d('delete-object').start(v)).toMatchObject({
      request: { name: 'DeleteObject', parameterKey: KEY },
    });
    expect(d('delete-object').answer(v, { name: 'DeleteObjectResponse', status: 0 })).toEqual({
      kind: 'done',
      result: { status: 0 },
    });
  });

  it('schedule-inform sends the delay with the job key', () => {
    expect(d('schedule-inform').start(view({ delaySeconds: 60 }))).toEqual({
      kind: 'rpc',
      request: { name: 'ScheduleInform', delaySeconds: 60, commandKey: KEY },
    });
  });
});

describe('jobs that finish in a later session', () => {
  it('reboot waits for "M Reboot" with its own CommandKey', () => {
    const r = d('reboot');
    expect(r.start(view({}))).toEqual({ kind: 'rpc', request: { name: 'Reboot', commandKey: KEY } });
    expect(r.answer(view({}), { name: 'RebootResponse' })).toEqual({
      kind: 'wait',
      state: { phase: 'awaiting-boot' },
    });
    expect(r.inform!(view({}), { events: ['1 BOOT'], commandKeys: {} })).toBeNull();
    expect(
      r.inform!(view({}), { events: ['1 BOOT', 'M Reboot'], commandKeys: { 'M Reboot': 'another' } }),
    ).toBeNull();
    expect(r.inform!(view({}), { events: ['1 BOOT', 'M Reboot'], commandKeys: { 'M Reboot': KEY } })).toEqual(
      {
        kind: 'done',
        result: { events: ['1 BOOT', 'M Reboot'] },
      },
    );
  });

  it('factory-reset waits for 0 BOOTSTRAP', () => {
    const r = d('factory-reset');
    expect(r.answer(view({}), { name: 'FactoryResetResponse' })).toEqual({
      kind: 'wait',
      state: { phase: 'awaiting-bootstrap' },
    });
    expect(r.inform!(view({}), { events: ['1 BOOT'], commandKeys: {} })).toBeNull();
    expect(r.inform!(view({}), { events: ['0 BOOTSTRAP', '1 BOOT'], commandKeys: {} })).toMatchObject({
      kind: 'done',
    });
  });

  it('firmware-upgrade downloads the stored file under its job URL and checks the version reported after TransferComplete', () => {
    const f = d('firmware-upgrade');
    const stored = view(
      { fileId: 'f-1', version: 'V2', token: 'tok' },
      { file: { id: 'f-1', name: 'fw.bin', size: 1234 } },
    );
    expect(f.transfer).toEqual({ direction: 'download' });
    expect(f.start(stored)).toMatchObject({
      kind: 'rpc',
      request: {
        name: 'Download',
        fileType: '1 Firmware Upgrade Image',
        url: `http://acs:3029/files/${JOB_ID}/tok/fw.bin`,
        fileSize: 1234,
        commandKey: KEY,
      },
    });
    const outside = view({ firmwareUrl: 'http://fw.example/img.bin', version: 'V2', token: 'tok' });
    expect(f.start(outside)).toMatchObject({ request: { url: 'http://fw.example/img.bin', fileSize: 0 } });
    expect(
      f.answer(stored, { name: 'DownloadResponse', status: 1, startTime: '', completeTime: '' }),
    ).toEqual({
      kind: 'wait',
      state: { phase: 'awaiting-transfer' },
    });
    expect(f.transferComplete!(stored, tc())).toEqual({
      kind: 'fail',
      error: 'After the upgrade the device reports software version "V1"; expected "V2".',
    });
    expect(f.transferComplete!(view(stored.params, { softwareVersion: 'V2' }), tc())).toEqual({
      kind: 'done',
      result: { softwareVersion: 'V2' },
    });
    expect(f.transferComplete!(stored, tc(9010, 'Download failure'))).toEqual({
      kind: 'fail',
      error: 'Transfer failed: CPE fault 9010 (Download failure)',
      faultCode: 9010,
    });
  });

  it('download-file and restore-config download a file of the store; a status 0 answer finishes at once', () => {
    const v = view(
      { fileId: 'f-2', targetPath: '/etc/x.conf', token: 'tok' },
      { file: { id: 'f-2', name: 'x.conf', size: 10 } },
    );
    expect(d('download-file').start(v)).toMatchObject({
      request: { name: 'Download', fileType: '3 Vendor Configuration File', targetFileName: '/etc/x.conf' },
    });
    expect(
      d('download-file').answer(v, { name: 'DownloadResponse', status: 0, startTime: '', completeTime: '' }),
    ).toEqual({
      kind: 'done',
      result: { transferred: true },
    });
    expect(d('restore-config').start(v)).toMatchObject({ request: { name: 'Download', targetFileName: '' } });
    expect(d('restore-config').transferComplete!(v, tc())).toEqual({
      kind: 'done',
      result: { transferred: true },
    });
  });

  it('download-file and upload-file send the FileType of their parameters; restore-config always a configuration', () => {
    const v = view(
      { fileId: 'f-3', targetPath: '/voice/ring.wav', fileType: '5 Ringer File', token: 'tok' },
      { file: { id: 'f-3', name: 'ring.wav', size: 4 } },
    );
    expect(d('download-file').start(v)).toMatchObject({
      request: {
        name: 'Download',
        fileType: '5 Ringer File',
        targetFileName: '/voice/ring.wav',
        fileSize: 4,
      },
    });
    expect(d('restore-config').start(v)).toMatchObject({
      request: { fileType: '3 Vendor Configuration File', targetFileName: '' },
    });
    expect(
      d('upload-file').start(
        view({ filePath: '/var/log/voip.log', fileType: '4 Vendor Log File 2', token: 'tok' }),
      ),
    ).toMatchObject({
      request: {
        name: 'Upload',
        fileType: '4 Vendor Log File 2',
        url: `http://acs:3029/files/${JOB_ID}/tok/voip.log`,
      },
    });
  });

  it('upload-file and backup-config ask the device to PUT to the job URL, and finish only when a file arrived', () => {
    const log = d('upload-file');
    expect(log.transfer).toEqual({ direction: 'upload', kind: 'log' });
    expect(log.start(view({ filePath: '/var/log/messages', token: 'tok' }))).toMatchObject({
      request: {
        name: 'Upload',
        fileType: '2 Vendor Log File',
        url: `http://acs:3029/files/${JOB_ID}/tok/messages`,
      },
    });
    expect(log.start(view({ filePath: '1 Vendor Configuration File', token: 'tok' }))).toMatchObject({
      request: { fileType: '1 Vendor Configuration File' },
    });
    const backup = d('backup-config');
    expect(backup.transfer).toEqual({ direction: 'upload', kind: 'backup' });
    expect(backup.transferComplete!(view({ token: 'tok' }), tc())).toMatchObject({
      kind: 'fail',
      error: expect.stringMatching(/no file arrived/),
    });
    expect(backup.transferComplete!(view({ token: 'tok' }, { uploaded: { id: 'up-1' } }), tc())).toEqual({
      kind: 'done',
      result: { fileId: 'up-1' },
    });
  });
});
