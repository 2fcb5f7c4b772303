// Jobs carried out over real CWMP sessions with a scripted CPE on loopback.
import { parameterValue, type CwmpMessage } from '@provisor/cwmp';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../live/index';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../../test/helpers';
import { TestCpe, type Exchange } from '../../../test/cpe-client';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

let t: TestApp;
let base: string;
let token: string;
const events: LiveMessage[] = [];
const cpes: TestCpe[] = [];
let n = 0;

beforeAll(async () => {
  t = await buildTestApp({ jobMaxAttempts: 2 });
  base = await listenOnLoopback(t.app);
  token = await login(t.app);
  t.app.services.bus.subscribe((m) => events.push(m));
});
afterAll(async () => {
  await Promise.all(cpes.map((c) => c.close()));
  await t.close();
});

/** A CPE that has informed once (so the device exists), with its session ended. */
async function knownCpe(): Promise<{ cpe: TestCpe; id: string }> {
  const cpe = new TestCpe(base, {
    oui: '00259E',
    productClass: 'EG8145V5',
    serialNumber: `JOB${++n}`,
    manufacturer: 'Huawei',
  });
  cpes.push(cpe);
  await cpe.inform(['0 BOOTSTRAP']);
  await cpe.post('');
  cpe.forgetCookies();
  const list = await t.app.inject({
    method: 'GET',
    url: `/api/devices?search=${cpe.identity.serialNumber}`,
    headers: bearer(token),
  });
  return { cpe, id: list.json().devices[0].id };
}

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const job = async (id: string) => (await api('GET', `/api/provisioning/jobs/${id}`)).json().job;
const device = async (id: string) => (await api('GET', `/api/devices/${id}`)).json().device;
/** A job reading `path` from the device: answers its id. */
const readJob = async (deviceId: string, path: string) =>
  (await api('POST', `/api/devices/${deviceId}/get-parameters`, { parameters: [path] })).json().job
    .id as string;

/** A job refreshing the device's InternetGatewayDevice.Time. subtree: answers its id. */
const refreshTime = async (deviceId: string) =>
  (await api('POST', `/api/devices/${deviceId}/refresh`, { path: 'InternetGatewayDevice.Time.' })).json().job
    .id as string;

/** Opens a session and returns the first RPC the ACS sends after the empty POST. */
async function session(
  cpe: TestCpe,
  eventsList = ['6 CONNECTION REQUEST'],
  keys: Record<string, string> = {},
): Promise<Exchange> {
  const inform = cpe.informMessage(eventsList) as Extract<CwmpMessage, { name: 'Inform' }>;
  inform.event = eventsList.map((eventCode) => ({ eventCode, commandKey: keys[eventCode] ?? '' }));
  expect((await cpe.send(inform, 'i')).status).toBe(200);
  return cpe.post('');
}

