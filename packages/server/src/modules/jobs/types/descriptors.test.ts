// Every job type's descriptor alone, as data in and a step out: the RPC it starts with, how each
// answer, TransferComplete or Inform moves it on, and what it writes. No database, no session.
import { cwmpFault, type CpeMethodResponse, type TransferComplete } from '@provisor/cwmp';
import { describe, expect, it } from 'vitest';
import {
  overdueError,
  waitPhaseOf,
  waitSecondsOf,
  type JobDescriptor,
  type JobView,
  type Step,
} from '../descriptor';
import { DISCOVERY_RPCS_PER_SESSION } from './discover-tree';
import { BACKGROUND_JOB_TYPES, INTERNAL_JOB_TYPES, JOB_DESCRIPTORS, JOB_TYPES, descriptorOf } from './index';
import { GPV_BATCH } from './tree-read';

const JOB_ID = '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9';
const KEY = '0f1e2d3c4b5a49788695a4b3c2d1e0f9';

function view<P>(params: P, over: Partial<JobView<P>> = {}): JobView<P> {
  return {
    job: { id: JOB_ID, type: 'x', attempts: 1 },
    params,
    state: {},
    commandKey: KEY,
    storedType: (name) => (name.endsWith('Interval') ? 'unsignedInt' : undefined),
    hasParameter: () => undefined,
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
    expect(INTERNAL_JOB_TYPES).toEqual(['set-connection-credentials', 'discover-tree']);
    expect(BACKGROUND_JOB_TYPES).toEqual(['discover-tree']);
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

  describe('apply-profile and parameters the router does not have', () => {
    const SSID = 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.SSID';
    const NTP = 'InternetGatewayDevice.Time.NTPServer1';
    const REMOTE = 'InternetGatewayDevice.UserInterface.RemoteAccess.Enable';
    const params = {
      parameters: [
        { name: SSID, value: 'GT_Horvat', type: 'string' },
        { name: NTP, value: 'hr.pool.ntp.org', type: 'string' },
        { name: REMOTE, value: 'false', type: 'boolean' },
      ],
      profileId: 'p-1',
      profileVersion: 2,
    };
    const tree = (known: Record<string, boolean | undefined>) => (name: string) => known[name];
    const sentNames = (step: ReturnType<JobDescriptor<unknown>['start']>) =>
      step.kind === 'rpc' && step.request.name === 'SetParameterValues'
        ? step.request.parameterList.map((p) => p.name)
        : [];
    const fault9003 = (...names: [string, number][]) =>
      cwmpFault(
        9003,
        'Invalid arguments',
        names.map(([parameterName, faultCode]) => ({
          parameterName,
          faultCode,
          faultString: 'Invalid parameter name',
        })),
      );

    it('leaves out parameters the stored tree says the router lacks, and reports them', () => {
      const v = view(params, { hasParameter: tree({ [SSID]: true, [REMOTE]: false }) });
      const start = d('apply-profile').start(v);
      // NTP is unknown (that part of the tree was never read): pushed as before.
      expect(sentNames(start)).toEqual([SSID, NTP]);
      expect(start).toMatchObject({ state: { skipped: [{ name: REMOTE, reason: 'not on this router' }] } });
      const after = view(params, { state: start.kind === 'rpc' ? start.state! : {} });
      const done = d('apply-profile').answer(after, { name: 'SetParameterValuesResponse', status: 0 });
      expect(done).toEqual({
        kind: 'done',
        result: {
          profileId: 'p-1',
          version: 2,
          status: 0,
          parameters: [
            { name: SSID, value: 'GT_Horvat', type: 'string' },
            { name: NTP, value: 'hr.pool.ntp.org', type: 'string' },
          ],
          skipped: [{ name: REMOTE, reason: 'not on this router' }],
        },
        writes: [
          { name: SSID, value: 'GT_Horvat', type: 'string' },
          { name: NTP, value: 'hr.pool.ntp.org', type: 'string' },
        ],
      });
    });

    it('pushes everything when the tree is not known, as before', () => {
      expect(sentNames(d('apply-profile').start(view(params)))).toEqual([SSID, NTP, REMOTE]);
    });

    it('finishes with a clear result, and sends nothing, when the router has none of the parameters', () => {
      const v = view(params, { hasParameter: () => false });
      expect(d('apply-profile').start(v)).toEqual({
        kind: 'done',
        result: {
          profileId: 'p-1',
          version: 2,
          parameters: [],
          skipped: [SSID, NTP, REMOTE].map((name) => ({ name, reason: 'not on this router' })),
        },
      });
    });

    it('retries once without the parameters a 9005 fault names; a second fault fails the job', () => {
      const skipped = [{ name: REMOTE, reason: 'not on this router' }];
      const v = view(params, { state: { inFlight: true, skipped } });
      const retry = d('apply-profile').fault!(v, fault9003([NTP, 9005]));
      expect(sentNames(retry!)).toEqual([SSID]);
      expect(retry).toMatchObject({
        state: {
          retried: true,
          skipped: [...skipped, { name: NTP, reason: 'not on this router (fault 9005)' }],
        },
      });
      const again = view(params, { state: retry!.kind === 'rpc' ? retry!.state! : {} });
      expect(d('apply-profile').fault!(again, fault9003([SSID, 9005]))).toBeNull();
      expect(
        d('apply-profile').answer(again, { name: 'SetParameterValuesResponse', status: 0 }),
      ).toMatchObject({
        kind: 'done',
        result: { parameters: [{ name: SSID }], skipped: [{}, { name: NTP }] },
      });
    });

    it('fails with the fault when it lists another code or no parameter, or set-parameters is asked', () => {
      const v = view(params);
      expect(d('apply-profile').fault!(v, fault9003([NTP, 9005], [SSID, 9007]))).toBeNull();
      expect(d('apply-profile').fault!(v, fault9003())).toBeNull();
      expect(d('apply-profile').fault!(v, fault9003(['Device.Other', 9005]))).toBeNull();
      // An operator's own set-parameters names exactly what to set: no skipping there.
      expect(d('set-parameters').fault).toBeUndefined();
      expect(sentNames(d('set-parameters').start(view(params, { hasParameter: () => false })))).toHaveLength(
        3,
      );
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

  it('refresh reads by name, in batches, what a router refuses as a partial path', () => {
    const r = d('refresh');
    const leaves = Array.from({ length: GPV_BATCH + 5 }, (_, i) => `Device.X.${i + 1}.Name`);
    const v = view({});
    const names = r.answer(v, {
      name: 'GetParameterNamesResponse',
      parameterList: [
        { name: 'Device.', writable: false },
        ...leaves.map((name, i) => ({ name, writable: i === 0 })),
      ],
    });
    expect(names).toMatchObject({ request: { parameterNames: ['Device.'] }, state: { root: 'Device.' } });
    const fault = cwmpFault(9005, 'Invalid parameter name');
    const refused = r.fault!(view({}, { state: names.kind === 'rpc' ? names.state! : {} }), fault);
    expect(refused).toMatchObject({ kind: 'rpc', state: { phase: 'batches', count: 0 } });
    if (refused?.kind !== 'rpc') throw new Error('expected an RPC');
    expect(refused.request).toEqual({
      name: 'GetParameterValues',
      parameterNames: leaves.slice(0, GPV_BATCH),
    });
    const answer = (names: string[]): CpeMethodResponse => ({
      name: 'GetParameterValuesResponse',
      parameterList: names.map((name) => ({ name, type: 'string', value: `v-${name}`, raw: `v-${name}` })),
    });
    const first = r.answer(view({}, { state: refused.state! }), answer(leaves.slice(0, GPV_BATCH)));
    expect(first).toMatchObject({ kind: 'rpc', request: { parameterNames: leaves.slice(GPV_BATCH) } });
    expect(first.writes?.[0]).toEqual({
      name: leaves[0],
      value: `v-${leaves[0]}`,
      type: 'string',
      writable: true,
    });
    expect(first.writes).toHaveLength(GPV_BATCH);
    if (first.kind !== 'rpc') throw new Error('expected an RPC');
    const last = r.answer(view({}, { state: first.state! }), answer(leaves.slice(GPV_BATCH)));
    expect(last).toMatchObject({ kind: 'done', result: { path: 'Device.', count: GPV_BATCH + 5 } });
    expect(last.writes).toHaveLength(5);
    // A batch refused with a name fault is read again in halves (tree-read.ts batchRefused); any
    // other fault of a batch, or the names refused, fails the job with the router's fault.
    expect(r.fault!(view({}, { state: first.state! }), fault)).toMatchObject({
      kind: 'rpc',
      request: { parameterNames: leaves.slice(GPV_BATCH, GPV_BATCH + 3) },
    });
    expect(r.fault!(view({}, { state: first.state! }), cwmpFault(9001, 'Request denied'))).toBeNull();
    expect(r.fault!(view({}), fault)).toBeNull();
  });

  it('discover-tree reads the whole tree, ManagementServer first, a bounded step per session', () => {
    const r = d('discover-tree');
    expect(r).toMatchObject({ internal: true, background: true });
    expect(r.start(view({}))).toEqual({
      kind: 'rpc',
      request: { name: 'GetParameterNames', parameterPath: '', nextLevel: false },
      state: { stepRpcs: 1 },
    });
    const others = Array.from(
      { length: GPV_BATCH * (DISCOVERY_RPCS_PER_SESSION - 1) + 9 },
      (_, i) => `Device.X.${i}`,
    );
    const interval = 'Device.ManagementServer.PeriodicInformInterval';
    const names = r.answer(view({}, { state: { stepRpcs: 1 } }), {
      name: 'GetParameterNamesResponse',
      parameterList: [
        { name: 'Device.', writable: false },
        ...others.map((name) => ({ name, writable: false })),
        { name: interval, writable: true },
      ],
    });
    // The interval is in the first batch; nothing is written before values come.
    expect(names).toMatchObject({ kind: 'rpc', state: { phase: 'batches', root: 'Device.', stepRpcs: 2 } });
    if (names.kind !== 'rpc') throw new Error('expected an RPC');
    expect(names.writes).toBeUndefined();
    expect(names.request).toMatchObject({ parameterNames: [interval, ...others.slice(0, GPV_BATCH - 1)] });
    let step: Step = names;
    const sent: string[][] = [];
    while (step.kind === 'rpc') {
      const asked = (step.request as { parameterNames: string[] }).parameterNames;
      sent.push(asked);
      step = r.answer(view({}, { state: step.state! }), {
        name: 'GetParameterValuesResponse',
        parameterList: asked.map((name) => ({ name, type: 'string', value: '1', raw: '1' })),
      });
    }
    // GetParameterNames and GPV batches up to the bound, then the step yields with its state kept.
    expect(sent).toHaveLength(DISCOVERY_RPCS_PER_SESSION - 1);
    expect(step).toMatchObject({ kind: 'yield', state: { stepRpcs: DISCOVERY_RPCS_PER_SESSION } });
    if (step.kind !== 'yield') throw new Error('expected a yield');
    const left = step.state.leaves!;
    expect(left).toHaveLength(10);
    // The next session goes on where this one stopped, with a fresh bound.
    const resumed = r.start(view({}, { state: step.state }));
    expect(resumed).toMatchObject({
      kind: 'rpc',
      request: { parameterNames: left.slice(0, GPV_BATCH).map(([n]) => n) },
      state: { stepRpcs: 1 },
    });
    if (resumed.kind !== 'rpc') throw new Error('expected an RPC');
    const end = r.answer(view({}, { state: resumed.state! }), {
      name: 'GetParameterValuesResponse',
      parameterList: left.map(([name]) => ({ name, type: 'string', value: '1', raw: '1' })),
    });
    expect(end).toMatchObject({ kind: 'done', result: { path: 'Device.', count: others.length + 1 } });
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
  it('reboot waits for the device to acknowledge, then finishes on its next boot, saying whether the CommandKey matched', () => {
    const r = d('reboot');
    expect(r.start(view({}))).toEqual({ kind: 'rpc', request: { name: 'Reboot', commandKey: KEY } });
    expect(r.answer(view({}), { name: 'RebootResponse' })).toEqual({
      kind: 'wait',
      state: { phase: 'awaiting-boot' },
    });
    const waiting = view({}, { state: { phase: 'awaiting-boot' } });
    // TR-069 A.3.3.1: the standard report, M Reboot with the Reboot's CommandKey.
    expect(r.inform!(waiting, { events: ['1 BOOT', 'M Reboot'], commandKeys: { 'M Reboot': KEY } })).toEqual({
      kind: 'done',
      result: { events: ['1 BOOT', 'M Reboot'], commandKeyMatched: true },
    });
    // What real routers send: 1 BOOT alone, M Reboot with an empty or another key, 0 BOOTSTRAP.
    expect(r.inform!(waiting, { events: ['1 BOOT'], commandKeys: {} })).toEqual({
      kind: 'done',
      result: { events: ['1 BOOT'], commandKeyMatched: false },
    });
    for (const key of ['', 'another'])
      expect(
        r.inform!(waiting, { events: ['1 BOOT', 'M Reboot'], commandKeys: { 'M Reboot': key } }),
      ).toEqual({ kind: 'done', result: { events: ['1 BOOT', 'M Reboot'], commandKeyMatched: false } });
    expect(r.inform!(waiting, { events: ['M Reboot'], commandKeys: { 'M Reboot': '' } })).toMatchObject({
      kind: 'done',
    });
    expect(r.inform!(waiting, { events: ['0 BOOTSTRAP', '1 BOOT'], commandKeys: {} })).toMatchObject({
      kind: 'done',
      result: { events: ['0 BOOTSTRAP', '1 BOOT'], commandKeyMatched: false },
    });
    // A session that is no boot (the device has not rebooted yet) keeps the job waiting.
    expect(r.inform!(waiting, { events: ['2 PERIODIC'], commandKeys: {} })).toBeNull();
    expect(r.inform!(waiting, { events: ['6 CONNECTION REQUEST'], commandKeys: {} })).toBeNull();
    // Before the device acknowledged the Reboot, no boot finishes the job.
    expect(
      r.inform!(view({}), { events: ['1 BOOT', 'M Reboot'], commandKeys: { 'M Reboot': KEY } }),
    ).toBeNull();
    expect(
      r.inform!(view({}, { state: { phase: 'awaiting-boot', inFlight: true } }), {
        events: ['1 BOOT'],
        commandKeys: {},
      }),
    ).toBeNull();
  });

  it('factory-reset waits for the device to acknowledge, then finishes on 0 BOOTSTRAP or on 1 BOOT alone', () => {
    const r = d('factory-reset');
    expect(r.answer(view({}), { name: 'FactoryResetResponse' })).toEqual({
      kind: 'wait',
      state: { phase: 'awaiting-bootstrap' },
    });
    const waiting = view({}, { state: { phase: 'awaiting-bootstrap' } });
    expect(r.inform!(waiting, { events: ['0 BOOTSTRAP', '1 BOOT'], commandKeys: {} })).toEqual({
      kind: 'done',
      result: { events: ['0 BOOTSTRAP', '1 BOOT'] },
    });
    expect(r.inform!(waiting, { events: ['1 BOOT'], commandKeys: {} })).toEqual({
      kind: 'done',
      result: { events: ['1 BOOT'] },
    });
    expect(r.inform!(waiting, { events: ['2 PERIODIC'], commandKeys: {} })).toBeNull();
    expect(r.inform!(view({}), { events: ['0 BOOTSTRAP', '1 BOOT'], commandKeys: {} })).toBeNull();
  });

  it('a job that waits too long for its device fails with what it waited for and what to check', () => {
    expect(waitPhaseOf({ phase: 'awaiting-boot' })).toBe('awaiting-boot');
    expect(waitPhaseOf({ phase: 'awaiting-transfer', inFlight: true })).toBeNull();
    expect(waitPhaseOf({ phase: 'gpn-done' })).toBeNull();
    const limits = { bootSeconds: 600, transferSeconds: 3600 };
    expect(waitSecondsOf('awaiting-boot', limits)).toBe(600);
    expect(waitSecondsOf('awaiting-bootstrap', limits)).toBe(600);
    expect(waitSecondsOf('awaiting-transfer', limits)).toBe(3600);
    expect(overdueError(d('reboot'), 'awaiting-boot', 600)).toBe(
      'The device acknowledged the reboot but did not come back within 10 minutes (no Inform with 1 BOOT, M Reboot or 0 BOOTSTRAP). Check that it has power and can reach the ACS, then retry.',
    );
    expect(overdueError(d('factory-reset'), 'awaiting-bootstrap', 90)).toMatch(
      /^The device acknowledged the factory reset but did not come back within 90 seconds \(no Inform with 0 BOOTSTRAP or 1 BOOT\)\. A reset device may have lost its ACS URL or credentials/,
    );
    expect(overdueError(d('firmware-upgrade'), 'awaiting-transfer', 3600)).toBe(
      "The device accepted the firmware download but did not report it finished (TransferComplete) within 1 hour. Check that it can reach this server's file URL, then retry.",
    );
    expect(overdueError(d('backup-config'), 'awaiting-transfer', 7200)).toMatch(
      /^The device accepted the upload but did not report it finished \(TransferComplete\) within 2 hours\./,
    );
    expect(overdueError(d('download-file'), 'awaiting-transfer', 60)).toMatch(
      /accepted the download .* within 1 minute\./,
    );
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
    // The file did not get through (the file server was down): tried again; a corrupt file is not.
    expect(f.transferComplete!(stored, tc(9010, 'Download failure'))).toEqual({
      kind: 'again',
      error: 'Transfer failed: CPE fault 9010 (Download failure)',
      faultCode: 9010,
    });
    expect(f.transferComplete!(stored, tc(9018, 'File corrupted'))).toEqual({
      kind: 'fail',
      error: 'Transfer failed: CPE fault 9018 (File corrupted)',
      faultCode: 9018,
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
    expect(log.transfer).toEqual({ direction: 'upload', kind: 'by-file-type' });
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
