// Connection requests go only where the router's sessions come from (or to networks the operator
// lists), never to loopback, link-local or metadata addresses unless the router itself came from
// there: the checker, then the whole path over real HTTP, with a router reporting a URL.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../../test/helpers';
import { TestCpe } from '../../../test/cpe-client';
import { normalizeAddress } from '../../net/addresses';
import { createTargetChecker, type Resolver } from './cr-target';

const names: Record<string, string[]> = {
  'cpe.example.net': ['203.0.113.7'],
  'rebind.example.net': ['203.0.113.7', '127.0.0.1'],
  'metadata.example.net': ['169.254.169.254'],
  'localhost.': ['127.0.0.1'],
};
const resolver: Resolver = async (hostname) => {
  const addresses = names[hostname];
  if (!addresses) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};
const checker = createTargetChecker(resolver);
const policy = (source: string, allowedNetworks: string[] = []) => ({ source, allowedNetworks });

describe('connection request targets', () => {
  it('allows the address the router comes from, whatever kind it is', async () => {
    expect(await checker.check('http://203.0.113.7:7547/cr', policy('203.0.113.7'))).toMatchObject({
      ok: true,
      address: '203.0.113.7',
    });
    expect((await checker.check('http://127.0.0.1:7547/', policy('127.0.0.1'))).ok).toBe(true);
    expect((await checker.check('http://127.0.0.1:7547/', policy('::ffff:127.0.0.1'))).ok).toBe(true);
    expect((await checker.check('http://[::1]:7547/', policy('::1'))).ok).toBe(true);
  });

  it.each([
    'http://198.51.100.1:7547/',
    'http://127.0.0.1:8080/admin',
    'http://127.1:8080/',
    'http://2130706433:8080/',
    'http://0x7f.1:8080/',
    'http://localhost.:8080/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.100.100.200/latest/meta-data/',
    'http://[::1]:8080/',
    'http://[::ffff:127.0.0.1]:8080/',
    'http://[fe80::1]:8080/',
    'http://[fd00:ec2::254]/',
    'http://0.0.0.0:8080/',
    'http://224.0.0.1/',
    'http://metadata.example.net/',
    'http://rebind.example.net:7547/',
  ])('refuses %s for a router whose sessions come from 203.0.113.7', async (url) => {
    const verdict = await checker.check(url, policy('203.0.113.7'));
    expect(verdict.ok).toBe(false);
  });

  it('allows a listed network, but never a loopback or metadata address through one', async () => {
    const nat = policy('203.0.113.7', ['10.0.0.0/8', '0.0.0.0/0']);
    expect((await checker.check('http://10.20.30.40:7547/', nat)).ok).toBe(true);
    expect((await checker.check('http://169.254.169.254/', nat)).ok).toBe(false);
    expect((await checker.check('http://127.0.0.1:7547/', nat)).ok).toBe(false);
  });

  it('resolves names and connects to the address it checked', async () => {
    expect(await checker.check('http://cpe.example.net:7547/', policy('203.0.113.7'))).toEqual({
      ok: true,
      address: '203.0.113.7',
      family: 4,
      hostname: 'cpe.example.net',
    });
    const missing = await checker.check('http://nowhere.example.net/', policy('203.0.113.7'));
    expect(missing).toMatchObject({ ok: false, reason: expect.stringMatching(/does not resolve/) });
  });

  it('allows the URL an operator registered for a router that never informed, but no loopback', async () => {
    expect((await checker.check('http://198.51.100.1:7547/', policy(''))).ok).toBe(true);
    expect((await checker.check('http://127.0.0.1:7547/', policy(''))).ok).toBe(false);
  });

  it('refuses what is not an http URL', async () => {
    expect(await checker.check('file:///etc/passwd', policy('203.0.113.7'))).toMatchObject({ ok: false });
    expect(await checker.check('gopher://203.0.113.7/', policy('203.0.113.7'))).toMatchObject({ ok: false });
    expect(await checker.check('not a url', policy('203.0.113.7'))).toMatchObject({ ok: false });
  });

  it('writes each address one way', () => {
    expect(normalizeAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(normalizeAddress('::FFFF:c000:201')).toBe('192.0.2.1');
    expect(normalizeAddress('2001:DB8:0:0::1')).toBe('2001:db8::1');
    expect(normalizeAddress('192.0.2.1')).toBe('192.0.2.1');
  });
});

describe('connection requests to what a router reports, over HTTP', () => {
  type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
  let t: TestApp;
  let base: string;
  let token: string;
  let server: Server;
  let crUrl: string;
  let hits = 0;

  beforeAll(async () => {
    // Something on the ACS's own loopback that routers must not reach.
    server = createServer((_req, res) => {
      hits++;
      res.writeHead(204).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const a = server.address();
    crUrl = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/cr`;
    // Behind a proxy on loopback, the router's address is the one X-Forwarded-For gives.
    t = await buildTestApp({ trustProxy: ['127.0.0.1'] });
    base = await listenOnLoopback(t.app);
    token = await login(t.app);
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  async function informFrom(address: string, serialNumber: string, url: string) {
    const c = new TestCpe(base, { oui: 'C0FFEE', productClass: 'CrBox', serialNumber, manufacturer: 'Acme' });
    const res = await c.inform(undefined, { 'x-forwarded-for': address }, [
      { name: 'InternetGatewayDevice.ManagementServer.ConnectionRequestURL', value: url },
    ]);
    expect(res.status).toBe(200);
    await c.post('', { 'x-forwarded-for': address });
    await c.close();
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/devices?search=${serialNumber}`,
      headers: bearer(token),
    });
    return list.json().devices[0] as { id: string; connectionRequestUrl: string };
  }

  const testConnection = (id: string) =>
    t.app.inject({ method: 'POST', url: `/api/devices/${id}/test-connection`, headers: bearer(token) });

  it("sends none to the ACS's loopback for a router that came from elsewhere", async () => {
    hits = 0;
    const device = await informFrom('203.0.113.7', 'CR-REMOTE', crUrl);
    expect(device.connectionRequestUrl).toBe(crUrl);
    const res = await testConnection(device.id);
    expect(res.json()).toMatchObject({ success: false, outcome: 'blocked' });
    expect(res.json().message).toMatch(/127\.0\.0\.1 is a loopback/);
    // Nor when a job wakes it.
    const reboot = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${device.id}/reboot`,
      headers: bearer(token),
    });
    expect(reboot.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(hits).toBe(0);
  });

  it('sends one to a router on the address its sessions come from', async () => {
    hits = 0;
    const device = await informFrom('127.0.0.1', 'CR-LOCAL', crUrl);
    const res = await testConnection(device.id);
    expect(res.json()).toMatchObject({ success: true, outcome: 'reachable' });
    expect(hits).toBe(1);
  });

  it('checks listed networks as the operator writes them', async () => {
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: bearer(token),
      payload: { connectionRequest: { allowedNetworks: ['10.0.0.0/33'] } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/"10\.0\.0\.0\/33" is not a network/);
    const good = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: bearer(token),
      payload: { connectionRequest: { allowedNetworks: ['10.0.0.0/8', '2001:db8::/32'] } },
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().settings.connectionRequest.allowedNetworks).toEqual(['10.0.0.0/8', '2001:db8::/32']);
  });
});
