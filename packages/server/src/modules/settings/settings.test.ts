import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, login } from '../../../test/helpers';
import { CWMP_AUTH_OFF_WARNING } from './defaults';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

describe('settings API (spec §3 Settings, §7)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = await login(t.app);
  });
  afterAll(async () => t.close());

  const put = (payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/settings', headers: bearer(token), payload: payload as object });

  it('answers the defaults of spec §9', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.server).toMatchObject({ port: 3029, maxConnections: 100 });
    expect(s.database).toMatchObject({
      type: 'sqlite',
      backupEnabled: true,
      backupInterval: 24,
      maxBackups: 7,
    });
    expect(s.cwmp).toMatchObject({ enabled: true, path: '/', authRequired: false });
    expect(s.connectionRequest).toMatchObject({ enabled: true, allowBasic: false });
    expect(s).not.toHaveProperty('ui');
  });

  it('saves, persists across a restart, and says when a restart is needed', async () => {
    const cwmpOnly = await put({ cwmp: { sessionTimeout: 45 } });
    expect(cwmpOnly.statusCode).toBe(200);
    expect(cwmpOnly.json()).toMatchObject({
      requiresRestart: false,
      settings: { cwmp: { sessionTimeout: 45, path: '/' } },
    });
    const port = await put({ server: { port: 8080 } });
    expect(port.json().requiresRestart).toBe(true);
    // Backups follow the settings live (settings/backups.ts): no restart for them.
    const backup = await put({ database: { maxBackups: 3 } });
    expect(backup.json().requiresRestart).toBe(false);
    const config = t.config;
    await t.app.close();
    const { buildApp } = await import('../../app');
    const again = await buildApp(config);
    const res = await again.inject({
      method: 'GET',
      url: '/api/settings',
      headers: bearer(await login(again)),
    });
    expect(res.json()).toMatchObject({
      server: { port: 8080 },
      cwmp: { sessionTimeout: 45 },
      database: { maxBackups: 3 },
    });
    t.app = again;
    token = await login(again);
  });

  it.each([
    [{ cwmp: { sessionTimeout: 1 } }, /cwmp\/sessionTimeout must be >= 5/],
    [{ server: { port: 'eighty' } }, /server\/port must be integer/],
    [{ cwmp: { path: 'no-slash' } }, /cwmp\/path must match pattern/],
    [{ cwmp: { nonsense: true } }, /body\/cwmp must NOT have additional properties \("nonsense"\)/],
    [{ database: { type: 'mysql' } }, /database\/type must be equal to one of the allowed values/],
  ])('refuses %j with a message naming the field', async (payload, message) => {
    const res = await put(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it.each(['/cwmp/', '//cwmp', '/a//b', '/./cwmp', '/cwmp/..', '/cwmp/.', '/../cwmp'])(
    'refuses the CWMP path %j, which the door and the router would read two ways, and keeps the path',
    async (path) => {
      const res = await put({ cwmp: { path } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/no "\/\/", no "\." or "\.\." part and no "\/" at the end/);
      const now = await t.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(token) });
      expect(now.json().cwmp.path).not.toBe(path);
    },
  );

  it('takes "/", "/cwmp", "/acs/tr-069" and "/a.b~c_d" as CWMP paths', async () => {
    for (const path of ['/acs/tr-069', '/a.b~c_d', '/cwmp', '/']) {
      const res = await put({ cwmp: { path } });
      expect(res.statusCode, path).toBe(200);
      expect(res.json().settings.cwmp.path).toBe(path);
    }
  });

  it('refuses a CWMP path that the API uses, and a database type change', async () => {
    const api = await put({ cwmp: { path: '/api/cwmp' } });
    expect(api.statusCode).toBe(400);
    expect(api.json().message).toMatch(/cwmp.path "\/api\/cwmp" is used by the console or the API/);
    const db = await put({ database: { type: 'postgres' } });
    expect(db.statusCode).toBe(400);
    expect(db.json().message).toMatch(/DATABASE_URL/);
  });

  it('moves the CWMP door when cwmp.path changes, without a restart', async () => {
    expect((await put({ cwmp: { path: '/cwmp' } })).statusCode).toBe(200);
    const moved = await t.app.inject({ method: 'POST', url: '/cwmp', payload: '' });
    expect(moved.statusCode).toBe(204);
    const old = await t.app.inject({ method: 'POST', url: '/', payload: '' });
    expect(old.statusCode).toBe(404);
    await put({ cwmp: { path: '/' } });
  });

  it('tests the database connection', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/settings/test',
      headers: bearer(token),
      payload: { type: 'database' },
    });
    expect(res.json()).toEqual({ success: true, message: 'The sqlite database answers.' });
  });

  it('names the device of a connection request test by its serial number or id, saying when none or two match', async () => {
    const register = (oui: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/devices/register',
        headers: bearer(token),
        payload: {
          serialNumber: 'CRTEST-1',
          oui,
          productClass: 'HG8245',
          connectionRequestUrl: 'http://192.0.2.7:7547/',
        },
      });
    const test = (deviceId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/settings/test',
        headers: bearer(token),
        payload: { type: 'connectionRequest', deviceId },
      });
    // (A connection request to a device found, by either, is in test/integration/settings-scenario.ts.)
    const unknown = await test('NOPE-1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(
      'No device has the serial number or id "NOPE-1"; copy the serial number from the Devices screen.',
    );
    expect((await register('00259E')).statusCode).toBe(201);
    expect((await register('00E0FC')).statusCode).toBe(201);
    const shared = await test('CRTEST-1');
    expect(shared.statusCode).toBe(409);
    expect(shared.json().message).toBe(
      'More than one device has the serial number "CRTEST-1" (of different makers or models); give the id of the one to test, from its page\'s address.',
    );
  });
});

describe('the warning while CWMP authentication is off', () => {
  const lines: string[] = [];
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    t = await buildTestApp({}, { logger });
    token = await login(t.app);
  });
  afterAll(async () => t.close());

  const warnings = () =>
    lines.map((l) => JSON.parse(l) as { msg: string }).filter((l) => l.msg === CWMP_AUTH_OFF_WARNING);
  const put = (payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/settings', headers: bearer(token), payload });

  it('is said at start and at each save while it is off, and not once it is on', async () => {
    expect(warnings()).toHaveLength(1);
    expect((await put({ cwmp: { sessionTimeout: 40 } })).statusCode).toBe(200);
    expect(warnings()).toHaveLength(2);
    const on = await put({
      cwmp: { authRequired: true, username: 'acs-routers', password: 'routers-secret-1' },
    });
    expect(on.statusCode).toBe(200);
    expect((await put({ cwmp: { sessionTimeout: 45 } })).statusCode).toBe(200);
    expect(warnings()).toHaveLength(2);
  });
});
