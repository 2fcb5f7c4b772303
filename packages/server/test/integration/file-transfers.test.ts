// Issue 23, points 4 and 8, with the project's simulated routers over real HTTP: routers that upload
// by PUT or by POST, and the FileType the operator chooses for a transfer (the simulator records the
// FileType it was asked for).
import { builtinTr181Model, type DeviceModel, type Fleet, type SessionLogEntry } from '@provisor/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../helpers';
import { multipart } from '../multipart';
import { startAcs, type Acs } from './rig';

type TransferEntry = Extract<SessionLogEntry, { kind: 'transfer' }>;

async function finished(acs: Acs, jobId: string) {
  return acs.jobFinished(jobId);
}

describe.each(['PUT', 'POST'] as const)('a router that uploads by HTTP %s', (uploadMethod) => {
  let acs: Acs;
  let fleet: Fleet;
  const serial = `UP-${uploadMethod}-01`;
  beforeAll(async () => {
    acs = await startAcs();
    fleet = await acs.fleet({ count: 1, serialTemplate: `UP-${uploadMethod}-{i:02}`, uploadMethod });
    await fleet.waitForSessions(1);
  });
  afterAll(async () => acs.close());

  it('backs up its configuration and sends a log file; both land in the store', async () => {
    const { id } = await acs.deviceBySerial(serial);
    for (const [action, kind] of [
      ['backup-config', 'backup'],
      ['download-file', 'log'],
    ] as const) {
      const res = await acs.api(
        'POST',
        `/api/devices/${id}/${action}`,
        action === 'download-file' ? { filePath: '/var/log/messages' } : undefined,
      );
      expect(res.status, JSON.stringify(res.json())).toBe(200);
      const job = await finished(acs, res.json().job.id);
      expect(job, JSON.stringify(job)).toMatchObject({
        status: 'completed',
        result: { fileId: expect.any(String) },
      });
      const files = (await acs.api('GET', `/api/devices/${id}/files`)).json().files;
      expect(files.find((f: { id: string }) => f.id === job.result.fileId)).toMatchObject({
        kind,
        deviceId: id,
      });
    }
    const sent = fleet
      .device(serial)!
      .sessionLog.entries.filter((e): e is TransferEntry => e.kind === 'transfer');
    expect(sent.map((e) => [e.method, e.faultCode])).toEqual([
      [uploadMethod, 0],
      [uploadMethod, 0],
    ]);
  });
});

/** The built-in TR-181 router, listing two log files and a configuration file in DeviceInfo. */
function routerWithFiles(): DeviceModel {
  const model = builtinTr181Model();
  const node = (name: string, value = '') => ({
    name,
    object: name.endsWith('.'),
    writable: false,
    value,
    type: 'xsd:string' as const,
    notification: 0,
    accessList: [],
  });
  model.nodes.push(
    node('Device.DeviceInfo.VendorLogFile.'),
    node('Device.DeviceInfo.VendorLogFile.1.'),
    node('Device.DeviceInfo.VendorLogFile.1.Name', '/var/log/messages'),
    node('Device.DeviceInfo.VendorLogFile.2.'),
    node('Device.DeviceInfo.VendorLogFile.2.Name', '/var/log/voip.log'),
    node('Device.DeviceInfo.VendorConfigFile.'),
    node('Device.DeviceInfo.VendorConfigFile.1.'),
    node('Device.DeviceInfo.VendorConfigFile.1.Name', 'running-config.xml'),
  );
  return model;
}

