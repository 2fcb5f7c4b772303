// The CWMP door by every spelling of its path, over real HTTP on loopback. The spelling the setting
// names (and that with a query) reaches the door straight from the HTTP server (the fast path,
// app.ts); the spellings Fastify also matches to it (`/cwmp/`, `/%63wmp`) reach the same door through
// Fastify's route. Both must answer alike and authenticate alike; every other spelling is no door.
import { encode } from '@provisor/cwmp';
import { ServerResponse, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../../test/helpers';
import { TestCpe } from '../../../test/cpe-client';
import { createCwmpDoor, type CwmpDoorOptions } from './plugin';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const USER = 'acs-user';
const PASSWORD = 'acs-password-1';
const basic = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

let t: TestApp;
let base: string;
let token: string;
const cpes: TestCpe[] = [];
let serial = 0;

beforeAll(async () => {
  t = await buildTestApp({ metricsToken: 'metrics-token-for-tests-0123456789' });
  base = await listenOnLoopback(t.app);
  token = await login(t.app);
  await settings({ path: '/cwmp', authRequired: true, username: USER, password: PASSWORD });
});
afterAll(async () => {
  await Promise.all(cpes.map((c) => c.close()));
  await t.close();
});

async function settings(cwmp: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: bearer(token),
    payload: { cwmp },
  });
  expect(res.statusCode, res.body).toBe(200);
}

function cpe() {
  serial += 1;
  const c = new TestCpe(base, {
    oui: '00259E',
    productClass: 'EG8145V5',
    serialNumber: `PATH${String(serial).padStart(4, '0')}`,
    manufacturer: 'Huawei',
  });
  cpes.push(c);
  return c;
}

const informOf = (c: TestCpe) =>
  encode({ namespace: 'urn:dslforum-org:cwmp-1-0', header: { id: 'p1' }, body: c.informMessage() });

async function httpCount(): Promise<number> {
  const res = await fetch(`${base}/metrics`, {
    headers: { authorization: 'Bearer metrics-token-for-tests-0123456789' },
  });
  const text = await res.text();
  return [...text.matchAll(/^provisor_http_requests_total\{[^}]*\} (\d+)/gm)].reduce(
    (sum, m) => sum + Number(m[1]),
    0,
  );
}

