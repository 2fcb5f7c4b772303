// Two processes on one PostgreSQL, as behind HAProxy (README "Running several processes"). When a
// router's message reaches a process that does not hold its session (HAProxy took the holder out for
// a moment), that process ends the session there (204) and tells the others: the holder ends its own
// at once, not at its timeout, and the job whose RPC was out waits, marked lost, for the router's
// evidence. Credentials of another router do not end a session.
import pg from 'pg';
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

  /**
   * Holds the job's row (FOR UPDATE) in a transaction of its own: the server's statements on that job
   * wait until `release`. `waiting` tells when one of them does.
   */
  async function holdJob(jobId: string) {
    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    await client.query('begin');
    await client.query('select id from jobs where id = $1 for update', [jobId]);
    return {
      waiting: async () =>
        Number(
          (
            await client.query(
              `select count(*) as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
            )
          ).rows[0].n,
        ) > 0,
      release: async () => {
        await client.query('commit');
        await client.end();
      },
    };
  }

  /** The promise's outcome if it settles within `ms`, else 'pending'. */
  const within = <T>(p: Promise<T>, ms: number): Promise<T | 'pending'> =>
    Promise.race([p, new Promise<'pending'>((r) => setTimeout(() => r('pending'), ms))]);

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

  it("is gone at once when it ends: the router's answer that comes while the ending releases the job finds no session (204), and is not run in it", async () => {
    const { cpe, jobId, rpc, sessionId } = await rpcOut('LEFT0003');
    const cwmp = holder!.app.services.cwmp;
    const job = await holdJob(jobId);
    try {
      // The ending gives the job back (marked lost): its statement waits for the row.
      const ending = cwmp.left(sessionId, { kind: 'open' });
      await until('the ending to wait for the job', job.waiting);
      expect(cwmp.session(sessionId)).toBeUndefined();
      const answered = await within(
        cpe.send({ name: 'SetParameterValuesResponse', status: 0 }, rpc.envelope!.header.id),
        2000,
      );
      if (answered === 'pending') throw new Error('the answer was run in the ending session');
      expect(answered.status).toBe(204);
      expect(String(answered.headers['set-cookie'])).toContain('Max-Age=0');
      await job.release();
      expect(await ending).toBe(true);
    } finally {
      await job.release().catch(() => {});
    }
    expect(cwmp.session(sessionId)).toBeUndefined();
    expect(cwmp.inSession((await api('GET', '/api/devices?search=LEFT0003')).devices[0].id)).toBe(false);
    expect((await api('GET', `/api/provisioning/jobs/${jobId}`)).job).toMatchObject({
      status: 'pending',
      attempts: 1,
    });
  });

  it('a new session of its router waits for the message its old session is handling, then ends the old one, which starts no other job: it is not left open after', async () => {
    const { cpe, deviceId, jobId, rpc, sessionId } = await rpcOut('LEFT0004');
    // A second job: the old session, once its answer is recorded, would go on with its RPC.
    const second = (
      await api('POST', `/api/devices/${deviceId}/set-parameters`, {
        parameters: [{ name: SSID, value: 'LEFT0004-second' }],
      })
    ).job.id as string;
    const cwmp = holder!.app.services.cwmp;
    const job = await holdJob(jobId);
    let answer: ReturnType<TestCpe['send']> | undefined;
    let informed: ReturnType<TestCpe['inform']> | undefined;
    const fresh = new TestCpe(holderUrl, cpe.identity);
    cpes.push(fresh);
    try {
      // The answer is being handled (its statement waits for the row) when the router informs again
      // on another connection.
      answer = cpe.send({ name: 'SetParameterValuesResponse', status: 0 }, rpc.envelope!.header.id);
      await until('the answer to wait for the job', job.waiting);
      informed = fresh.inform(['2 PERIODIC']);
      // The new Inform is recorded, then waits for the old session's message.
      await until('the new Inform to be recorded', async () =>
        (await api('GET', '/api/devices?search=LEFT0004')).devices[0].lastEvents.includes('2 PERIODIC'),
      );
      expect(await within(informed, 200)).toBe('pending');
      await job.release();
      // The answer is recorded; the old session, being replaced, ends without the second job's RPC.
      expect((await answer).status).toBe(204);
      expect((await informed).status).toBe(200);
    } finally {
      await job.release().catch(() => {});
      await Promise.allSettled([answer, informed]);
    }
    expect(cwmp.session(sessionId)).toBeUndefined();
    const now = fresh.cookie.split('=')[1]!;
    expect(cwmp.session(now)?.phase).toBe('cpe-requests');
    expect(cwmp.inSession(deviceId)).toBe(true);
    expect((await api('GET', `/api/provisioning/jobs/${jobId}`)).job.status).toBe('completed');
    expect((await api('GET', `/api/provisioning/jobs/${second}`)).job).toMatchObject({
      status: 'pending',
      attempts: 0,
    });
  });
});