describe('the FileType of a transfer (issue 23, point 8)', () => {
  let acs: Acs;
  let fleet: Fleet;
  let id: string;
  const serial = 'FT-01';
  beforeAll(async () => {
    acs = await startAcs();
    fleet = await acs.fleet({ count: 1, serialTemplate: 'FT-{i:02}', model: routerWithFiles() });
    await fleet.waitForSessions(1);
    id = (await acs.deviceBySerial(serial)).id;
  });
  afterAll(async () => acs.close());

  /** The transfers the router carried out, as it logged them. */
  const transfers = () =>
    fleet.device(serial)!.sessionLog.entries.filter((e): e is TransferEntry => e.kind === 'transfer');

  async function sendFile(fields: Record<string, string>) {
    const body = multipart(fields, { field: 'file', name: 'ring.wav', content: 'RIFF....WAVE' });
    return acs.app.inject({
      method: 'POST',
      url: `/api/devices/${id}/upload-file`,
      headers: { ...bearer(acs.token), ...body.headers },
      payload: body.payload,
    });
  }

  it('sends an operator file as "2 Web Content" by default, or as the FileType chosen, to the target path', async () => {
    const before = transfers().length;
    const plain = await sendFile({ targetPath: '/www/ring.wav' });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().job.params).toMatchObject({ targetPath: '/www/ring.wav', fileType: '2 Web Content' });
    expect((await finished(acs, plain.json().job.id)).status).toBe('completed');
    const ringer = await sendFile({ targetPath: '/voice/ring.wav', fileType: '5 Ringer File' });
    expect((await finished(acs, ringer.json().job.id)).status).toBe('completed');
    const vendor = await sendFile({ targetPath: '/opt/cert.pem', fileType: 'X 50524F Certificate' });
    expect((await finished(acs, vendor.json().job.id)).status).toBe('completed');
    expect(
      transfers()
        .slice(before)
        .map((e) => [e.direction, e.fileType, e.targetFileName]),
    ).toEqual([
      ['download', '2 Web Content', '/www/ring.wav'],
      ['download', '5 Ringer File', '/voice/ring.wav'],
      ['download', 'X 50524F Certificate', '/opt/cert.pem'],
    ]);
  });

  it('refuses a FileType a Download cannot have, naming the allowed ones, and keeps no file', async () => {
    const filesBefore = (await acs.api('GET', `/api/devices/${id}/files`)).json().files.length;
    for (const fileType of ['Vendor Configuration File', '6 Something', 'X acme thing']) {
      const res = await sendFile({ targetPath: '/tmp/x', fileType });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(`fileType "${fileType}" is not a TR-069 Download FileType`);
      expect(res.json().message).toContain(
        '"1 Firmware Upgrade Image", "2 Web Content", "3 Vendor Configuration File", "4 Tone File", "5 Ringer File"',
      );
      expect(res.json().message).toContain('"X <OUI> <name>"');
    }
    expect((await acs.api('GET', `/api/devices/${id}/files`)).json().files).toHaveLength(filesBefore);
  });

  it('asks for a file of the router by its path: the instance the router lists, the class chosen, or its log', async () => {
    // The device's tree, as a refresh learns it, lists the router's files.
    const refresh = await acs.api('POST', `/api/devices/${id}/refresh`, { path: 'Device.DeviceInfo.' });
    expect((await finished(acs, refresh.json().job.id)).status).toBe('completed');
    const before = transfers().length;
    const cases: [object, string][] = [
      [{ filePath: '/var/log/voip.log' }, '4 Vendor Log File 2'],
      [{ filePath: 'messages' }, '4 Vendor Log File 1'],
      [{ filePath: 'Device.DeviceInfo.VendorConfigFile.1.' }, '3 Vendor Configuration File 1'],
      [
        { filePath: 'running-config.xml', fileType: '1 Vendor Configuration File' },
        '3 Vendor Configuration File 1',
      ],
      [{ filePath: '/tmp/unknown.log' }, '2 Vendor Log File'],
      [{ filePath: '/etc/config', fileType: '1 Vendor Configuration File' }, '1 Vendor Configuration File'],
    ];
    for (const [body, fileType] of cases) {
      const res = await acs.api('POST', `/api/devices/${id}/download-file`, body);
      expect(res.status, JSON.stringify(res.json())).toBe(200);
      expect(res.json().job.params.fileType).toBe(fileType);
      const job = await finished(acs, res.json().job.id);
      expect(job, JSON.stringify(job)).toMatchObject({
        status: 'completed',
        result: { fileId: expect.any(String) },
      });
      // The store keeps a configuration file as config, a log as log.
      const files = (await acs.api('GET', `/api/devices/${id}/files`)).json().files;
      expect(files.find((f: { id: string }) => f.id === job.result.fileId)?.kind, fileType).toBe(
        fileType.includes('Configuration') ? 'config' : 'log',
      );
    }
    expect(
      transfers()
        .slice(before)
        .map((e) => e.fileType),
    ).toEqual(cases.map(([, fileType]) => fileType));
  });

  it('refuses an Upload FileType that does not exist or contradicts the path', async () => {
    const bad = await acs.api('POST', `/api/devices/${id}/download-file`, {
      filePath: '/var/log/messages',
      fileType: '3 Web Content',
    });
    expect(bad.status).toBe(400);
    expect(bad.json().message).toMatch(
      /fileType "3 Web Content" is not a TR-069 Upload FileType. Use one of "1 Vendor Configuration File", "2 Vendor Log File", "3 Vendor Configuration File <i>" or "4 Vendor Log File <i>"/,
    );
    const contradicts = await acs.api('POST', `/api/devices/${id}/download-file`, {
      filePath: 'Device.DeviceInfo.VendorLogFile.2.',
      fileType: '1 Vendor Configuration File',
    });
    expect(contradicts.status).toBe(400);
    expect(contradicts.json().message).toBe(
      'filePath "Device.DeviceInfo.VendorLogFile.2." asks for "4 Vendor Log File 2" but fileType is "1 Vendor Configuration File". Give the fileType "4 Vendor Log File 2", or leave fileType out.',
    );
  });
});
