import { afterEach, describe, expect, it } from 'vitest';
import type { Download, Upload } from '@provisor/cwmp';
import { FileServer } from '../../test/file-server';
import { rig } from '../../test/fixtures';
import type { Rig } from '../../test/fixtures';
import { CONFIG_FORMAT, firmwareVersionOf } from './transfers';

let r: Rig | undefined;
let files: FileServer | undefined;
afterEach(async () => {
  await r?.close();
  await files?.close();
  r = undefined;
  files = undefined;
});

const SN = 'SIM000001';
const SW = 'Device.DeviceInfo.SoftwareVersion';

function download(over: Partial<Download>): Download {
  return {
    name: 'Download',
    commandKey: 'dl-1',
    fileType: '1 Firmware Upgrade Image',
    url: '',
    username: '',
    password: '',
    fileSize: 0,
    targetFileName: '',
    delaySeconds: 0,
    successUrl: '',
    failureUrl: '',
    ...over,
  };
}

function upload(over: Partial<Upload>): Upload {
  return {
    name: 'Upload',
    commandKey: 'up-1',
    fileType: '1 Vendor Configuration File',
    url: '',
    username: '',
    password: '',
    delaySeconds: 0,
    ...over,
  };
}

describe('firmwareVersionOf', () => {
  it('reads the version from JSON, from the PROVISOR-FIRMWARE header, or from the file name', () => {
    expect(firmwareVersionOf(Buffer.from('{"version":"2.0.1"}'), 'http://x/fw.bin')).toBe('2.0.1');
    expect(firmwareVersionOf(Buffer.from('PROVISOR-FIRMWARE 3.1.4\nbinary'), 'http://x/fw.bin')).toBe(
      '3.1.4',
    );
    expect(firmwareVersionOf(Buffer.from([0, 1, 2]), 'http://x/files/V5R020C10S115.bin')).toBe(
      'V5R020C10S115',
    );
  });
});

