// Two processes on one PostgreSQL, as behind HAProxy (README "Running several processes"). When a
// router's message reaches a process that does not hold its session (HAProxy took the holder out for
// a moment), that process ends the session there (204) and tells the others: the holder ends its own
// at once, not at its timeout, and the job whose RPC was out waits, marked lost, for the router's
// evidence. Credentials of another router do not end a session.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestCpe } from '../cpe-client';
import { bearer, buildTestApp, listenOnLoopback, login } from '../helpers';
import { createTestDatabase, describeWithPostgres } from '../postgres';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const SSID = 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.SSID';
const PARAMETER_KEY = 'InternetGatewayDevice.ManagementServer.ParameterKey';

describeWithPostgres('a CWMP session whose router went on with another process (PostgreSQL)', () => {
  let database: { url: string; drop: () => Promise<void> } | undefined;
  let holder: TestApp | undefined;
  let other: TestApp | undefined;
  let holderUrl = '';
  let otherUrl = '';
  let token = '';
  const cpes: TestCpe[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = { database: { kind: 'postgres' as const, url: database.url } };
    holder = await buildTestApp(config);
    other = await buildTestApp(config);
    holderUrl = await listenOnLoopback(holder.app);
    otherUrl = await listenOnLoopback(other.app);
    token = await login(holder.app);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(cpes.map((c) => c.close()));
    await other?.close();
    await holder?.close();
    await database?.drop();
  });

  const api = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    (
      await holder!.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
    ).json();

  async function until(what: string, done: () => boolean | Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 5000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** A router in a session with the holder, a SetParameterValues of a job out to it. */
  async function rpcOut(serialNumber: string) {
    const cpe = new TestCpe(holderUrl, {
      oui: '00259E',
      productClass: 'EG8145V5',
      serialNumber,
      manufacturer: 'Huawei',
    });
    cpes.push(cpe);
    expect((await cpe.inform(['0 BOOTSTRAP'])).status).toBe(200);
    expect((await cpe.post('')).status).toBe(204);
    cpe.forgetCookies();
    const deviceId = (await api('GET', `/api/devices?search=${serialNumber}`)).devices[0].id as string;
    const jobId = (
      await api('POST', `/api/devices/${deviceId}/set-parameters`, {
        parameters: [{ name: SSID, value: `${serialNumber}-net` }],
      })
    ).job.id as string;
    expect((await cpe.inform(['6 CONNECTION REQUEST'])).status).toBe(200);
    const rpc = await cpe.post('');
    expect(rpc.envelope?.body.name).toBe('SetParameterValues');
    const sessionId = cpe.cookie.split('=')[1]!;
    expect(holder!.app.services.cwmp.session(sessionId)?.phase).toBe('rpc-sent');
    return { cpe, deviceId, jobId, rpc, sessionId };
  }

  it('ends at once in the process that held it, and its job takes the evidence of the next session', async () => {
    const { cpe, jobId, rpc, sessionId } = await rpcOut('LEFT0001');
    // The router's answer reaches the other process, with its cookie.
    const elsewhere = new TestCpe(otherUrl, cpe.identity);
    cpes.push(elsewhere);
    elsewhere.cookie = cpe.cookie;
    const answered = await elsewhere.send(
      { name: 'SetParameterValuesResponse', status: 0 },
      rpc.envelope!.header.id,
    );
    expect(answered.status).toBe(204);
    expect(String(answered.headers['set-cookie'])).toContain('Max-Age=0');
    await until(
      'the holder to end the session',
      () => holder!.app.services.cwmp.session(sessionId) === undefined,
    );
    const waiting = (await api('GET', `/api/provisioning/jobs/${jobId}`)).job;
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    // The router's next session shows the job's ParameterKey: the RPC took effect, and is not sent again.
    cpe.forgetCookies();
    const key = jobId.replace(/-/g, '').slice(0, 32);
    expect((await cpe.inform(['2 PERIODIC'], {}, [{ name: PARAMETER_KEY, value: key }])).status).toBe(200);
    expect((await cpe.post('')).status).toBe(204);
    expect((await api('GET', `/api/provisioning/jobs/${jobId}`)).job).toMatchObject({
      status: 'completed',
      attempts: 1,
    });
  });

  it('is not ended by credentials that do not belong to its router', async () => {
    const { sessionId } = await rpcOut('LEFT0002');
    const cwmp = holder!.app.services.cwmp;
    // Another router's own credentials: as for a message of the session itself (cpe-auth.ts mayJoin).
    const stranger = { kind: 'device' as const, username: 'LEFT9999', deviceId: 'another-device' };
    expect(await cwmp.left(sessionId, stranger)).toBe(false);
    expect(cwmp.session(sessionId)?.phase).toBe('rpc-sent');
    expect(await cwmp.left('no-such-session', { kind: 'open' })).toBe(false);
    expect(await cwmp.left(sessionId, { kind: 'open' })).toBe(true);
    expect(cwmp.session(sessionId)).toBeUndefined();
  });
});
