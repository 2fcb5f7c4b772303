// Transfer jobs end to end with a scripted CPE that really fetches (GET) and sends (PUT) files.
import { parameterValue, type CwmpMessage } from '@provisor/cwmp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../../test/helpers';
import { TestCpe, type Exchange } from '../../../test/cpe-client';
import { multipart } from '../../../test/multipart';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
type Msg<N extends CwmpMessage['name']> = Extract<CwmpMessage, { name: N }>;

let t: TestApp;
let base: string;
let token: string;
const cpes: TestCpe[] = [];
let n = 0;

beforeAll(async () => {
  t = await buildTestApp({ maxFileBytes: 64 * 1024 });
  base = await listenOnLoopback(t.app);
  token = await login(t.app);
});
afterAll(async () => {
  await Promise.all(cpes.map((c) => c.close()));
  await t.close();
});

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const job = async (id: string) => (await api('GET', `/api/provisioning/jobs/${id}`)).json().job;

async function knownCpe() {
  const cpe = new TestCpe(base, {
    oui: '00259E',
    productClass: 'EG8145V5',
    serialNumber: `XFER${++n}`,
    manufacturer: 'Huawei',
  });
  cpes.push(cpe);
  await cpe.inform(['0 BOOTSTRAP']);
  await cpe.post('');
  cpe.forgetCookies();
  const id = (await api('GET', `/api/devices?search=${cpe.identity.serialNumber}`)).json().devices[0]
    .id as string;
  return { cpe, id };
}

/** A session opened with these events (and CommandKeys), answering up to the first ACS RPC. */
async function session(cpe: TestCpe, events: [string, string?][], version = 'V5R020C00S280') {
  const inform = cpe.informMessage() as Msg<'Inform'>;
  inform.event = events.map(([eventCode, commandKey = '']) => ({ eventCode, commandKey }));
  inform.parameterList[0] = parameterValue(
    'InternetGatewayDevice.DeviceInfo.SoftwareVersion',
    'string',
    version,
  );
  cpe.forgetCookies();
  expect((await cpe.send(inform, 'i')).status).toBe(200);
}

/** The CPE takes a transfer RPC to do after the session (status 1, TR-069 Amendment 6, A.3.2.8). */
const acceptLater = (cpe: TestCpe, rpc: Exchange, name: 'DownloadResponse' | 'UploadResponse') =>
  cpe.send(
    { name, status: 1, startTime: '0001-01-01T00:00:00Z', completeTime: '0001-01-01T00:00:00Z' },
    rpc.envelope!.header.id,
  );

/** Its TransferComplete (A.3.3.2), in the session that reports it. */
const transferComplete = (
  cpe: TestCpe,
  commandKey: string,
  faultStruct = { faultCode: 0, faultString: '' },
) => cpe.send({ name: 'TransferComplete', commandKey, faultStruct, startTime: '', completeTime: '' }, 'tc');

/** A multipart form posted by the signed-in operator. */
const postForm = (url: string, form: { headers: Record<string, string>; payload: Buffer }) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });

/** A firmware upgrade from an outside URL to version V9, its Download sent in a new session. */
async function externalFirmwareSent() {
  const { cpe, id } = await knownCpe();
  const jobId = (
    await api('POST', `/api/devices/${id}/firmware-upgrade`, {
      firmwareUrl: 'http://192.0.2.1/fw.bin',
      version: 'V9',
    })
  ).json().job.id as string;
  await session(cpe, [['6 CONNECTION REQUEST']]);
  const rpc = await cpe.post('');
  return { cpe, jobId, rpc, dl: rpc.envelope!.body as Msg<'Download'> };
}

async function uploadFirmware(name: string, content: string) {
  const body = multipart({ kind: 'firmware' }, { field: 'file', name, content });
  const res = await postForm('/api/files', body);
  expect(res.statusCode).toBe(201);
  return res.json().file as { id: string; size: number; sha256: string };
}