describe('Download and Upload (TR-069 Amendment 6, A.3.2.8, A.4.1.5)', () => {
  it('answers Status 1, installs a firmware image, reboots and reports 1 BOOT, 7 TRANSFER COMPLETE, M Download and TransferComplete 0', async () => {
    files = await FileServer.start();
    files.files.set('/fw.bin', 'PROVISOR-FIRMWARE 2.5.0\n');
    r = await rig();
    r.acs.queue(SN, download({ url: `${files.url}/fw.bin`, fileSize: 24 }), { name: 'GetQueuedTransfers' });
    await r.fleet.waitForSessions(2);
    const [dl, queued] = r.acs.receivedOf(SN);
    expect(dl).toMatchObject({ name: 'DownloadResponse', status: 1, completeTime: '0001-01-01T00:00:00Z' });
    expect(queued).toEqual({
      name: 'GetQueuedTransfersResponse',
      transferList: [{ commandKey: 'dl-1', state: 1 }],
    });
    const inform = r.acs.informsOf(SN)[1]!;
    expect(inform.event).toEqual([
      { eventCode: '7 TRANSFER COMPLETE', commandKey: '' },
      { eventCode: 'M Download', commandKey: 'dl-1' },
      { eventCode: '1 BOOT', commandKey: '' },
    ]);
    expect(inform.parameterList.find((p) => p.name === SW)?.raw).toBe('2.5.0');
    expect(r.acs.transferCompletesOf(SN)).toEqual([
      expect.objectContaining({ commandKey: 'dl-1', faultStruct: { faultCode: 0, faultString: '' } }),
    ]);
    // Acknowledged: the next session carries no transfer events any more.
    r.fleet.device(SN)!.informNow(['6 CONNECTION REQUEST']);
    await r.fleet.waitForSessions(3);
    expect(r.acs.eventsOf(SN)[2]).toEqual(['6 CONNECTION REQUEST']);
  });

  it('reports 9017 when the file is not FileSize bytes, and 9016 for a missing file, without rebooting', async () => {
    files = await FileServer.start();
    files.files.set('/fw.bin', 'PROVISOR-FIRMWARE 2.5.0\n');
    r = await rig();
    r.acs.queue(
      SN,
      download({ url: `${files.url}/fw.bin`, fileSize: 999 }),
      download({ commandKey: 'dl-2', url: `${files.url}/missing.bin` }),
    );
    await r.fleet.waitUntil(() => r!.acs.transferCompletesOf(SN).length >= 2, 5000, 'two TransferCompletes');
    const codes = Object.fromEntries(
      r.acs.transferCompletesOf(SN).map((t) => [t.commandKey, t.faultStruct.faultCode]),
    );
    expect(codes).toEqual({ 'dl-1': 9017, 'dl-2': 9016 });
    expect(r.fleet.device(SN)!.getValue(SW)).toBe('1.0.0');
    expect(r.acs.eventsOf(SN).flat()).not.toContain('M Reboot');
  });

  it('reports 9015 when the file server cannot be reached and 9013 for an unsupported protocol', async () => {
    r = await rig();
    r.acs.queue(
      SN,
      download({ url: 'http://127.0.0.1:9/fw.bin' }),
      download({ commandKey: 'ftp', url: 'ftp://127.0.0.1/fw.bin' }),
    );
    await r.fleet.waitUntil(() => r!.acs.transferCompletesOf(SN).length >= 1, 5000, 'a TransferComplete');
    expect(r.acs.transferCompletesOf(SN)[0]?.faultStruct.faultCode).toBe(9015);
    expect(r.acs.receivedOf(SN)[1]).toMatchObject({ name: 'Fault', faultCode: 9013 });
  });

  it.each(['basic', 'digest'] as const)(
    'downloads with %s credentials, and reports 9012 with wrong ones',
    async (scheme) => {
      files = await FileServer.start({ scheme, username: 'u', password: 'p' });
      files.files.set('/fw.json', '{"version":"9.9"}');
      r = await rig();
      r.acs.queue(
        SN,
        download({ url: `${files.url}/fw.json`, username: 'u', password: 'p' }),
        download({
          commandKey: 'bad',
          fileType: '2 Web Content',
          url: `${files.url}/fw.json`,
          username: 'u',
          password: 'x',
        }),
      );
      await r.fleet.waitUntil(
        () => r!.acs.transferCompletesOf(SN).length >= 2,
        5000,
        'two TransferCompletes',
      );
      const codes = Object.fromEntries(
        r.acs.transferCompletesOf(SN).map((t) => [t.commandKey, t.faultStruct.faultCode]),
      );
      expect(codes).toEqual({ 'dl-1': 0, bad: 9012 });
      expect(r.fleet.device(SN)!.getValue(SW)).toBe('9.9');
    },
  );

  it('uploads its configuration with PUT, and applies the same file as a 3 Vendor Configuration File download', async () => {
    files = await FileServer.start();
    r = await rig({ count: 2 });
    const ntp = 'Device.Time.NTPServer2';
    r.fleet.device(SN)!.setValue(ntp, 'ntp.from-upload');
    r.acs.queue(SN, upload({ url: `${files.url}/up/cfg.json` }));
    await r.fleet.waitUntil(() => r!.acs.transferCompletesOf(SN).length >= 1, 5000, 'the upload');
    expect(r.acs.transferCompletesOf(SN)[0]?.faultStruct.faultCode).toBe(0);
    expect(r.acs.eventsOf(SN).at(-1)).toEqual(['7 TRANSFER COMPLETE', 'M Upload']);
    const uploaded = files.uploads.get('/up/cfg.json')!;
    expect(uploaded.contentType).toBe('application/json');
    const config = JSON.parse(uploaded.body) as {
      format: string;
      parameters: { name: string; value: string }[];
    };
    expect(config.format).toBe(CONFIG_FORMAT);
    expect(config.parameters).toContainEqual(
      expect.objectContaining({ name: ntp, value: 'ntp.from-upload' }),
    );
    expect(config.parameters.some((p) => p.name.endsWith('Password'))).toBe(false);
    files.files.set('/cfg.json', uploaded.body);
    r.acs.queue(
      'SIM000002',
      download({ fileType: '3 Vendor Configuration File', url: `${files.url}/cfg.json` }),
    );
    r.fleet.device('SIM000002')!.informNow(['6 CONNECTION REQUEST']);
    await r.fleet.waitUntil(
      () => r!.acs.transferCompletesOf('SIM000002').length >= 1,
      5000,
      'the config download',
    );
    expect(r.acs.transferCompletesOf('SIM000002')[0]?.faultStruct.faultCode).toBe(0);
    expect(r.fleet.device('SIM000002')!.getValue(ntp)).toBe('ntp.from-upload');
  });

  it('uploads a log file as text and refuses an unknown upload FileType with 9003', async () => {
    files = await FileServer.start();
    r = await rig();
    r.acs.queue(
      SN,
      upload({ fileType: '2 Vendor Log File', url: `${files.url}/log.txt` }),
      upload({ fileType: '9 Nope', url: `${files.url}/x` }),
    );
    await r.fleet.waitUntil(() => files!.uploads.has('/log.txt'), 5000, 'the log upload');
    expect(files.uploads.get('/log.txt')?.body).toMatch(/^Provisor simulated CPE 50524F-SimRouter-SIM000001/);
    expect(r.acs.receivedOf(SN)[1]).toMatchObject({ name: 'Fault', faultCode: 9003 });
  });

  it.each(['PUT', 'POST'] as const)(
    'uploads with HTTP %s as told (uploadMethod) and records the FileType it was asked for',
    async (method) => {
      files = await FileServer.start();
      r = await rig({ uploadMethod: method });
      r.acs.queue(SN, upload({ fileType: '2 Vendor Log File', url: `${files.url}/up/log.txt` }));
      await r.fleet.waitUntil(() => r!.acs.transferCompletesOf(SN).length >= 1, 5000, 'the upload');
      expect(files.uploads.get('/up/log.txt')).toMatchObject({ method, contentType: 'text/plain' });
      const logged = r.fleet.device(SN)!.sessionLog.entries.filter((e) => e.kind === 'transfer');
      expect(logged).toEqual([
        expect.objectContaining({ direction: 'upload', fileType: '2 Vendor Log File', method, faultCode: 0 }),
      ]);
    },
  );

  it('records the FileType and TargetFileName of a download, and refuses an upload of a file instance it lacks', async () => {
    files = await FileServer.start();
    files.files.set('/page.html', '<p>hello</p>');
    r = await rig();
    r.acs.queue(
      SN,
      download({
        fileType: '2 Web Content',
        url: `${files.url}/page.html`,
        targetFileName: '/www/page.html',
      }),
      upload({ fileType: '4 Vendor Log File 7', url: `${files.url}/x` }),
    );
    await r.fleet.waitUntil(() => r!.acs.transferCompletesOf(SN).length >= 1, 5000, 'the download');
    expect(r.fleet.device(SN)!.sessionLog.entries.filter((e) => e.kind === 'transfer')).toEqual([
      expect.objectContaining({
        direction: 'download',
        fileType: '2 Web Content',
        targetFileName: '/www/page.html',
        faultCode: 0,
      }),
    ]);
    expect(r.acs.receivedOf(SN)[1]).toMatchObject({
      name: 'Fault',
      faultCode: 9003,
      faultString: expect.stringMatching(/VendorLogFile\.7/),
    });
  });

  it('reports 9012 when the upload server refuses the credentials', async () => {
    files = await FileServer.start({ scheme: 'basic', username: 'u', password: 'p' });
    r = await rig();
    r.acs.queue(SN, upload({ url: `${files.url}/log.txt`, username: 'u', password: 'nope' }));
    await r.fleet.waitUntil(() => r!.acs.transferCompletesOf(SN).length >= 1, 5000, 'the upload');
    expect(r.acs.transferCompletesOf(SN)[0]?.faultStruct.faultCode).toBe(9012);
  });
});
