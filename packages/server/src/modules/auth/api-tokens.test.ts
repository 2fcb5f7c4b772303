// API tokens (issue 22): shown once, stored hashed, sent as a bearer token like a sign-in's (and on
// the live channel), their role applies, revocation and expiry answer 401 saying which, their last
// use recorded at most once a minute.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../../test/helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

describe('API tokens', () => {
  let t: TestApp;
  let base: string;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    base = await listenOnLoopback(t.app);
    admin = await login(t.app);
  });
  afterAll(async () => t.close());

  /** Over real HTTP, as an integrator would call. */
  const http = (token: string, method: string, path: string, body?: object) =>
    fetch(`${base}${path}`, {
      method,
      headers: { ...bearer(token), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const createToken = async (body: object) => {
    const res = await http(admin, 'POST', '/api/tokens', body);
    expect(res.status).toBe(201);
    return (await res.json()) as { token: { id: string; name: string }; secret: string };
  };

  it('lets a viewer token read devices, refuses it a bulk operation, and answers 401 once revoked', async () => {
    const { token, secret } = await createToken({ name: 'billing', role: 'viewer', expiresInDays: 30 });
    expect(secret).toMatch(/^pvt_[\w-]{43}$/);
    const devices = await http(secret, 'GET', '/api/devices');
    expect(devices.status).toBe(200);
    const me = await http(secret, 'GET', '/api/auth/me');
    expect(await me.json()).toEqual({
      username: 'admin',
      role: 'viewer',
      kind: 'token',
      tokenName: 'billing',
    });
    const bulk = await http(secret, 'POST', '/api/provisioning/bulk/reboot', { deviceIds: ['x'] });
    expect(bulk.status).toBe(403);
    expect(((await bulk.json()) as { message: string }).message).toBe(
      'Your role (viewer) may only read; ask an admin for the operator role.',
    );

    expect((await http(admin, 'DELETE', `/api/tokens/${token.id}`)).status).toBe(204);
    const after = await http(secret, 'GET', '/api/devices');
    expect(after.status).toBe(401);
    expect(((await after.json()) as { message: string }).message).toMatch(
      /^This API token was revoked at .*; ask an admin for a new one\.$/,
    );
    const listed = (await (await http(admin, 'GET', '/api/tokens')).json()) as {
      tokens: { id: string; revokedAt: string | null }[];
    };
    expect(listed.tokens.find((x) => x.id === token.id)?.revokedAt).not.toBeNull();
  });

  it('stores only a hash of the secret and never lists it', async () => {
    const { token, secret } = await createToken({
      name: 'noc-script',
      role: 'operator',
      expiresInDays: null,
    });
    const row = await t.app.services.database.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(row.hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
    const list = await (await http(admin, 'GET', '/api/tokens')).text();
    expect(list).not.toContain(secret);
    expect(list).not.toContain(row.hash);
  });

  it('answers 401 saying the token expired', async () => {
    const { token, secret } = await createToken({ name: 'old', role: 'admin', expiresInDays: 1 });
    await t.app.services.database.db
      .updateTable('api_tokens')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', token.id)
      .execute();
    const res = await http(secret, 'GET', '/api/devices');
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe(
      'This API token expired at 2020-01-01T00:00:00.000Z; ask an admin for a new one.',
    );
  });

  it('records the last use (time and address) once a minute, not on every call', async () => {
    const { token, secret } = await createToken({ name: 'poller', role: 'viewer', expiresInDays: null });
    expect((await http(secret, 'GET', '/api/stats')).status).toBe(200);
    const first = await t.app.services.database.db
      .selectFrom('api_tokens')
      .select(['last_used_at', 'last_used_from'])
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(first.last_used_from).toBe('127.0.0.1');
    expect(first.last_used_at).not.toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    await http(secret, 'GET', '/api/stats');
    const second = await t.app.services.database.db
      .selectFrom('api_tokens')
      .select('last_used_at')
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(second.last_used_at).toBe(first.last_used_at);
  });

  it('opens the live channel with a token and closes it when the token is revoked', async () => {
    const { token, secret } = await createToken({
      name: 'dashboard-tv',
      role: 'viewer',
      expiresInDays: null,
    });
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, ['provisor', secret]);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await http(admin, 'DELETE', `/api/tokens/${token.id}`);
    expect(await closed).toBe(4001);
  });

  it("stops a disabled admin's tokens (live sockets too), holds a demoted admin's to the new role, and takes them back once enabled", async () => {
    const made = await http(admin, 'POST', '/api/users', {
      username: 'admin2',
      password: 'admin2-password-1',
      role: 'admin',
    });
    expect(made.status).toBe(201);
    const admin2 = ((await made.json()) as { id: string }).id;
    const signIn = await http('', 'POST', '/api/auth/login', {
      username: 'admin2',
      password: 'admin2-password-1',
    });
    const admin2Token = ((await signIn.json()) as { token: string }).token;
    const created = await http(admin2Token, 'POST', '/api/tokens', {
      name: 'sync',
      role: 'admin',
      expiresInDays: null,
    });
    const { secret } = (await created.json()) as { secret: string };
    expect((await http(secret, 'GET', '/api/users')).status).toBe(200);
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, ['provisor', secret]);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

    const patch = (body: object) => http(admin, 'PATCH', `/api/users/${admin2}`, body);
    expect((await patch({ disabled: true })).status).toBe(200);
    expect(await closed).toBe(4001);
    for (const path of ['/api/users', '/api/devices', '/api/auth/me']) {
      const refused = await http(secret, 'GET', path);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { message: string }).message).toBe(
        'This API token\'s creator, "admin2", is disabled; ask an admin to enable that user or for a new token.',
      );
    }
    const reopened = new WebSocket(`${base.replace('http', 'ws')}/ws`, ['provisor', secret]);
    expect(
      await new Promise((resolve) =>
        reopened.once('open', () => resolve('open')).once('error', () => resolve('refused')),
      ),
    ).toBe('refused');

    expect((await patch({ disabled: false, role: 'viewer' })).status).toBe(200);
    const me = await http(secret, 'GET', '/api/auth/me');
    expect(await me.json()).toEqual({ username: 'admin2', role: 'viewer', kind: 'token', tokenName: 'sync' });
    expect((await http(secret, 'GET', '/api/users')).status).toBe(403);
    expect((await http(secret, 'GET', '/api/devices')).status).toBe(200);
    expect((await patch({ role: 'admin' })).status).toBe(200);
    expect((await http(secret, 'GET', '/api/users')).status).toBe(200);
  });

  it('refuses a bad token body with a message naming the field', async () => {
    const res = await http(admin, 'POST', '/api/tokens', { name: 'x', role: 'root', expiresInDays: 0 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/role|expiresInDays/);
  });
});