describe('transfer jobs', () => {
  it('upgrades firmware from the store: Download, the CPE fetches the file, TransferComplete after BOOT with the new version', async () => {
    const { cpe, id } = await knownCpe();
    const fw = await uploadFirmware('EG8145V5-V5R021.bin', 'PROVISOR-FIRMWARE V5R021C00S100\n');
    expect(fw.size).toBe(32);
    const jobId = (
      await api('POST', `/api/devices/${id}/firmware-upgrade`, { fileId: fw.id, version: 'V5R021C00S100' })
    ).json().job.id;
    await session(cpe, [['6 CONNECTION REQUEST']]);
    const rpc = await cpe.post('');
    const dl = rpc.envelope!.body as Msg<'Download'>;
    expect(dl).toMatchObject({ name: 'Download', fileType: '1 Firmware Upgrade Image', fileSize: 32 });
    expect(dl.url).toMatch(new RegExp(`^${base}/files/${jobId}/[\\w-]+/EG8145V5-V5R021\\.bin$`));
    // The CPE fetches the image over plain HTTP, no console credentials.
    const image = await fetch(dl.url);
    expect(image.status).toBe(200);
    expect(await image.text()).toBe('PROVISOR-FIRMWARE V5R021C00S100\n');
    expect((await fetch(dl.url.replace(/\/files\/([^/]+)\/[^/]+\//, '/files/$1/wrong-token/'))).status).toBe(
      404,
    );
    expect((await acceptLater(cpe, rpc, 'DownloadResponse')).status).toBe(204);
    expect((await job(jobId)).status).toBe('running');
    await session(cpe, [['1 BOOT'], ['7 TRANSFER COMPLETE'], ['M Download', dl.commandKey]], 'V5R021C00S100');
    const tc = await cpe.send(
      {
        name: 'TransferComplete',
        commandKey: dl.commandKey,
        faultStruct: { faultCode: 0, faultString: '' },
        startTime: '2026-01-01T00:00:00Z',
        completeTime: '2026-01-01T00:01:00Z',
      },
      'tc',
    );
    expect(tc.envelope!.body.name).toBe('TransferCompleteResponse');
    expect(await job(jobId)).toMatchObject({
      status: 'completed',
      result: { softwareVersion: 'V5R021C00S100' },
    });
    expect((await api('GET', `/api/devices/${id}`)).json().device.softwareVersion).toBe('V5R021C00S100');
    // The job is over: its file URL no longer works.
    expect((await fetch(dl.url)).status).toBe(404);
  });

  it('fails a firmware upgrade when the device comes back with another version', async () => {
    const { cpe, jobId, rpc, dl } = await externalFirmwareSent();
    expect(dl.url).toBe('http://192.0.2.1/fw.bin');
    await acceptLater(cpe, rpc, 'DownloadResponse');
    await session(cpe, [['1 BOOT'], ['7 TRANSFER COMPLETE'], ['M Download', dl.commandKey]], 'V5-old');
    await transferComplete(cpe, dl.commandKey);
    expect(await job(jobId)).toMatchObject({
      status: 'failed',
      error: 'After the upgrade the device reports software version "V5-old"; expected "V9".',
    });
  });

  it('fails a transfer with the fault of the TransferComplete when another try would fail the same', async () => {
    const { cpe, jobId, rpc, dl } = await externalFirmwareSent();
    await acceptLater(cpe, rpc, 'DownloadResponse');
    await session(cpe, [['7 TRANSFER COMPLETE'], ['M Download', dl.commandKey]]);
    await transferComplete(cpe, dl.commandKey, { faultCode: 9018, faultString: 'File corrupted' });
    expect(await job(jobId)).toMatchObject({
      status: 'failed',
      faultCode: 9018,
      error: 'Transfer failed: CPE fault 9018 (File corrupted)',
    });
    expect((await cpe.post('')).status).toBe(204);
  });

  it('sends the Download again when the file did not get through (the file server was down), then fails after the attempts', async () => {
    const { cpe, jobId, rpc, dl } = await externalFirmwareSent();
    let sent = rpc;
    // The test app allows 3 attempts: the first Download and two more, each in the session that
    // reported the failure.
    for (const attempt of [1, 2, 3]) {
      expect(sent.envelope!.body).toMatchObject({ name: 'Download', commandKey: dl.commandKey, url: dl.url });
      expect(await job(jobId)).toMatchObject({ status: 'running', attempts: attempt });
      await acceptLater(cpe, sent, 'DownloadResponse');
      await session(cpe, [['7 TRANSFER COMPLETE'], ['M Download', dl.commandKey]]);
      await transferComplete(cpe, dl.commandKey, {
        faultCode: 9015,
        faultString: 'Unable to contact file server',
      });
      if (attempt < 3) expect(await job(jobId)).toMatchObject({ status: 'pending', error: null });
      sent = await cpe.post('');
    }
    expect(sent.status).toBe(204);
    expect(await job(jobId)).toMatchObject({
      status: 'failed',
      attempts: 3,
      faultCode: 9015,
      error: 'Transfer failed: CPE fault 9015 (Unable to contact file server) (3 attempts)',
    });
  });

  it('backs up the configuration: Upload, the CPE PUTs the file, a downloadable backup is listed', async () => {
    const { cpe, id } = await knownCpe();
    const jobId = (await api('POST', `/api/devices/${id}/backup-config`)).json().job.id;
    await session(cpe, [['6 CONNECTION REQUEST']]);
    const rpc = await cpe.post('');
    const up = rpc.envelope!.body as Msg<'Upload'>;
    expect(up).toMatchObject({ name: 'Upload', fileType: '1 Vendor Configuration File' });
    const put = await fetch(up.url, {
      method: 'PUT',
      body: '{"InternetGatewayDevice.Time.NTPServer1":"hr.pool.ntp.org"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(put.status).toBe(201);
    await acceptLater(cpe, rpc, 'UploadResponse');
    await session(cpe, [['7 TRANSFER COMPLETE'], ['M Upload', up.commandKey]]);
    await transferComplete(cpe, up.commandKey);
    const done = await job(jobId);
    expect(done.status).toBe('completed');
    const files = (await api('GET', `/api/devices/${id}/files`)).json().files;
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ id: done.result.fileId, kind: 'backup', deviceId: id, jobId });
    const download = await api('GET', files[0].downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('{"InternetGatewayDevice.Time.NTPServer1":"hr.pool.ntp.org"}');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="config-backup-/);
  });

  it('serves a stored file as bytes to save, whatever type it was uploaded as (no page of the console origin)', async () => {
    const { cpe, id } = await knownCpe();
    const page = '<script>fetch("/api/users")</script>';
    const body = multipart(
      { kind: 'firmware' },
      { field: 'file', name: 'fw-2.1.bin', content: page, type: 'text/html' },
    );
    const res = await postForm('/api/files', body);
    expect(res.statusCode).toBe(201);
    const fw = res.json().file as { id: string };
    await api('POST', `/api/devices/${id}/firmware-upgrade`, { fileId: fw.id, version: '2.1' });
    await session(cpe, [['6 CONNECTION REQUEST']]);
    const dl = (await cpe.post('')).envelope!.body as Msg<'Download'>;
    const expected = {
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename="fw-2.1.bin"; filename*=UTF-8''fw-2.1.bin`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
    };
    // The routers' door, which anyone holding the job's URL may open in a browser.
    const fetched = await fetch(dl.url);
    expect(await fetched.text()).toBe(page);
    for (const [name, value] of Object.entries(expected)) expect(fetched.headers.get(name)).toBe(value);
    // The console's download.
    const download = await api('GET', `/api/files/${fw.id}/download`);
    expect(download.body).toBe(page);
    expect(download.headers).toMatchObject(expected);
  });

  it('says whether a firmware URL is missing or is not an http(s) URL, on one device and in bulk', async () => {
    const { id } = await knownCpe();
    const bad = await api('POST', `/api/devices/${id}/firmware-upgrade`, {
      firmwareUrl: 'not a url',
      version: '2.1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: 'Invalid firmware URL',
      message:
        '"not a url" is not an http:// or https:// URL; give one the router can reach, e.g. http://files.example.net/fw.bin, or choose an uploaded firmware file.',
    });
    const ftp = await api('POST', '/api/provisioning/bulk/firmware-upgrade', {
      deviceIds: [id],
      firmwareUrl: 'ftp://files.example.net/fw.bin',
      version: '2.1',
    });
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json().error).toBe('Invalid firmware URL');
    const none = await api('POST', `/api/devices/${id}/firmware-upgrade`, { version: '2.1' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('Firmware URL required');
  });

  it('upgrades firmware only from a firmware file, not from a backup or a log', async () => {
    const { id } = await knownCpe();
    const body = multipart({ kind: 'config' }, { field: 'file', name: 'settings.cfg', content: 'x=1' });
    const config = (await postForm('/api/files', body)).json().file as { id: string };
    const res = await api('POST', `/api/devices/${id}/firmware-upgrade`, {
      fileId: config.id,
      version: '2.1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The file "settings.cfg" is a config file, not firmware; choose a firmware file.',
    );
  });

  it('keeps one file a backup job: an upload sent again replaces the one before', async () => {
    const { cpe, id } = await knownCpe();
    const jobId = (await api('POST', `/api/devices/${id}/backup-config`)).json().job.id;
    await session(cpe, [['6 CONNECTION REQUEST']]);
    const rpc = await cpe.post('');
    const up = rpc.envelope!.body as Msg<'Upload'>;
    for (const content of ['first', 'second', 'third'])
      expect((await fetch(up.url, { method: 'PUT', body: content })).status).toBe(201);
    const files = (await api('GET', `/api/devices/${id}/files`)).json().files;
    expect(files).toEqual([expect.objectContaining({ kind: 'backup', jobId, size: 5 })]);
    expect((await api('GET', files[0].downloadUrl)).body).toBe('third');
    await acceptLater(cpe, rpc, 'UploadResponse');
    await session(cpe, [['7 TRANSFER COMPLETE'], ['M Upload', up.commandKey]]);
    await transferComplete(cpe, up.commandKey);
    expect((await job(jobId)).result.fileId).toBe(files[0].id);
  });

  it('takes one upload of a job at a time: another while one is arriving is refused with 409', async () => {
    const { cpe, id } = await knownCpe();
    await api('POST', `/api/devices/${id}/backup-config`);
    await session(cpe, [['6 CONNECTION REQUEST']]);
    const up = (await cpe.post('')).envelope!.body as Msg<'Upload'>;
    let release!: () => void;
    const slow = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('slow'));
        release = () => controller.close();
      },
    });
    const first = fetch(up.url, { method: 'PUT', body: slow, duplex: 'half' } as RequestInit);
    let refused: Response | undefined;
    for (let i = 0; i < 100 && !refused; i++) {
      const again = await fetch(up.url, { method: 'PUT', body: 'other' });
      if (again.status === 409) refused = again;
      else await new Promise((r) => setTimeout(r, 10));
    }
    expect(await refused?.text()).toBe(
      "This transfer's file is already arriving; send it again once that upload has ended.",
    );
    release();
    expect((await first).status).toBe(201);
    const files = (await api('GET', `/api/devices/${id}/files`)).json().files;
    expect(files).toHaveLength(1);
    expect((await api('GET', files[0].downloadUrl)).body).toBe('slow');
  });

  it('refuses an upload larger than the limit, and a PUT to a job that takes no upload', async () => {
    const { cpe, id } = await knownCpe();
    await api('POST', `/api/devices/${id}/backup-config`);
    await session(cpe, [['6 CONNECTION REQUEST']]);
    const up = (await cpe.post('')).envelope!.body as Msg<'Upload'>;
    expect((await fetch(up.url, { method: 'PUT', body: 'x'.repeat(70 * 1024) })).status).toBe(413);
    expect((await fetch(`${base}/files/not-a-job/token/x`, { method: 'PUT', body: 'x' })).status).toBe(404);
  });

  it('takes an upload by POST with the same rules as PUT: the token, the size limit, one job, one use', async () => {
    const { cpe, id } = await knownCpe();
    const jobId = (await api('POST', `/api/devices/${id}/backup-config`)).json().job.id;
    await session(cpe, [['6 CONNECTION REQUEST']]);
    const rpc = await cpe.post('');
    const up = rpc.envelope!.body as Msg<'Upload'>;
    const post = (url: string, body: string) =>
      fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/octet-stream' } });
    const wrongToken = up.url.replace(/\/files\/([^/]+)\/[^/]+\//, '/files/$1/wrong-token/');
    expect((await post(wrongToken, 'x')).status).toBe(404);
    expect((await post(up.url, 'x'.repeat(70 * 1024))).status).toBe(413);
    expect((await post(up.url, 'config by POST')).status).toBe(201);
    await acceptLater(cpe, rpc, 'UploadResponse');
    await session(cpe, [['7 TRANSFER COMPLETE'], ['M Upload', up.commandKey]]);
    await transferComplete(cpe, up.commandKey);
    const done = await job(jobId);
    expect(done.status).toBe('completed');
    const files = (await api('GET', `/api/devices/${id}/files`)).json().files;
    expect(files).toEqual([expect.objectContaining({ id: done.result.fileId, kind: 'backup', size: 14 })]);
    // The job is over: its URL takes nothing more, by either method.
    expect((await post(up.url, 'again')).status).toBe(404);
    expect((await fetch(up.url, { method: 'PUT', body: 'again' })).status).toBe(404);
  });

  it('refuses a POST to a job that takes no upload', async () => {
    const { cpe, id } = await knownCpe();
    const fw = await uploadFirmware('fw-post.bin', 'PROVISOR-FIRMWARE X\n');
    await api('POST', `/api/devices/${id}/firmware-upgrade`, { fileId: fw.id, version: 'X' });
    await session(cpe, [['6 CONNECTION REQUEST']]);
    const dl = (await cpe.post('')).envelope!.body as Msg<'Download'>;
    expect((await fetch(dl.url, { method: 'POST', body: 'x' })).status).toBe(404);
    expect((await fetch(`${base}/files/not-a-job/token/x`, { method: 'POST', body: 'x' })).status).toBe(404);
    // The firmware itself is untouched.
    expect(await (await fetch(dl.url)).text()).toBe('PROVISOR-FIRMWARE X\n');
  });

  it('restores configuration only from .xml or .json files', async () => {
    const { cpe, id } = await knownCpe();
    const txt = multipart({}, { field: 'configFile', name: 'backup.txt', content: 'x' });
    const refused = await postForm(`/api/devices/${id}/restore-config`, txt);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Restore configuration accepts .xml and .json files; got "backup.txt".',
    );
    const json = multipart(
      {},
      { field: 'configFile', name: 'backup.json', content: '{"a":"b"}', type: 'application/json' },
    );
    const ok = await postForm(`/api/devices/${id}/restore-config`, json);
    expect(ok.statusCode).toBe(200);
    await session(cpe, [['6 CONNECTION REQUEST']]);
    const dl = (await cpe.post('')).envelope!.body as Msg<'Download'>;
    expect(dl).toMatchObject({ name: 'Download', fileType: '3 Vendor Configuration File', fileSize: 9 });
    expect(await (await fetch(dl.url)).text()).toBe('{"a":"b"}');
  });

  it('sends an operator file to a target path, and asks the device for a file by path', async () => {
    const { cpe, id } = await knownCpe();
    const noTarget = multipart({}, { field: 'file', name: 'motd.txt', content: 'hello' });
    const missing = await postForm(`/api/devices/${id}/upload-file`, noTarget);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/targetPath/);
    const body = multipart(
      { targetPath: '/etc/motd' },
      { field: 'file', name: 'motd.txt', content: 'hello' },
    );
    expect((await postForm(`/api/devices/${id}/upload-file`, body)).statusCode).toBe(200);
    await api('POST', `/api/devices/${id}/download-file`, { filePath: '2 Vendor Log File' });
    await session(cpe, [['6 CONNECTION REQUEST']]);
    const first = await cpe.post('');
    expect(first.envelope!.body).toMatchObject({
      name: 'Download',
      targetFileName: '/etc/motd',
      fileSize: 5,
    });
    const second = await cpe.send(
      {
        name: 'DownloadResponse',
        status: 0,
        startTime: '2026-01-01T00:00:00Z',
        completeTime: '2026-01-01T00:00:01Z',
      },
      first.envelope!.header.id,
    );
    expect(second.envelope!.body).toMatchObject({ name: 'Upload', fileType: '2 Vendor Log File' });
  });
});