describe('job engine', () => {
  it('sets parameters over SetParameterValues and records them on the device', async () => {
    const { cpe, id } = await knownCpe();
    const created = await api('POST', `/api/devices/${id}/set-parameters`, {
      parameters: [
        { name: 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.SSID', value: 'GT_Horvat' },
        {
          name: 'InternetGatewayDevice.ManagementServer.PeriodicInformInterval',
          value: '600',
          type: 'xsd:unsignedInt',
        },
      ],
    });
    expect(created.statusCode).toBe(200);
    const jobId = created.json().job.id;
    expect(created.json().job).toMatchObject({ type: 'set-parameters', status: 'pending', deviceId: id });
    const rpc = await session(cpe);
    const body = rpc.envelope!.body as Extract<CwmpMessage, { name: 'SetParameterValues' }>;
    expect(body.name).toBe('SetParameterValues');
    expect(body.parameterList.map((p) => [p.name, p.type, p.raw])).toEqual([
      ['InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.SSID', 'string', 'GT_Horvat'],
      ['InternetGatewayDevice.ManagementServer.PeriodicInformInterval', 'unsignedInt', '600'],
    ]);
    expect(body.parameterKey).toBe(jobId.replace(/-/g, '').slice(0, 32));
    expect((await job(jobId)).status).toBe('running');
    expect((await device(id)).status).toBe('provisioning');
    const end = await cpe.send({ name: 'SetParameterValuesResponse', status: 0 }, rpc.envelope!.header.id);
    expect(end.status).toBe(204);
    expect(await job(jobId)).toMatchObject({ status: 'completed', error: null, attempts: 1 });
    expect((await device(id)).status).toBe('online');
    const params = (
      await api('GET', `/api/devices/${id}/parameters?prefix=InternetGatewayDevice.LANDevice`)
    ).json().parameters;
    expect(params).toContainEqual({
      name: 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.SSID',
      value: 'GT_Horvat',
      type: 'string',
    });
    const updates = events
      .filter((e) => e.type === 'job_update' && (e.payload as { id: string }).id === jobId)
      .map((e) => (e.payload as { status: string }).status);
    expect(updates).toEqual(['pending', 'running', 'completed']);
  });

  it('fails a job with the CPE fault code and text when the router refuses it', async () => {
    const { cpe, id } = await knownCpe();
    const jobId = (
      await api('POST', `/api/devices/${id}/set-parameters`, {
        parameters: [{ name: 'InternetGatewayDevice.X', value: 'bad' }],
      })
    ).json().job.id;
    const rpc = await session(cpe);
    await cpe.send(
      {
        name: 'Fault',
        soapFaultCode: 'Client',
        soapFaultString: 'CWMP fault',
        faultCode: 9003,
        faultString: 'Invalid arguments',
        setParameterValuesFault: [
          {
            parameterName: 'InternetGatewayDevice.X',
            faultCode: 9007,
            faultString: 'Invalid parameter value',
          },
        ],
      },
      rpc.envelope!.header.id,
    );
    expect(await job(jobId)).toMatchObject({
      status: 'failed',
      faultCode: 9003,
      error: 'CPE fault 9003 (Invalid arguments): InternetGatewayDevice.X: 9007 Invalid parameter value',
    });
    expect((await device(id)).status).toBe('error');
  });

  it('refuses a value that cannot be of its declared type, before any device sees it', async () => {
    const { id } = await knownCpe();
    const res = await api('POST', `/api/devices/${id}/set-parameters`, {
      parameters: [{ name: 'A.B', value: 'ten', type: 'xsd:unsignedInt' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A.B: "ten" is not a valid unsignedInt.');
  });

  it.each([
    ['unsignedInt', '-5', '0 to 4294967295'],
    ['unsignedInt', '4294967296', '0 to 4294967295'],
    ['int', '2147483648', '-2147483648 to 2147483647'],
    ['unsignedLong', '-1', '0 to 18446744073709551615'],
    ['long', '9223372036854775808', '-9223372036854775808 to 9223372036854775807'],
  ])('refuses a %s of %s, out of its range, on one device and in bulk', async (type, value, range) => {
    const { id } = await knownCpe();
    const parameters = [
      { name: 'Device.ManagementServer.PeriodicInformEnable', value: 'true', type: 'xsd:boolean' },
      { name: 'Device.ManagementServer.PeriodicInformInterval', value, type: `xsd:${type}` },
    ];
    const message = `Device.ManagementServer.PeriodicInformInterval: "${value}" is out of range for ${type} (${range}).`;
    const one = await api('POST', `/api/devices/${id}/set-parameters`, { parameters });
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toBe(message);
    const bulk = await api('POST', '/api/provisioning/bulk/set-parameters', { deviceIds: [id], parameters });
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json().message).toBe(message);
  });

  it('takes the ends of each range', async () => {
    const { id } = await knownCpe();
    const res = await api('POST', `/api/devices/${id}/set-parameters`, {
      parameters: [
        { name: 'A.U', value: '4294967295', type: 'xsd:unsignedInt' },
        { name: 'A.I', value: '-2147483648', type: 'xsd:int' },
        { name: 'A.L', value: '-9223372036854775808', type: 'xsd:long' },
        { name: 'A.UL', value: '18446744073709551615', type: 'xsd:unsignedLong' },
      ],
    });
    expect(res.statusCode).toBe(200);
  });

  it('reads parameters and keeps what it read', async () => {
    const { cpe, id } = await knownCpe();
    const jobId = (
      await api('POST', `/api/devices/${id}/get-parameters`, { parameters: ['InternetGatewayDevice.Time.'] })
    ).json().job.id;
    const rpc = await session(cpe);
    expect(rpc.envelope!.body).toEqual({
      name: 'GetParameterValues',
      parameterNames: ['InternetGatewayDevice.Time.'],
    });
    await cpe.send(
      {
        name: 'GetParameterValuesResponse',
        parameterList: [parameterValue('InternetGatewayDevice.Time.NTPServer1', 'string', 'hr.pool.ntp.org')],
      },
      rpc.envelope!.header.id,
    );
    expect((await job(jobId)).result).toEqual({
      parameters: [
        { name: 'InternetGatewayDevice.Time.NTPServer1', value: 'hr.pool.ntp.org', type: 'string' },
      ],
    });
  });

  it('runs a job created after the Inform in the session that is open', async () => {
    const { cpe, id } = await knownCpe();
    // No job waits at the Inform; one arrives before the CPE's empty POST.
    expect((await cpe.inform(['2 PERIODIC'])).status).toBe(200);
    const jobId = (
      await api('POST', `/api/devices/${id}/get-parameters`, { parameters: ['InternetGatewayDevice.Time.'] })
    ).json().job.id;
    const rpc = await cpe.post('');
    expect(rpc.envelope?.body.name).toBe('GetParameterValues');
    await cpe.send({ name: 'GetParameterValuesResponse', parameterList: [] }, rpc.envelope!.header.id);
    expect((await job(jobId)).status).toBe('completed');
  });

  it('starts the job the Inform found waiting; one finished by an operator before the empty POST is left for the next', async () => {
    const { cpe, id } = await knownCpe();
    const read = (path: string) => readJob(id, path);
    const first = await read('InternetGatewayDevice.Time.');
    const second = await read('InternetGatewayDevice.DeviceInfo.');
    // The session starts with both waiting; the first is marked failed before the CPE hands over.
    expect((await cpe.inform(['6 CONNECTION REQUEST'])).status).toBe(200);
    expect((await api('POST', `/api/provisioning/jobs/${first}/fail`, { error: 'not now' })).statusCode).toBe(
      200,
    );
    const rpc = await cpe.post('');
    expect(rpc.envelope?.body).toMatchObject({
      name: 'GetParameterValues',
      parameterNames: ['InternetGatewayDevice.DeviceInfo.'],
    });
    await cpe.send({ name: 'GetParameterValuesResponse', parameterList: [] }, rpc.envelope!.header.id);
    expect((await job(first)).status).toBe('failed');
    expect((await job(second)).status).toBe('completed');
  });

  it('runs first an older job retried after the Inform, before the job the Inform found waiting', async () => {
    const { cpe, id } = await knownCpe();
    const read = (path: string) => readJob(id, path);
    const older = await read('InternetGatewayDevice.Time.');
    await api('POST', `/api/provisioning/jobs/${older}/fail`, { error: 'failed once' });
    const newer = await read('InternetGatewayDevice.DeviceInfo.');
    expect((await cpe.inform(['6 CONNECTION REQUEST'])).status).toBe(200);
    // Retried while the session is open: it waits again, and it was created first.
    expect((await api('POST', `/api/provisioning/jobs/${older}/retry`)).statusCode).toBe(200);
    let rpc = await cpe.post('');
    expect(rpc.envelope?.body).toMatchObject({ parameterNames: ['InternetGatewayDevice.Time.'] });
    rpc = await cpe.send({ name: 'GetParameterValuesResponse', parameterList: [] }, rpc.envelope!.header.id);
    expect(rpc.envelope?.body).toMatchObject({ parameterNames: ['InternetGatewayDevice.DeviceInfo.'] });
    await cpe.send({ name: 'GetParameterValuesResponse', parameterList: [] }, rpc.envelope!.header.id);
    expect((await job(older)).status).toBe('completed');
    expect((await job(newer)).status).toBe('completed');
  });

  it('hands a job in flight to the new session when the device informs again on another connection', async () => {
    const { cpe, id } = await knownCpe();
    const jobId = (
      await api('POST', `/api/devices/${id}/get-parameters`, { parameters: ['InternetGatewayDevice.Time.'] })
    ).json().job.id;
    const first = await session(cpe);
    expect(first.envelope?.body.name).toBe('GetParameterValues');
    // The router gave up on that session and starts a new one on another connection.
    const again = new TestCpe(base, cpe.identity);
    cpes.push(again);
    const rpc = await session(again);
    expect(rpc.envelope?.body.name).toBe('GetParameterValues');
    // The old session is over: a late answer there ends it (204, its cookie expired, issue 20) and
    // does not complete the job.
    const late = await cpe.send(
      { name: 'GetParameterValuesResponse', parameterList: [] },
      first.envelope!.header.id,
    );
    expect(late.status).toBe(204);
    expect(String(late.headers['set-cookie'])).toMatch(/provisor_session=; Path=\/; Max-Age=0/);
    expect((await job(jobId)).status).toBe('running');
    await again.send({ name: 'GetParameterValuesResponse', parameterList: [] }, rpc.envelope!.header.id);
    expect(await job(jobId)).toMatchObject({ status: 'completed', attempts: 2 });
  });

  it('finishes a job whose answer was lost by the ParameterKey the router reports, without sending it again', async () => {
    const { cpe, id } = await knownCpe();
    const ssid = 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.SSID';
    const jobId = (
      await api('POST', `/api/devices/${id}/set-parameters`, {
        parameters: [{ name: ssid, value: 'GT_Lost' }],
      })
    ).json().job.id;
    const first = await session(cpe);
    expect(first.envelope?.body.name).toBe('SetParameterValues');
    const key = (first.envelope!.body as { parameterKey: string }).parameterKey;
    // The router applied it, but its answer never arrived (the process that held the session died).
    // Its next session, on another connection, reports the key of the last change it applied.
    const again = new TestCpe(base, cpe.identity);
    cpes.push(again);
    const inform = again.informMessage(
      ['6 CONNECTION REQUEST'],
      [{ name: 'InternetGatewayDevice.ManagementServer.ParameterKey', value: key }],
    );
    expect((await again.send(inform, 'i')).status).toBe(200);
    const after = await again.post('');
    expect(after.status, after.text).toBe(204);
    expect(await job(jobId)).toMatchObject({ status: 'completed', attempts: 1, result: { status: 0 } });
  });

  it('runs a job again whose answer was lost when the router shows no sign of it', async () => {
    const { cpe, id } = await knownCpe();
    const ssid = 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.SSID';
    const jobId = (
      await api('POST', `/api/devices/${id}/set-parameters`, {
        parameters: [{ name: ssid, value: 'GT_Again' }],
      })
    ).json().job.id;
    expect((await session(cpe)).envelope?.body.name).toBe('SetParameterValues');
    const again = new TestCpe(base, cpe.identity);
    cpes.push(again);
    const inform = again.informMessage(
      ['6 CONNECTION REQUEST'],
      [{ name: 'InternetGatewayDevice.ManagementServer.ParameterKey', value: 'another-key' }],
    );
    expect((await again.send(inform, 'i')).status).toBe(200);
    const rpc = await again.post('');
    expect(rpc.envelope?.body.name).toBe('SetParameterValues');
    await again.send({ name: 'SetParameterValuesResponse', status: 0 }, rpc.envelope!.header.id);
    expect(await job(jobId)).toMatchObject({ status: 'completed', attempts: 2 });
  });

  it('finishes a reboot whose answer was lost when the router comes back with M Reboot', async () => {
    const { cpe, id } = await knownCpe();
    const jobId = (await api('POST', `/api/devices/${id}/reboot`, {})).json().job.id;
    const first = await session(cpe);
    expect(first.envelope?.body.name).toBe('Reboot');
    const key = (first.envelope!.body as { commandKey: string }).commandKey;
    const again = new TestCpe(base, cpe.identity);
    cpes.push(again);
    const booted = await session(again, ['1 BOOT', 'M Reboot'], { 'M Reboot': key });
    expect(booted.status, booted.text).toBe(204);
    expect(await job(jobId)).toMatchObject({
      status: 'completed',
      attempts: 1,
      result: { commandKeyMatched: true },
    });
  });

  it('leaves a job an operator failed while its RPC was out as failed; the answer still reaches the tree', async () => {
    const { cpe, id } = await knownCpe();
    const ssid = 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.SSID';
    const jobId = (
      await api('POST', `/api/devices/${id}/set-parameters`, { parameters: [{ name: ssid, value: 'Late' }] })
    ).json().job.id;
    const rpc = await session(cpe);
    expect(rpc.envelope!.body.name).toBe('SetParameterValues');
    expect((await api('POST', `/api/provisioning/jobs/${jobId}/fail`, { error: 'not now' })).statusCode).toBe(
      200,
    );
    const end = await cpe.send({ name: 'SetParameterValuesResponse', status: 0 }, rpc.envelope!.header.id);
    expect(end.status).toBe(204);
    expect(await job(jobId)).toMatchObject({ status: 'failed', error: 'not now' });
    const params = (
      await api('GET', `/api/devices/${id}/parameters?prefix=InternetGatewayDevice.LANDevice`)
    ).json().parameters;
    expect(params).toContainEqual({ name: ssid, value: 'Late', type: 'string' });
  });

  it('sends no next RPC for a job an operator completed while its first was out', async () => {
    const { cpe, id } = await knownCpe();
    const jobId = await refreshTime(id);
    const gpn = await session(cpe);
    expect(gpn.envelope!.body.name).toBe('GetParameterNames');
    expect((await api('POST', `/api/provisioning/jobs/${jobId}/complete`)).statusCode).toBe(200);
    const next = await cpe.send(
      {
        name: 'GetParameterNamesResponse',
        parameterList: [{ name: 'InternetGatewayDevice.Time.Enable', writable: true }],
      },
      gpn.envelope!.header.id,
    );
    expect(next.status).toBe(204);
    expect((await job(jobId)).status).toBe('completed');
  });

  it('writes no step of an answer over a job that stopped running in its session meanwhile', async () => {
    const { id } = await knownCpe();
    const jobs = t.app.services.jobs;
    const [made] = await jobs.create([(await t.app.services.devices.findById(id))!], 'reboot', {});
    // Its RPC went out in session S1: the row as this process wrote it, taken by the answer.
    const sent = (await jobs.start(made!, 'S1', { inFlight: true, rpc: 'Reboot' }))!;
    expect(await jobs.answering(made!.id)).toEqual(sent);
    await api('POST', `/api/provisioning/jobs/${made!.id}/fail`, { error: 'not now' });
    expect(await jobs.park(sent, { inFlight: false }, true)).toBe(false);
    expect(await jobs.again(sent, true)).toBe(false);
    expect(await jobs.progress(sent, { inFlight: false }, true)).toBe(false);
    expect(await jobs.finishAndRead(sent, 'completed', {}, true)).toBeNull();
    expect(await job(made!.id)).toMatchObject({ status: 'failed', error: 'not now' });
    // Unguarded, the same park would have put it back to pending.
    expect(await jobs.park(sent, { inFlight: false })).toBe(true);
    expect((await job(made!.id)).status).toBe('pending');
  });

  it('refreshes a subtree with GetParameterNames then GetParameterValues, learning writability', async () => {
    const { cpe, id } = await knownCpe();
    const jobId = await refreshTime(id);
    const gpn = await session(cpe);
    expect(gpn.envelope!.body).toEqual({
      name: 'GetParameterNames',
      parameterPath: 'InternetGatewayDevice.Time.',
      nextLevel: false,
    });
    const gpv = await cpe.send(
      {
        name: 'GetParameterNamesResponse',
        parameterList: [
          { name: 'InternetGatewayDevice.Time.', writable: false },
          { name: 'InternetGatewayDevice.Time.Enable', writable: true },
        ],
      },
      gpn.envelope!.header.id,
    );
    expect(gpv.envelope!.body).toEqual({
      name: 'GetParameterValues',
      parameterNames: ['InternetGatewayDevice.Time.'],
    });
    await cpe.send(
      {
        name: 'GetParameterValuesResponse',
        parameterList: [parameterValue('InternetGatewayDevice.Time.Enable', 'boolean', true)],
      },
      gpv.envelope!.header.id,
    );
    expect(await job(jobId)).toMatchObject({
      status: 'completed',
      result: { path: 'InternetGatewayDevice.Time.', count: 1 },
    });
    const params = (
      await api('GET', `/api/devices/${id}/parameters?prefix=InternetGatewayDevice.Time.`)
    ).json().parameters;
    expect(params).toEqual([
      { name: 'InternetGatewayDevice.Time.Enable', value: 'true', type: 'boolean', writable: true },
    ]);
  });

  /** A known device with a reboot queued and a get-parameters job behind it. */
  async function rebootWithJobBehind() {
    const { cpe, id } = await knownCpe();
    const rebootId = (await api('POST', `/api/devices/${id}/reboot`)).json().job.id as string;
    const laterId = (
      await api('POST', `/api/devices/${id}/get-parameters`, {
        parameters: ['InternetGatewayDevice.DeviceInfo.UpTime'],
      })
    ).json().job.id as string;
    return { cpe, id, rebootId, laterId };
  }

  it('finishes a reboot when the device informs M Reboot with the CommandKey, holding later jobs until then', async () => {
    const { cpe, rebootId, laterId } = await rebootWithJobBehind();
    const rpc = await session(cpe);
    const reboot = rpc.envelope!.body as Extract<CwmpMessage, { name: 'Reboot' }>;
    expect(reboot.name).toBe('Reboot');
    const end = await cpe.send({ name: 'RebootResponse' }, rpc.envelope!.header.id);
    expect(end.status).toBe(204);
    expect((await job(rebootId)).status).toBe('running');
    expect((await job(laterId)).status).toBe('pending');
    cpe.forgetCookies();
    const next = await session(cpe, ['1 BOOT', 'M Reboot'], { 'M Reboot': reboot.commandKey });
    expect((await job(rebootId)).status).toBe('completed');
    expect(next.envelope!.body.name).toBe('GetParameterValues');
  });

  it('fails a reboot whose device never comes back once its bound passes, never before; the jobs behind it may run', async () => {
    const { cpe, id, rebootId, laterId } = await rebootWithJobBehind();
    const rpc = await session(cpe);
    expect((await cpe.send({ name: 'RebootResponse' }, rpc.envelope!.header.id)).status).toBe(204);
    cpe.forgetCookies();
    const sweep = async (afterSeconds: number) => {
      const realNow = Date.now;
      Date.now = () => realNow() + afterSeconds * 1000;
      try {
        return await t.app.services.jobs.failOverdueWaits();
      } finally {
        Date.now = realNow;
      }
    };
    // PROVISOR_REBOOT_TIMEOUT's default: 10 minutes.
    await sweep(590);
    expect((await job(rebootId)).status).toBe('running');
    expect((await device(id)).status).toBe('provisioning');
    // A session that is no boot (the device has not rebooted yet) does not finish it either.
    expect((await session(cpe, ['2 PERIODIC'])).status).toBe(204);
    expect((await job(rebootId)).status).toBe('running');
    cpe.forgetCookies();
    expect(await sweep(610)).toBeGreaterThanOrEqual(1);
    expect(await job(rebootId)).toMatchObject({
      status: 'failed',
      error:
        'The device acknowledged the reboot but did not come back within 10 minutes (no Inform with 1 BOOT, M Reboot or 0 BOOTSTRAP). Check that it has power and can reach the ACS, then retry.',
    });
    expect((await device(id)).status).toBe('error');
    expect((await session(cpe)).envelope!.body.name).toBe('GetParameterValues');
    expect((await job(laterId)).status).toBe('running');
  });

  it('a job waiting for its device from before wait deadlines gets one when the server starts', async () => {
    const { id } = await knownCpe();
    const [waiting] = await t.app.services.jobs.create(
      [(await t.app.services.devices.findById(id))!],
      'reboot',
      {},
    );
    const started = (await t.app.services.jobs.start(waiting!))!;
    await t.app.services.jobs.progress(started, { phase: 'awaiting-boot', inFlight: false });
    const db = new Sqlite((t.config.database as { path: string }).path);
    const waitUntil = () =>
      (
        db.prepare('select wait_until from jobs where id = ?').get(waiting!.id) as {
          wait_until: string | null;
        }
      ).wait_until;
    try {
      expect(Date.parse(waitUntil()!) - Date.now()).toBeGreaterThan(590_000);
      db.prepare('update jobs set wait_until = null where id = ?').run(waiting!.id);
      await t.app.services.jobs.reclaim([], true);
      expect(Date.parse(waitUntil()!) - Date.now()).toBeGreaterThan(590_000);
      expect((await job(waiting!.id)).status).toBe('running');
    } finally {
      db.close();
    }
  });

  it('runs a job again when a session ends without its answer, and fails it after the last attempt', async () => {
    const { cpe, id } = await knownCpe();
    const jobId = (await api('POST', `/api/devices/${id}/schedule-inform`, { delaySeconds: 5 })).json().job
      .id;
    const first = await session(cpe);
    expect(first.envelope!.body).toMatchObject({ name: 'ScheduleInform', delaySeconds: 5 });
    // A new Inform on the same connection replaces the session whose RPC went unanswered.
    await cpe.inform(['2 PERIODIC']);
    const second = await cpe.post('');
    expect(second.envelope!.body).toMatchObject({ name: 'ScheduleInform', delaySeconds: 5 });
    expect((await job(jobId)).attempts).toBe(2);
    await cpe.inform(['2 PERIODIC']);
    expect((await cpe.post('')).status).toBe(204);
    const final = await job(jobId);
    expect(final.status).toBe('failed');
    expect(final.error).toMatch(/did not answer schedule-inform in 2 sessions/);
  });

  describe('an answer that comes after its job was taken over', () => {
    const SSID = 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.SSID';
    /** A set-parameters job whose SetParameterValues is out in a session: the CPE, the job and the RPC. */
    async function rpcOut(value: string) {
      const { cpe, id } = await knownCpe();
      const jobId = (
        await api('POST', `/api/devices/${id}/set-parameters`, { parameters: [{ name: SSID, value }] })
      ).json().job.id as string;
      const rpc = await session(cpe);
      expect(rpc.envelope!.body.name).toBe('SetParameterValues');
      return { cpe, id, jobId, rpc };
    }

    it('completes the job in its session, where the RPC is not sent again (taken over by this process)', async () => {
      const { cpe, id, jobId, rpc } = await rpcOut('Taken_Back');
      // The leader's sweep, as if the process that holds the session had stopped (its heartbeat lapsed).
      expect(await t.app.services.jobs.reclaim(['another-process'])).toBeGreaterThanOrEqual(1);
      expect(await job(jobId)).toMatchObject({ status: 'pending', attempts: 1 });
      const end = await cpe.send({ name: 'SetParameterValuesResponse', status: 0 }, rpc.envelope!.header.id);
      expect(end.status).toBe(204);
      expect(await job(jobId)).toMatchObject({ status: 'completed', attempts: 1, error: null });
      expect((await device(id)).status).toBe('online');
    });

    it('completes the job in its session when another process took it over (its write, as that process makes it)', async () => {
      const { cpe, jobId, rpc } = await rpcOut('Taken_Back_Elsewhere');
      // Another process's takeover leaves this process's memory of the RPC as it was.
      const db = new Sqlite((t.config.database as { path: string }).path);
      try {
        db.prepare(
          `update jobs set status = 'pending', owner = null, session_id = null,
             state = json_set(state, '$.inFlight', json('false'), '$.lost', json('true'), '$.lostIn', session_id)
           where id = ?`,
        ).run(jobId);
      } finally {
        db.close();
      }
      const end = await cpe.send({ name: 'SetParameterValuesResponse', status: 0 }, rpc.envelope!.header.id);
      expect(end.status).toBe(204);
      expect(await job(jobId)).toMatchObject({ status: 'completed', attempts: 1 });
    });

    it('takes the job back again when the leader takes it over again meanwhile', async () => {
      const { cpe, jobId, rpc } = await rpcOut('Taken_Twice');
      const jobs = t.app.services.jobs;
      await jobs.reclaim(['another-process']);
      // The leader's next sweeps take it over again just after the answer took it back, twice.
      const resume = jobs.resume;
      let sweeps = 2;
      jobs.resume = async (...args) => {
        const back = await resume(...args);
        if (sweeps > 0) {
          sweeps--;
          expect(await jobs.reclaim(['another-process'])).toBeGreaterThanOrEqual(1);
        }
        return back;
      };
      try {
        const end = await cpe.send(
          { name: 'SetParameterValuesResponse', status: 0 },
          rpc.envelope!.header.id,
        );
        expect(end.status).toBe(204);
      } finally {
        jobs.resume = resume;
      }
      expect(sweeps).toBe(0);
      expect(await job(jobId)).toMatchObject({ status: 'completed', attempts: 1 });
    });

    it('fails the job on a fault, and leaves a job started again elsewhere to that session', async () => {
      const faulted = await rpcOut('Faulted');
      await t.app.services.jobs.reclaim(['another-process']);
      const end = await faulted.cpe.send(
        {
          name: 'Fault',
          soapFaultCode: 'Client',
          soapFaultString: 'CWMP fault',
          faultCode: 9007,
          faultString: 'Invalid parameter value',
        },
        faulted.rpc.envelope!.header.id,
      );
      expect(end.status).toBe(204);
      expect(await job(faulted.jobId)).toMatchObject({ status: 'failed', faultCode: 9007 });

      const restarted = await rpcOut('Restarted');
      await t.app.services.jobs.reclaim(['another-process']);
      // Another session (another connection of the router, say) started it again meanwhile.
      const again = (await t.app.services.jobs.find(restarted.jobId))!;
      expect(await t.app.services.jobs.start(again, 'another-session')).not.toBeNull();
      const late = await restarted.cpe.send(
        { name: 'SetParameterValuesResponse', status: 0 },
        restarted.rpc.envelope!.header.id,
      );
      expect(late.status).toBe(204);
      expect(await job(restarted.jobId)).toMatchObject({ status: 'running', attempts: 2 });
    });

    /** Started again in another session, its SetParameterValues out there, and lost there too. */
    async function lostElsewhere(jobId: string) {
      const jobs = t.app.services.jobs;
      const sent = { inFlight: true, rpc: 'SetParameterValues' };
      expect(await jobs.start((await jobs.find(jobId))!, 'another-session', sent)).not.toBeNull();
      expect(await jobs.reclaim(['another-process'])).toBeGreaterThanOrEqual(1);
    }

    it('leaves a job lost again in another session to that session: an older answer is not its answer', async () => {
      const { cpe, jobId, rpc } = await rpcOut('Lost_Twice');
      const jobs = t.app.services.jobs;
      await jobs.reclaim(['another-process']);
      // Its answer there may be another step's, of the same name.
      await lostElsewhere(jobId);
      expect(await job(jobId)).toMatchObject({ status: 'pending', attempts: 2 });
      const late = await cpe.send({ name: 'SetParameterValuesResponse', status: 0 }, rpc.envelope!.header.id);
      // Not completed by it: the job runs again, in this session.
      expect(late.envelope?.body.name).toBe('SetParameterValues');
      expect(await job(jobId)).toMatchObject({ status: 'running', attempts: 3 });
    });

    it('leaves a job that moved between its read and its claim', async () => {
      const { cpe, jobId, rpc } = await rpcOut('Moved_Meanwhile');
      const jobs = t.app.services.jobs;
      await jobs.reclaim(['another-process']);
      // Between the answer's read of the job and its claim: started again elsewhere and lost there.
      const resume = jobs.resume;
      jobs.resume = async (...args) => {
        jobs.resume = resume;
        await lostElsewhere(jobId);
        return resume(...args);
      };
      try {
        const late = await cpe.send(
          { name: 'SetParameterValuesResponse', status: 0 },
          rpc.envelope!.header.id,
        );
        expect(late.envelope?.body.name).toBe('SetParameterValues');
      } finally {
        jobs.resume = resume;
      }
      expect(await job(jobId)).toMatchObject({ status: 'running', attempts: 3 });
    });
  });

  it('lets operators retry, mark complete and mark failed (spec §4)', async () => {
    const { id } = await knownCpe();
    const jobId = (await api('POST', `/api/devices/${id}/reboot`)).json().job.id;
    const failed = await api('POST', `/api/provisioning/jobs/${jobId}/fail`, {
      error: 'Cancelled by the operator',
    });
    expect(failed.json().job).toMatchObject({ status: 'failed', error: 'Cancelled by the operator' });
    const retried = await api('POST', `/api/provisioning/jobs/${jobId}/retry`);
    expect(retried.json().job).toMatchObject({ status: 'pending', error: null, attempts: 0 });
    const completed = await api('POST', `/api/provisioning/jobs/${jobId}/complete`);
    expect(completed.json().job.status).toBe('completed');
    expect((await api('POST', `/api/provisioning/jobs/${jobId}/retry`)).statusCode).toBe(409);
    expect((await api('POST', '/api/provisioning/jobs/nope/retry')).statusCode).toBe(404);
  });

  it('creates bulk jobs with per-device results, lists them and counts them', async () => {
    const a = await knownCpe();
    const b = await knownCpe();
    const res = await api('POST', '/api/provisioning/bulk/reboot', {
      deviceIds: [a.id, b.id, 'missing-device'],
    });
    expect(res.json()).toMatchObject({ created: 2, failed: 1 });
    expect(res.json().results).toContainEqual({
      deviceId: 'missing-device',
      success: false,
      error: 'Device not found',
    });
    const list = (await api('GET', `/api/provisioning/jobs?deviceId=${a.id}&status=pending`)).json();
    expect(list.total).toBe(1);
    expect((await api('GET', `/api/devices/${a.id}/jobs?limit=5`)).json().jobs[0].type).toBe('reboot');
    const stats = (await api('GET', '/api/provisioning/stats')).json();
    expect(stats.pending).toBeGreaterThanOrEqual(2);
    expect(stats.total).toBe(
      stats.pending + stats.running + stats.completed + stats.failed + stats.cancelled,
    );
  });

  it('publishes stats_update as jobs change, a running job counted as pending', async () => {
    const { cpe, id } = await knownCpe();
    const pending = async () => (await api('GET', '/api/stats')).json().pendingJobs as number;
    const published = async (n: number) => {
      for (let i = 0; i < 40; i++) {
        const last = events.filter((e) => e.type === 'stats_update').at(-1);
        if ((last?.payload as { pendingJobs?: number } | undefined)?.pendingJobs === n) return true;
        await new Promise((r) => setTimeout(r, 50));
      }
      return false;
    };
    const before = await pending();
    await api('POST', `/api/devices/${id}/get-parameters`, { parameters: ['InternetGatewayDevice.Time.'] });
    expect(await published(before + 1)).toBe(true);
    const rpc = await session(cpe);
    expect(await pending()).toBe(before + 1);
    await cpe.send({ name: 'GetParameterValuesResponse', parameterList: [] }, rpc.envelope!.header.id);
    expect(await published(before)).toBe(true);
  });

  it('fails expired jobs with a reason, and requeues jobs left in flight by a stop', async () => {
    const { id } = await knownCpe();
    const [expiring] = await t.app.services.jobs.create(
      [(await t.app.services.devices.findById(id))!],
      'reboot',
      {},
      10,
    );
    const realNow = Date.now;
    Date.now = () => realNow() + 11_000;
    try {
      await t.app.services.jobs.expire();
    } finally {
      Date.now = realNow;
    }
    expect((await job(expiring!.id)).error).toMatch(/^Expired: the device did not complete the job before/);
    const [inFlight] = await t.app.services.jobs.create(
      [(await t.app.services.devices.findById(id))!],
      'get-parameters',
      { parameters: ['X.'] },
    );
    const started = (await t.app.services.jobs.start(inFlight!))!;
    await t.app.services.jobs.progress(started, { inFlight: true });
    expect(await t.app.services.jobs.reclaim([], true)).toBeGreaterThanOrEqual(1);
    expect((await job(inFlight!.id)).status).toBe('pending');
  });

  it('a cancel and a start of one pending job never both win, whichever read it first', async () => {
    const { id } = await knownCpe();
    const jobs = t.app.services.jobs;
    const device = (await t.app.services.devices.findById(id))!;
    // Both read the job while it was pending; the start's write lands first.
    const [first] = await jobs.create([device], 'get-parameters', { parameters: ['X.'] });
    const read = (await jobs.find(first!.id))!;
    expect(await jobs.start(read)).not.toBeNull();
    expect(await jobs.cancelPending(first!.id, 'campaign cancelled')).toBe(false);
    expect((await job(first!.id)).status).toBe('running');
    await jobs.finish((await jobs.find(first!.id))!, 'cancelled', {});
    // The cancel lands first: the start read the job as pending before, and must not revive it.
    const [second] = await jobs.create([device], 'get-parameters', { parameters: ['X.'] });
    const stale = (await jobs.find(second!.id))!;
    expect(await jobs.cancelPending(second!.id, 'campaign cancelled')).toBe(true);
    expect(await jobs.start(stale)).toBeNull();
    expect(await job(second!.id)).toMatchObject({ status: 'cancelled', error: 'campaign cancelled' });
  });
});
