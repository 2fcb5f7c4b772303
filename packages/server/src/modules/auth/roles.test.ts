// Roles (issue 22): every registered route (all modules, the CWMP door, the file doors, /ws, /health,
// /metrics, the console's catch-all) is tried over real HTTP with every role. A role the route's
// permission allows is never refused (401/403); a role it does not allow gets 403 naming the role
// and what it needs, and no handler runs. A route without a declared permission stops the start.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleMay, ROLES, type Role } from '../../contract/users';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../../test/helpers';
import { requirePermissions } from './permissions';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

function send(port: number, method: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(hasBody ? '{}' : undefined);
  });
}

/** Signs in as a new user of `role` (made by the admin over the API). */
export async function userOfRole(t: TestApp, adminToken: string, role: Role, username = `${role}1`) {
  const password = `${role}-password-123`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: bearer(adminToken),
    payload: { username, password, role },
  });
  if (res.statusCode !== 201) throw new Error(`creating ${username}: ${res.statusCode} ${res.body}`);
  return { id: res.json().id as string, username, password, token: await login(t.app, username, password) };
}

describe('roles', () => {
  let t: TestApp;
  let port: number;
  let webDist: string;
  const tokens = {} as Record<Role, string>;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'provisor-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>console</title>');
    t = await buildTestApp({ webDist, metricsToken: 'metrics-secret' });
    port = Number(new URL(await listenOnLoopback(t.app)).port);
    tokens.admin = await login(t.app);
    tokens.operator = (await userOfRole(t, tokens.admin, 'operator')).token;
    tokens.viewer = (await userOfRole(t, tokens.admin, 'viewer')).token;
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('gives every registered route one declared permission, the doors and the console public', () => {
    const table = t.app.routeTable;
    const byRoute = new Map(table.map((r) => [`${r.method} ${r.url}`, r.permission]));
    for (const route of ['POST /', 'GET /*', 'GET /files/:job/:token/:name', 'GET /health', 'GET /metrics'])
      expect(byRoute.get(route), route).toBe('public');
    expect(byRoute.get('GET /ws')).toBe('read');
    expect(byRoute.get('GET /api/settings')).toBe('admin');
    expect(byRoute.get('POST /api/devices/:id/reboot')).toBe('operate');
    expect(byRoute.get('POST /api/provisioning/bulk/export-parameters')).toBe('read');
    for (const r of table)
      expect(['public', 'read', 'operate', 'admin'], `${r.method} ${r.url}`).toContain(r.permission);
  });

  it('lets each role reach exactly the routes its permission allows, and refuses the others with 403 saying why', async () => {
    const failures: string[] = [];
    let refusals = 0;
    for (const route of t.app.routeTable) {
      const path = route.url.replace(/:[^/]+/g, 'x').replace(/\*/g, 'x');
      for (const role of ROLES) {
        // Signing out or refreshing ends the token: those calls get a token of their own.
        const token = /^\/api\/auth\/(logout|refresh)$/.test(route.url)
          ? await login(
              t.app,
              role === 'admin' ? 'admin' : `${role}1`,
              role === 'admin' ? undefined : `${role}-password-123`,
            )
          : tokens[role];
        const res = await send(port, route.method, path, bearer(token));
        const what = `${role} ${route.method} ${route.url} (${route.permission}): ${res.status} ${res.body.slice(0, 160)}`;
        if (route.permission === 'public') {
          // The router doors check routers' own credentials (401 text): never a role's 403.
          if (res.status === 403) failures.push(`refused: ${what}`);
        } else if (roleMay(role, route.permission)) {
          if (res.status === 401 || res.status === 403) failures.push(`refused: ${what}`);
        } else {
          refusals++;
          const body = route.method === 'HEAD' ? null : (JSON.parse(res.body) as { message: string });
          const needs = route.permission === 'admin' ? 'the admin role' : 'the operator role';
          if (
            res.status !== 403 ||
            (body && !(body.message.includes(`Your role (${role})`) && body.message.includes(needs)))
          )
            failures.push(`not refused: ${what}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(refusals).toBeGreaterThan(50);
  });

  it("answers a viewer's change with the message that says what to ask for", async () => {
    const res = await send(port, 'POST', '/api/devices/x/reboot', bearer(tokens.viewer));
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toEqual({
      error: 'Forbidden',
      message: 'Your role (viewer) may only read; ask an admin for the operator role.',
    });
    const settings = await send(port, 'GET', '/api/settings', bearer(tokens.operator));
    expect(settings.status).toBe(403);
    expect(JSON.parse(settings.body).message).toMatch(
      /^Your role \(operator\) may not change settings.*ask an admin for the admin role\.$/,
    );
  });

  it('tells who is calling: GET /api/auth/me', async () => {
    const res = await send(port, 'GET', '/api/auth/me', bearer(tokens.operator));
    expect(JSON.parse(res.body)).toEqual({
      username: 'operator1',
      role: 'operator',
      kind: 'user',
      tokenName: null,
    });
  });

  it('refuses to start with a route that declares no permission, naming it', async () => {
    const app = Fastify();
    requirePermissions(app);
    app.get('/api/declared', { config: { permission: 'read' } }, async () => 'x');
    expect(() => app.post('/api/forgotten/:id', async () => 'x')).toThrow(
      /POST \/api\/forgotten\/:id declares no permission/,
    );
    await app.close();
  });
});
