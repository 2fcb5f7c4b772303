// A router cannot pose as another: credentials are bound to the device they belong to, every Inform
// is authenticated on its own, and a session stays with the router that opened it, over real HTTP
// on loopback (and through one shared connection, as a reverse proxy reuses its upstream ones).
import { buildDigestAuthorization, parseAuthHeader } from '@provisor/cwmp';
import { Client } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../../test/helpers';
import { TestCpe } from '../../../test/cpe-client';
import { digestHash } from './cpe-auth';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

let t: TestApp;
let base: string;
let token: string;
let serial = 0;
const closers: { close(): Promise<unknown> }[] = [];

const CR_URL = 'InternetGatewayDevice.ManagementServer.ConnectionRequestURL';
const basic = (u: string, p: string) => ({
  authorization: `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`,
});

function cpe(serialNumber = `BIND${++serial}`, client?: Client) {
  const c = new TestCpe(
    base,
    { oui: 'B1D0B1', productClass: 'BindBox', serialNumber, manufacturer: 'Acme' },
    client,
  );
  closers.push(c);
  return c;
}

const api = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function device(serialNumber: string) {
  const res = await api('GET', `/api/devices?search=${serialNumber}`);
  return res.json().devices.find((d: { serialNumber: string }) => d.serialNumber === serialNumber);
}

/** A device that informed with credentials of its own: `user`/`secret`, CR URL `url`. */
async function deviceWithOwnCredentials(user: string, secret: string, url: string) {
  const c = cpe();
  expect(
    (await c.inform(undefined, basic('acs-cpe', 'cpe-secret'), [{ name: CR_URL, value: url }])).status,
  ).toBe(200);
  await c.post('');
  const { id } = await device(c.identity.serialNumber);
  const put = await api('PUT', `/api/devices/${id}`, { cwmpUsername: user, cwmpPassword: secret });
  expect(put.statusCode).toBe(200);
  c.cookie = '';
  return { c, id };
}