describe('the CWMP path, by spelling', () => {
  // The setting's own spelling and with a query (fast path); what Fastify matches to it (its route).
  const door = ['/cwmp', '/cwmp?from=router', '/cwmp/', '/%63wmp', '/cwmp/?x=1'];

  for (const path of door) {
    it(`${path}: asks for credentials, then holds a whole session with them`, async () => {
      const c = cpe();
      const refused = await c.post(informOf(c), {}, path);
      expect(refused.status).toBe(401);
      expect(String(refused.headers['www-authenticate'])).toMatch(/Digest/);
      expect(refused.text).toBe('Authentication required.');
      expect(c.cookie).toBe('');

      const wrong = `Basic ${Buffer.from(`${USER}:not-it`).toString('base64')}`;
      expect((await c.post(informOf(c), { authorization: wrong }, path)).status).toBe(401);

      const inform = await c.post(informOf(c), { authorization: basic }, path);
      expect(inform.status).toBe(200);
      expect(inform.envelope?.body).toMatchObject({ name: 'InformResponse' });
      expect(inform.envelope?.header.id).toBe('p1');
      expect(inform.headers['content-type']).toMatch(/^text\/xml/);
      // A router reads a length, not chunks.
      expect(Number(inform.headers['content-length'])).toBe(Buffer.byteLength(inform.text));
      expect(inform.headers['transfer-encoding']).toBeUndefined();
      expect(c.cookie).toMatch(/^provisor_session=/);
      // No console security headers on the router door.
      expect(inform.headers['content-security-policy']).toBeUndefined();

      const end = await c.post('', {}, path);
      expect(end.status).toBe(204);
      expect(end.text).toBe('');
      const found = await t.app.inject({
        method: 'GET',
        url: `/api/devices?search=${c.identity.serialNumber}`,
        headers: bearer(token),
      });
      expect(found.json().total).toBe(1);
    });
  }

  for (const path of ['/CWMP', '//cwmp', '/cwmp/x', '/cwmpx', '/cwmp%2Fx', '/x/../cwmp', '/']) {
    it(`${path}: is no door (404, nothing recorded)`, async () => {
      const c = cpe();
      const res = await c.post(informOf(c), { authorization: basic }, path);
      expect(res.status).toBe(404);
      expect(JSON.parse(res.text)).toMatchObject({ error: 'Not Found' });
      const found = await t.app.inject({
        method: 'GET',
        url: `/api/devices?search=${c.identity.serialNumber}`,
        headers: bearer(token),
      });
      expect(found.json().total).toBe(0);
    });
  }

  it('counts the requests it answers straight from the HTTP server, as Fastify counts the others', async () => {
    const before = await httpCount();
    const c = cpe();
    expect((await c.post(informOf(c), { authorization: basic }, '/cwmp')).status).toBe(200);
    expect((await c.post('', {}, '/cwmp')).status).toBe(204);
    // The two messages, and the /metrics call that read the count before them.
    expect((await httpCount()) - before).toBe(3);
  });

  it('answers a body larger than a first message may be with 413 text, and serves the next router', async () => {
    const c = cpe();
    const res = await c.post(`<x>${'a'.repeat(300 * 1024)}</x>`, { authorization: basic }, '/cwmp');
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/larger than \d+ bytes/);
    const other = cpe();
    expect((await other.post(informOf(other), { authorization: basic }, '/cwmp')).status).toBe(200);
    expect((await other.post('', {}, '/cwmp')).status).toBe(204);
  });

  it('never takes a POST to an API route, whatever the CWMP path', async () => {
    await settings({ path: '/' });
    try {
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'nobody', password: 'wrong-password' }),
      });
      expect(login.status).toBe(401);
      expect(await login.json()).toMatchObject({ error: expect.any(String) });
      // And the door at "/" by its query spelling still.
      const c = cpe();
      expect((await c.post(informOf(c), { authorization: basic }, '/?x')).status).toBe(200);
      expect((await c.post('', {}, '/?x')).status).toBe(204);
    } finally {
      await settings({ path: '/cwmp' });
    }
  });

  it('drops the connection when its answer cannot be written, and serves the next router', async () => {
    const writeHead = vi.spyOn(ServerResponse.prototype, 'writeHead').mockImplementationOnce(() => {
      throw new Error('a header Node refuses');
    });
    try {
      const c = cpe();
      await expect(c.post(informOf(c), {}, '/cwmp')).rejects.toThrow(
        /other side closed|socket hang up|ECONNRESET/,
      );
    } finally {
      writeHead.mockRestore();
    }
    const next = cpe();
    expect((await next.post(informOf(next), {}, '/cwmp')).status).toBe(401);
  });

  it('refuses as the CWMP path every path a POST route of the API or the console serves', async () => {
    const posts = t.app.routeTable.filter((r) => r.method === 'POST' && r.url !== '/' && r.url !== '/*');
    expect(posts.length).toBeGreaterThan(20);
    for (const route of posts) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: bearer(token),
        payload: { cwmp: { path: route.url.replace(/:(\w+)/g, 'x') } },
      });
      expect(res.statusCode, route.url).toBe(400);
    }
  });
});

describe('which requests go straight to the door', () => {
  const door = createCwmpDoor({
    settings: { get: () => ({ cwmp: { path: '/cwmp' } }) },
  } as unknown as CwmpDoorOptions & Parameters<typeof createCwmpDoor>[0]);
  const takes = (method: string, url: string) => door.takes({ method, url } as IncomingMessage);

  it('takes a POST to the path as written, with or without a query, and nothing else', () => {
    expect(takes('POST', '/cwmp')).toBe(true);
    expect(takes('POST', '/cwmp?a=1')).toBe(true);
    const others = ['/cwmp/', '/%63wmp', '/CWMP', '//cwmp', '/cwmp/x', '/cwmpx', '/', '/api/cwmp', ''];
    // Absolute-form, a fragment, the asterisk form: Fastify decides those, as any other spelling.
    others.push('http://127.0.0.1/cwmp', 'http://h/cwmp?x=1', '/cwmp#x', '*', '/cwmp;x');
    for (const url of others) expect(takes('POST', url), url).toBe(false);
    for (const method of ['GET', 'PUT', 'HEAD', 'OPTIONS', 'post'])
      expect(takes(method, '/cwmp')).toBe(false);
  });
});
