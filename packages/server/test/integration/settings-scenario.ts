// Issue 18 point 4, the server half: settings that take effect, through real HTTP with the project's
// simulated routers: CWMP authentication turned on and off without a restart, the settings tests
// (database, the CWMP URL, a connection request to a chosen device), and the database section
// describing the database the server runs on. On SQLite (settings.test.ts) and PostgreSQL
// (settings.postgres.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config';
import { startAcs, type Acs } from './rig';

export function settingsSuite(name: string, database: () => Promise<Partial<Config>>) {
  describe(name, () => {
    let acs: Acs;
    let dialect: string;
    beforeAll(async () => {
      const overrides = await database();
      dialect = overrides.database?.kind ?? 'sqlite';
      acs = await startAcs({ ...overrides, discoverTree: false });
    });
    afterAll(async () => acs?.close());

    const test = (payload: object) => acs.api('POST', '/api/settings/test', payload);

    it('requires CWMP authentication as soon as it is saved: a router without credentials gets 401, one with them gets in', async () => {
      const saved = await acs.api('PUT', '/api/settings', {
        cwmp: { authRequired: true, username: 'acs-user', password: 'acs-secret-1' },
      });
      expect(saved.status).toBe(200);
      expect(saved.json()).toMatchObject({
        requiresRestart: false,
        settings: { cwmp: { authRequired: true } },
      });
      const stranger = await acs.fleet({ count: 1, serialTemplate: 'NOAUTH{i:03}' });
      await stranger.waitUntil(() => stranger.stats().sessionsFailed > 0, 10_000, 'a refused session');
      await stranger.stop();
      // What the router was answered: a challenge.
      const raw = await fetch(acs.url, { method: 'POST', body: '' });
      expect(raw.status).toBe(401);
      expect(raw.headers.get('www-authenticate')).toMatch(/^(Digest|Basic) /);
      expect(stranger.stats().sessionsOk).toBe(0);
      expect(await acs.countBySerial('NOAUTH')).toBe(0);
      const known = await acs.fleet({
        count: 1,
        serialTemplate: 'AUTH{i:03}',
        auth: { username: 'acs-user', password: 'acs-secret-1' },
      });
      await known.waitForSessions(1);
      expect(known.stats().sessionsFailed).toBe(0);
      expect(await acs.countBySerial('AUTH')).toBe(1);
      // Off again: a router without credentials gets in.
      await acs.api('PUT', '/api/settings', { cwmp: { authRequired: false } });
      const open = await acs.fleet({ count: 1, serialTemplate: 'OPEN{i:03}' });
      await open.waitForSessions(1);
    });

    it('tests the database, the CWMP URL and a connection request to a device, saying what it found', async () => {
      expect((await test({ type: 'database' })).json()).toEqual({
        success: true,
        message: `The ${dialect} database answers.`,
      });
      const cwmp = (await test({ type: 'cwmp' })).json();
      expect(cwmp).toEqual({
        success: true,
        message: expect.stringMatching(/^The CWMP URL http:\/\/127\.0\.0\.1:\d+\/ answers \(HTTP 204\)\.$/),
      });
      const device = await acs.deviceBySerial('OPEN001');
      const cr = (await test({ type: 'connectionRequest', deviceId: device.id })).json();
      expect(cr).toEqual({
        success: true,
        message: 'OPEN001: The device accepted the connection request and will open a session.',
      });
      const none = await test({ type: 'connectionRequest' });
      expect(none.status).toBe(400);
      expect(none.json().message).toMatch(/deviceId is required/);
      // By the serial number the Devices screen shows, as by the id.
      expect((await test({ type: 'connectionRequest', deviceId: 'OPEN001' })).json()).toEqual(cr);
      const unknown = await test({ type: 'connectionRequest', deviceId: 'no-such-device' });
      expect(unknown.status).toBe(404);
      expect(unknown.json().message).toBe(
        'No device has the serial number or id "no-such-device"; copy the serial number from the Devices screen.',
      );
      // A CWMP path nothing answers at is reported, not hidden.
      await acs.api('PUT', '/api/settings', { cwmp: { enabled: false } });
      expect((await test({ type: 'cwmp' })).json()).toEqual({
        success: false,
        message: 'CWMP is disabled; routers cannot connect.',
      });
      await acs.api('PUT', '/api/settings', { cwmp: { enabled: true } });
    });

    it('describes the database the server runs on; the database itself is chosen by DATABASE_URL', async () => {
      const s = (await acs.api('GET', '/api/settings')).json();
      expect(s.database.type).toBe(dialect);
      const other = dialect === 'sqlite' ? 'postgres' : 'sqlite';
      const type = await acs.api('PUT', '/api/settings', { database: { type: other } });
      expect(type.status).toBe(400);
      expect(type.json().message).toMatch(/database.type .*chosen by DATABASE_URL/);
      if (dialect === 'postgres') {
        expect(s.database.path).toBe('');
        const path = await acs.api('PUT', '/api/settings', { database: { path: '/tmp/other.db' } });
        expect(path.status).toBe(400);
        expect(path.json().message).toMatch(
          /database.path cannot be set: this server runs on PostgreSQL.*DATABASE_URL/,
        );
      }
    });

    it('refuses out-of-range values with a message naming the field', async () => {
      for (const [payload, field] of [
        [{ server: { maxConnections: 0 } }, 'server/maxConnections'],
        [{ cwmp: { retryAttempts: 101 } }, 'cwmp/retryAttempts'],
        [{ connectionRequest: { port: 70000 } }, 'connectionRequest/port'],
        [{ database: { backupInterval: 0 } }, 'database/backupInterval'],
        [{ database: { maxBackups: 'many' } }, 'database/maxBackups'],
        [{ cwmp: { authRequired: 'yes' } }, 'cwmp/authRequired'],
      ] as const) {
        const res = await acs.api('PUT', '/api/settings', payload);
        expect(res.status, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toContain(field);
      }
    });
  });
}
