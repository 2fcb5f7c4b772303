// The audit log (issue 22): an operator's reboot and a failed sign-in are recorded with who, role,
// action, target, address and result; reads are not; the log filters, pages and exports CSV; it is
// append-only and pruned past its retention.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '@provisor/common';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../../test/helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

describe('audit log', () => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let operator: string;
  let deviceId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    base = await listenOnLoopback(t.app);
    admin = await login(t.app);
    const created = await http(admin, 'POST', '/api/users', {
      username: 'noc.ana',
      password: 'noc-password-1',
      role: 'operator',
    });
    expect(created.status).toBe(201);
    operator = await login(t.app, 'noc.ana', 'noc-password-1');
    const device = await http(admin, 'POST', '/api/devices/register', {
      serialNumber: 'AUDIT0001',
      oui: 'A0B1C2',
      productClass: 'HG8245',
      connectionRequestUrl: 'http://192.0.2.55:7547/cr',
    });
    expect(device.status).toBe(201);
    deviceId = ((await device.json()) as { device: { id: string } }).device.id;
  });
  afterAll(async () => t.close());

  function http(token: string, method: string, path: string, body?: object) {
    return fetch(`${base}${path}`, {
      method,
      headers: { ...bearer(token), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  }
  async function entries(query: string) {
    await t.app.services.audit.flush();
    const res = await http(admin, 'GET', `/api/audit${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as { entries: Record<string, unknown>[]; total: number };
  }

  it('lists a change at once, though entries are written a second at a time', async () => {
    const made = await http(admin, 'POST', '/api/users', {
      username: 'noc.cai',
      password: 'noc-password-4',
      role: 'viewer',
    });
    expect(made.status).toBe(201);
    // No flush by the test: the read itself writes what is buffered first.
    const res = await http(admin, 'GET', '/api/audit?action=users.create&target=noc.cai');
    expect(((await res.json()) as { total: number }).total).toBe(1);
    const csv = await http(admin, 'GET', '/api/audit/export.csv?action=users.create&target=noc.cai');
    expect(await csv.text()).toContain('noc.cai');
  });

  it('says what an admin changed of a user, never the password', async () => {
    const made = await http(admin, 'POST', '/api/users', {
      username: 'noc.ben',
      password: 'noc-password-2',
      role: 'viewer',
    });
    const id = ((await made.json()) as { id: string }).id;
    expect((await http(admin, 'PATCH', `/api/users/${id}`, { role: 'operator' })).status).toBe(200);
    expect((await http(admin, 'PATCH', `/api/users/${id}`, { disabled: true })).status).toBe(200);
    const reset = { disabled: false, password: 'noc-password-3' };
    expect((await http(admin, 'PATCH', `/api/users/${id}`, reset)).status).toBe(200);
    const page = await entries('?action=users.update&target=noc.ben');
    expect(page.entries.map((e) => e.detail).sort()).toEqual(
      ['disabled', 'enabled, password reset', 'role: operator'].sort(),
    );
    expect(JSON.stringify(page.entries)).not.toContain('noc-password-3');
  });

  it("records an operator's reboot: who, role, action, target, address, result", async () => {
    const reboot = await http(operator, 'POST', `/api/devices/${deviceId}/reboot`);
    expect(reboot.status).toBe(200);
    const page = await entries('?actor=noc.ana&action=devices.reboot');
    expect(page.total).toBe(1);
    expect(page.entries[0]).toMatchObject({
      actor: 'noc.ana',
      role: 'operator',
      action: 'devices.reboot',
      route: 'POST /api/devices/:id/reboot',
      target: deviceId,
      address: '127.0.0.1',
      result: 'success',
      status: 200,
      detail: null,
    });
    expect(Date.parse(page.entries[0]!.timestamp as string)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('records a failed call with its error message, and a refused one with the 403', async () => {
    await http(operator, 'POST', '/api/devices/no-such-device/reboot');
    await http(operator, 'PUT', '/api/settings', {});
    const failed = await entries('?actor=noc.ana&target=no-such-device');
    expect(failed.entries[0]).toMatchObject({ result: 'failure', status: 404, action: 'devices.reboot' });
    expect(failed.entries[0]!.detail).toMatch(/no-such-device|not found/i);
    const refused = await entries('?actor=noc.ana&action=settings');
    expect(refused.entries[0]).toMatchObject({ action: 'settings.update', status: 403, result: 'failure' });
    expect(refused.entries[0]!.detail).toMatch(/^Your role \(operator\)/);
  });

  it('records a failed sign-in under the name tried, a sign-in and a sign-out; not reads', async () => {
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'mallory', password: 'guess-guess' }),
    });
    const failed = await entries('?action=auth.login_failed&actor=mallory');
    expect(failed.entries[0]).toMatchObject({
      actor: 'mallory',
      role: null,
      action: 'auth.login_failed',
      target: null,
      address: '127.0.0.1',
      result: 'failure',
      status: 401,
      detail: 'unknown user',
    });
    const token = await login(t.app, 'noc.ana', 'noc-password-1');
    await http(token, 'POST', '/api/auth/logout');
    const auth = await entries('?actor=noc.ana&action=auth');
    expect(auth.entries.map((e) => e.action).slice(0, 2)).toEqual(['auth.logout', 'auth.login']);
    // The sign-in names the role it signed in as, though no one was authenticated when it came.
    expect(auth.entries[1]).toMatchObject({ actor: 'noc.ana', role: expect.any(String), result: 'success' });
    expect(auth.entries[1]!.role).not.toBeNull();
  });

  it('exports the filtered log as RFC 4180 CSV with a header row', async () => {
    await t.app.services.audit.flush();
    const res = await http(admin, 'GET', '/api/audit/export.csv?actor=noc.ana&action=devices.reboot');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await res.text();
    const read = readCsv(text);
    if (!read.ok) throw new Error(read.reason);
    const rows = read.records.map((r) => r.fields);
    expect(rows[0]).toEqual([
      'timestamp',
      'actor',
      'role',
      'action',
      'route',
      'target',
      'address',
      'result',
      'status',
      'detail',
    ]);
    expect(rows.slice(1).map((r) => [r[1], r[3], r[5], r[7]])).toEqual([
      ['noc.ana', 'devices.reboot', 'no-such-device', 'failure'],
      ['noc.ana', 'devices.reboot', deviceId, 'success'],
    ]);
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('is for admins only and has no route that changes or deletes an entry', async () => {
    expect((await http(operator, 'GET', '/api/audit')).status).toBe(403);
    expect((await http(operator, 'GET', '/api/audit/export.csv')).status).toBe(403);
    const writes = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/audit') && r.method !== 'GET' && r.method !== 'HEAD',
    );
    expect(writes).toEqual([]);
  });

  it('prunes entries past the retention', async () => {
    await t.app.services.audit.flush();
    await t.app.services.database.db
      .updateTable('audit_log')
      .set({ created_at: '2000-01-01T00:00:00.000Z' })
      .where('action', '=', 'auth.login_failed')
      .execute();
    await t.app.services.audit.prune();
    expect((await entries('?action=auth.login_failed')).total).toBe(0);
    expect((await entries('?action=devices.reboot')).total).toBe(2);
  });
});