beforeAll(async () => {
  t = await buildTestApp();
  base = await listenOnLoopback(t.app);
  token = await login(t.app);
  const res = await api('PUT', '/api/settings', {
    cwmp: { authRequired: true, username: 'acs-cpe', password: 'cpe-secret' },
  });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => {
  await Promise.all(closers.map((c) => c.close()));
  await t.close();
});

describe('credentials bound to their device', () => {
  it("refuses router A's own credentials for an Inform naming router B, and keeps B's URL", async () => {
    await deviceWithOwnCredentials('router-a', 'secret-a', 'http://127.0.0.1:7547/a');
    const b = cpe();
    await b.inform(undefined, basic('acs-cpe', 'cpe-secret'), [
      { name: CR_URL, value: 'http://127.0.0.1:7547/b' },
    ]);
    await b.post('');
    const attacker = cpe(b.identity.serialNumber);
    const res = await attacker.inform(undefined, basic('router-a', 'secret-a'), [
      { name: CR_URL, value: 'http://127.0.0.1:7547/stolen' },
    ]);
    expect(res.status).toBe(403);
    expect(res.text).toMatch(/do not belong to the device this Inform names/);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await device(b.identity.serialNumber)).connectionRequestUrl).toBe('http://127.0.0.1:7547/b');
  });

  it('refuses the global credentials for a router that has its own', async () => {
    const { c } = await deviceWithOwnCredentials('router-c', 'secret-c', 'http://127.0.0.1:7547/c');
    const res = await c.inform(undefined, basic('acs-cpe', 'cpe-secret'), [
      { name: CR_URL, value: 'http://127.0.0.1:7547/stolen' },
    ]);
    expect(res.status).toBe(403);
    expect((await device(c.identity.serialNumber)).connectionRequestUrl).toBe('http://127.0.0.1:7547/c');
    // Its own credentials still work.
    expect((await c.inform(undefined, basic('router-c', 'secret-c'))).status).toBe(200);
  });

  it("refuses router A's Digest credentials for router B", async () => {
    await deviceWithOwnCredentials('router-d', 'secret-d', 'http://127.0.0.1:7547/d');
    const b = cpe();
    const first = await b.inform();
    expect(first.status).toBe(401);
    const challenge = parseAuthHeader(
      ([] as string[]).concat(first.headers['www-authenticate'] ?? []).join(', '),
    )[0]!;
    const authorization = buildDigestAuthorization(
      {
        username: 'router-d',
        password: 'secret-d',
        method: 'POST',
        uri: '/',
        challenge: challenge.params,
        nc: 1,
        cnonce: 'c1',
      },
      digestHash,
    )!;
    expect((await b.inform(undefined, { authorization })).status).toBe(403);
    expect(await device(b.identity.serialNumber)).toBeUndefined();
  });

  it('authenticates a second Inform on the same connection on its own', async () => {
    const { c: victim } = await deviceWithOwnCredentials('router-e', 'secret-e', 'http://127.0.0.1:7547/e');
    // One connection, one cookie jar: the session of a router with valid global credentials...
    const attacker = cpe();
    expect((await attacker.inform(undefined, basic('acs-cpe', 'cpe-secret'))).status).toBe(200);
    // ...then an Inform naming the victim, without credentials, on that connection and cookie.
    const forged = new TestCpe(base, victim.identity);
    closers.push(forged);
    forged.cookie = attacker.cookie;
    const res = await forged.inform(undefined, {}, [{ name: CR_URL, value: 'http://127.0.0.1:7547/stolen' }]);
    expect(res.status).toBe(401);
    expect(String(res.headers['www-authenticate'])).toMatch(/Digest/);
    const sameConnection = await attacker.send(
      { ...victim.informMessage(undefined, [{ name: CR_URL, value: 'http://127.0.0.1:7547/stolen' }]) },
      'inform-2',
    );
    expect(sameConnection.status).toBe(401);
    expect((await device(victim.identity.serialNumber)).connectionRequestUrl).toBe('http://127.0.0.1:7547/e');
  });

  it("refuses another router's credentials on a session's later messages", async () => {
    await deviceWithOwnCredentials('router-f', 'secret-f', 'http://127.0.0.1:7547/f');
    const c = cpe();
    expect((await c.inform(undefined, basic('acs-cpe', 'cpe-secret'))).status).toBe(200);
    const res = await c.post('', basic('router-f', 'secret-f'));
    expect(res.status).toBe(403);
  });

  it('asks a router with credentials of its own to prove them even while authentication is off', async () => {
    const { c } = await deviceWithOwnCredentials('router-g', 'secret-g', 'http://127.0.0.1:7547/g');
    await api('PUT', '/api/settings', { cwmp: { authRequired: false } });
    try {
      const anonymous = await c.inform(undefined, {}, [
        { name: CR_URL, value: 'http://127.0.0.1:7547/stolen' },
      ]);
      expect(anonymous.status).toBe(401);
      expect(String(anonymous.headers['www-authenticate'])).toMatch(/Digest/);
      expect((await device(c.identity.serialNumber)).connectionRequestUrl).toBe('http://127.0.0.1:7547/g');
      expect((await c.inform(undefined, basic('router-g', 'secret-g'))).status).toBe(200);
      await c.post('');
      // Routers without credentials of their own come in without any.
      expect((await cpe().inform()).status).toBe(200);
    } finally {
      await api('PUT', '/api/settings', { cwmp: { authRequired: true } });
    }
  });

  it('refuses a device username that another device or the global credentials use, or one without a password', async () => {
    const { id } = await deviceWithOwnCredentials('router-h', 'secret-h', 'http://127.0.0.1:7547/h');
    const other = await deviceWithOwnCredentials('router-i', 'secret-i', 'http://127.0.0.1:7547/i');
    const taken = await api('PUT', `/api/devices/${other.id}`, { cwmpUsername: 'router-h' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/already belongs to another device/);
    const global = await api('PUT', `/api/devices/${id}`, { cwmpUsername: 'acs-cpe' });
    expect(global.statusCode).toBe(409);
    const settings = await api('PUT', '/api/settings', { cwmp: { username: 'router-h' } });
    expect(settings.statusCode).toBe(409);
    const c = cpe();
    await c.inform(undefined, basic('acs-cpe', 'cpe-secret'));
    await c.post('');
    const { id: bare } = await device(c.identity.serialNumber);
    const noPassword = await api('PUT', `/api/devices/${bare}`, { cwmpUsername: 'router-j' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toMatch(/needs a cwmpPassword/);
  });
});

describe('credentials that prove nothing, and guessing', () => {
  it('refuses empty Basic credentials, which name every device without credentials of its own', async () => {
    const victim = cpe();
    expect((await victim.inform(undefined, basic('acs-cpe', 'cpe-secret'))).status).toBe(200);
    await victim.post('');
    victim.cookie = '';
    const res = await victim.inform(
      undefined,
      { authorization: `Basic ${Buffer.from(':').toString('base64')}` },
      [{ name: CR_URL, value: 'http://127.0.0.1:7547/stolen' }],
    );
    expect(res.status).toBe(401);
    expect((await device(victim.identity.serialNumber)).connectionRequestUrl).not.toBe(
      'http://127.0.0.1:7547/stolen',
    );
  });

  it('counts a wrong password inside a session as a failure, and checks none while the address waits', async () => {
    // An app of its own: failures are counted per address, and every test comes from loopback.
    const own = await buildTestApp();
    try {
      const ownBase = await listenOnLoopback(own.app);
      await own.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: bearer(await login(own.app)),
        payload: { cwmp: { authRequired: true, username: 'acs-cpe', password: 'cpe-secret' } },
      });
      const c = new TestCpe(ownBase, {
        oui: 'B1D0B1',
        productClass: 'BindBox',
        serialNumber: 'GUESS1',
        manufacturer: 'Acme',
      });
      closers.push(c);
      expect((await c.inform(undefined, basic('acs-cpe', 'cpe-secret'))).status).toBe(200);
      // Guesses riding on the session are failures like any other: 401, slower and slower.
      const times: number[] = [];
      for (let i = 0; i < 7; i++) {
        const started = performance.now();
        expect((await c.inform(undefined, basic('acs-cpe', `guess-${i}`))).status).toBe(401);
        times.push(performance.now() - started);
      }
      expect(times[6]!).toBeGreaterThan(150);
      // Guesses sent together while the address waits are not checked at all: even the right one fails.
      const together = await Promise.all(
        ['a', 'b', 'cpe-secret'].map((p) => {
          const g = new TestCpe(ownBase, { ...c.identity, serialNumber: `GUESS-${p}` });
          closers.push(g);
          return g.inform(undefined, basic('acs-cpe', p));
        }),
      );
      // One was checked (and failed or not); the others were refused without a check.
      expect(together.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(2);
    } finally {
      await own.close();
    }
  });
});

describe('sessions on a shared connection (a reverse proxy reusing its upstream connections)', () => {
  it("finds each session by its cookie: one router's Inform never ends another's session", async () => {
    const shared = new Client(base, { keepAliveTimeout: 30_000 });
    closers.push(shared);
    const one = cpe(undefined, shared);
    const two = cpe(undefined, shared);
    expect((await one.inform(undefined, basic('acs-cpe', 'cpe-secret'))).status).toBe(200);
    expect((await two.inform(undefined, basic('acs-cpe', 'cpe-secret'))).status).toBe(200);
    const idOne = (await device(one.identity.serialNumber)).id;
    const idTwo = (await device(two.identity.serialNumber)).id;
    expect(t.app.services.cwmp.inSession(idOne)).toBe(true);
    expect(t.app.services.cwmp.inSession(idTwo)).toBe(true);
    // Router one's empty POST, by its cookie, ends its own session only.
    expect((await one.post('')).status).toBe(204);
    expect(t.app.services.cwmp.inSession(idOne)).toBe(false);
    expect(t.app.services.cwmp.inSession(idTwo)).toBe(true);
    expect((await two.post('')).status).toBe(204);
    expect(t.app.services.cwmp.inSession(idTwo)).toBe(false);
  });

  it('never takes the connection for the session behind a declared reverse proxy', async () => {
    for (const trustProxy of [[], ['127.0.0.1']]) {
      const own = await buildTestApp({ trustProxy });
      try {
        const ownBase = await listenOnLoopback(own.app);
        const shared = new Client(ownBase, { keepAliveTimeout: 30_000 });
        closers.push(shared);
        const router = new TestCpe(
          ownBase,
          { oui: 'B1D0B1', productClass: 'BindBox', serialNumber: 'PROXY1', manufacturer: 'Acme' },
          shared,
        );
        expect((await router.inform()).status).toBe(200);
        const list = await own.app.inject({
          method: 'GET',
          url: '/api/devices',
          headers: bearer(await login(own.app)),
        });
        const id = list.json().devices[0].id;
        // Another router's empty POST on that connection, with no cookie.
        const stranger = new TestCpe(ownBase, { ...router.identity, serialNumber: 'PROXY2' }, shared);
        expect((await stranger.post('')).status).toBe(204);
        // Without a proxy, the connection is the router's own: the POST ended its session. Behind one,
        // it was not taken for the router's session.
        expect(own.app.services.cwmp.inSession(id)).toBe(trustProxy.length > 0);
      } finally {
        await own.close();
      }
    }
  });
});
