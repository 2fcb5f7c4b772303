// The whole server on PostgreSQL: sign-in, a router's session, the device list with search (which
// uses dialect-specific SQL), jobs and settings.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, listenOnLoopback, login, testConfig } from '../test/helpers';
import { TestCpe } from '../test/cpe-client';
import { createTestDatabase, describeWithPostgres } from '../test/postgres';
import { buildApp } from './app';

describeWithPostgres('Provisor on PostgreSQL', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;
  let cleanup: () => void;
  let cpe: TestCpe;
  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    const t = testConfig({ database: { kind: 'postgres', url: db.url } });
    cleanup = t.cleanup;
    app = await buildApp(t.config);
    cpe = new TestCpe(await listenOnLoopback(app));
  });
  afterAll(async () => {
    await cpe?.close();
    await app?.close();
    await drop?.();
    cleanup?.();
  });

  it('records a router and finds it by a case-insensitive search', async () => {
    expect((await cpe.inform()).status).toBe(200);
    expect((await cpe.post('')).status).toBe(204);
    const token = await login(app);
    const res = await app.inject({
      method: 'GET',
      url: '/api/devices?search=hwtc0000&status=online',
      headers: bearer(token),
    });
    expect(res.json()).toMatchObject({
      total: 1,
      devices: [{ serialNumber: 'HWTC00000001', status: 'online' }],
    });
    const none = await app.inject({ method: 'GET', url: '/api/devices?search=%5F', headers: bearer(token) });
    expect(none.json().total).toBe(0);
  });

  it('runs a job through a session and keeps settings', async () => {
    const token = await login(app);
    const id = (await app.inject({ method: 'GET', url: '/api/devices', headers: bearer(token) })).json()
      .devices[0].id;
    const job = (
      await app.inject({
        method: 'POST',
        url: `/api/devices/${id}/get-parameters`,
        headers: bearer(token),
        payload: { parameters: ['InternetGatewayDevice.Time.'] },
      })
    ).json().job;
    cpe.forgetCookies();
    await cpe.inform(['6 CONNECTION REQUEST']);
    const rpc = await cpe.post('');
    expect(rpc.envelope?.body.name).toBe('GetParameterValues');
    expect(
      (await cpe.send({ name: 'GetParameterValuesResponse', parameterList: [] }, rpc.envelope!.header.id))
        .status,
    ).toBe(204);
    const done = (
      await app.inject({ method: 'GET', url: `/api/provisioning/jobs/${job.id}`, headers: bearer(token) })
    ).json().job;
    expect(done.status).toBe('completed');
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: bearer(token),
      payload: { cwmp: { sessionTimeout: 60 } },
    });
    expect(saved.json().settings.cwmp.sessionTimeout).toBe(60);
    expect(
      (await app.inject({ method: 'GET', url: '/api/stats', headers: bearer(token) })).json(),
    ).toMatchObject({ totalDevices: 1, completedJobs: 1 });
  });
});
