// Users and roles over the API (issue 22): password rules, the last admin, disabling and password
// resets ending every session of the user (their next call 401, their live socket closed), a
// disabled account refused at sign-in and the failure in the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ADMIN_PASSWORD, bearer, buildTestApp, listenOnLoopback, login } from '../../../test/helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

describe('users', () => {
  let t: TestApp;
  let base: string;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    base = await listenOnLoopback(t.app);
    admin = await login(t.app);
  });
  afterAll(async () => t.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('keeps the first admin an admin and lists users without their passwords', async () => {
    const res = await call(admin, 'GET', '/api/users');
    expect(res.statusCode).toBe(200);
    const [first] = res.json().users;
    expect(first).toMatchObject({ username: 'admin', role: 'admin', disabled: false });
    expect(first.lastSignInAt).not.toBeNull();
    expect(JSON.stringify(res.json())).not.toMatch(/scrypt|password/i);
  });

  it('refuses a password that breaks a rule, naming the rule, and keeps nothing', async () => {
    const short = await call(admin, 'POST', '/api/users', {
      username: 'ana',
      password: 'short',
      role: 'viewer',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Choose a password of at least 10 characters.');
    const same = await call(admin, 'POST', '/api/users', {
      username: 'ana.horvat',
      password: 'Ana.Horvat',
      role: 'viewer',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Choose a password that is not the username.');
    const users = (await call(admin, 'GET', '/api/users'))
      .json()
      .users.map((u: { username: string }) => u.username);
    expect(users).toEqual(['admin']);
  });

  it('will not disable or demote the last enabled admin', async () => {
    const me = (await call(admin, 'GET', '/api/users')).json().users[0];
    for (const patch of [{ disabled: true }, { role: 'operator' }]) {
      const res = await call(admin, 'PATCH', `/api/users/${me.id}`, patch);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(
        /"admin" is the last enabled admin; make another user an admin first/,
      );
    }
    expect((await call(admin, 'GET', '/api/auth/me')).json().role).toBe('admin');
  });

  it('ends every session of a disabled user: the next call 401, the live socket closed, sign-in refused and audited', async () => {
    const created = await call(admin, 'POST', '/api/users', {
      username: 'noc1',
      password: 'noc1-password',
      role: 'operator',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const token = await login(t.app, 'noc1', 'noc1-password');
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, ['provisor', token]);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

    const disabled = await call(admin, 'PATCH', `/api/users/${id}`, { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ username: 'noc1', disabled: true });
    expect(await closed).toBe(4001);
    const next = await call(token, 'GET', '/api/devices');
    expect(next.statusCode).toBe(401);
    expect(next.json().message).toBe('The account was disabled by an admin; ask an admin to enable it.');

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'noc1', password: 'noc1-password' },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().message).toBe('Check the username and password and try again.');
    await t.app.services.audit.flush();
    const audit = (await call(admin, 'GET', '/api/audit?action=auth.login_failed')).json();
    expect(audit.entries[0]).toMatchObject({
      actor: 'noc1',
      role: null,
      action: 'auth.login_failed',
      route: 'POST /api/auth/login',
      result: 'failure',
      status: 401,
      detail: 'account disabled',
    });

    await call(admin, 'PATCH', `/api/users/${id}`, { disabled: false });
    expect(await login(t.app, 'noc1', 'noc1-password')).toBeTruthy();
  });

  it("ends a user's sessions when an admin resets the password; the new password signs in", async () => {
    const created = await call(admin, 'POST', '/api/users', {
      username: 'help1',
      password: 'help1-password',
      role: 'viewer',
    });
    const token = await login(t.app, 'help1', 'help1-password');
    const reset = await call(admin, 'PATCH', `/api/users/${created.json().id}`, {
      password: 'a-new-password',
    });
    expect(reset.statusCode).toBe(200);
    const next = await call(token, 'GET', '/api/devices');
    expect(next.statusCode).toBe(401);
    expect(next.json().message).toMatch(/^The password of this account was changed/);
    expect(await login(t.app, 'help1', 'a-new-password')).toBeTruthy();
  });

  it('lets a second admin take over, after which the first may be demoted', async () => {
    const created = await call(admin, 'POST', '/api/users', {
      username: 'admin2',
      password: 'admin2-password',
      role: 'admin',
    });
    const me = (await call(admin, 'GET', '/api/users'))
      .json()
      .users.find((u: { username: string }) => u.username === 'admin');
    const demoted = await call(admin, 'PATCH', `/api/users/${me.id}`, { role: 'operator' });
    expect(demoted.statusCode).toBe(200);
    expect((await call(admin, 'GET', '/api/users')).statusCode).toBe(403);
    const admin2 = await login(t.app, 'admin2', 'admin2-password');
    expect((await call(admin2, 'PATCH', `/api/users/${me.id}`, { role: 'admin' })).statusCode).toBe(200);
    expect(created.statusCode).toBe(201);
    expect(await login(t.app, 'admin', ADMIN_PASSWORD)).toBeTruthy();
  });
});
