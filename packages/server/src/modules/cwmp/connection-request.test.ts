// Connection requests against small HTTP servers in the test playing the CPE side (Digest, 503,
// silence, a closed port). The simulator's own connection-request server is tested with the fleet.
import { createServer, type Server } from 'node:http';
import { buildDigestChallenge, parseAuthHeader, verifyDigestResponse } from '@provisor/cwmp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnectionRequester, type ConnectionTarget } from './connection-request';
import { createTargetChecker, type TargetChecker } from './cr-target';
import { digestHash } from './cpe-auth';

let server: Server;
let url: string;
let behaviour: 'digest' | 'busy' | 'silent' | 'basic' = 'digest';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (behaviour === 'silent') return; // never answers
    if (behaviour === 'busy') return res.writeHead(503).end();
    const auth = req.headers.authorization;
    if (behaviour === 'basic') {
      if (auth === `Basic ${Buffer.from('cr:pw').toString('base64')}`) return res.writeHead(200).end();
      return res.writeHead(401, { 'www-authenticate': 'Basic realm="cpe"' }).end();
    }
    const creds = auth ? parseAuthHeader(auth)[0] : undefined;
    if (
      creds?.scheme === 'Digest' &&
      verifyDigestResponse(creds.params, { method: 'GET', password: 'pw' }, digestHash) &&
      creds.params.username === 'cr'
    ) {
      return res.writeHead(204).end();
    }
    res
      .writeHead(401, {
        'www-authenticate': buildDigestChallenge({ realm: 'cpe', nonce: 'n1', algorithm: 'MD5' }),
      })
      .end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/cr/path`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const requester = (allowBasic = false, allowedNetworks: string[] = [], checker?: TargetChecker) =>
  createConnectionRequester({
    timeoutMs: 300,
    concurrency: 2,
    minIntervalMs: 1000,
    allowBasic: () => allowBasic,
    allowedNetworks: () => allowedNetworks,
    ...(checker ? { checker } : {}),
  });

/** A device whose sessions come from loopback, as the test's CPE server is there. */
const target = (t: Omit<ConnectionTarget, 'source'> & { source?: string }): ConnectionTarget => ({
  source: '127.0.0.1',
  ...t,
});

describe('connection requests', () => {
  it('reaches a device with Digest credentials', async () => {
    behaviour = 'digest';
    const result = await requester().send(target({ deviceId: 'd1', url, username: 'cr', password: 'pw' }));
    expect(result).toMatchObject({ outcome: 'reachable', status: 204 });
  });

  it('reports wrong credentials as an authentication failure', async () => {
    behaviour = 'digest';
    const result = await requester().send(target({ deviceId: 'd1', url, username: 'cr', password: 'nope' }));
    expect(result).toMatchObject({ outcome: 'auth-failed', status: 401 });
    expect(result.message).toMatch(/connection request username and password/);
  });

  it('answers Basic only when allowed', async () => {
    behaviour = 'basic';
    expect(
      (await requester(false).send(target({ deviceId: 'd1', url, username: 'cr', password: 'pw' }))).outcome,
    ).toBe('auth-failed');
    expect(
      (await requester(true).send(target({ deviceId: 'd1', url, username: 'cr', password: 'pw' }))).outcome,
    ).toBe('reachable');
  });

  it('reports 503, a timeout and a refused connection', async () => {
    behaviour = 'busy';
    expect(
      (await requester().send(target({ deviceId: 'd1', url, username: 'cr', password: 'pw' }))).outcome,
    ).toBe('unavailable');
    behaviour = 'silent';
    expect(
      (await requester().send(target({ deviceId: 'd1', url, username: 'cr', password: 'pw' }))).outcome,
    ).toBe('timeout');
    expect(
      (
        await requester().send(
          target({ deviceId: 'd1', url: 'http://127.0.0.1:1/', username: 'cr', password: 'pw' }),
        )
      ).outcome,
    ).toBe('refused');
    expect(
      (await requester().send(target({ deviceId: 'd1', url: '', username: '', password: '' }))).outcome,
    ).toBe('no-url');
  });

  it('rate-limits requests to one device', async () => {
    behaviour = 'digest';
    const r = requester();
    expect((await r.send(target({ deviceId: 'd9', url, username: 'cr', password: 'pw' }))).outcome).toBe(
      'reachable',
    );
    expect((await r.send(target({ deviceId: 'd9', url, username: 'cr', password: 'pw' }))).outcome).toBe(
      'rate-limited',
    );
    expect((await r.send(target({ deviceId: 'd10', url, username: 'cr', password: 'pw' }))).outcome).toBe(
      'reachable',
    );
  });

  it('connects to a name at the address it checked, and not at all where it may not go', async () => {
    behaviour = 'digest';
    const port = new URL(url).port;
    const checker = createTargetChecker(async (hostname) =>
      hostname === 'cpe.invalid'
        ? [{ address: '127.0.0.1', family: 4 }]
        : [{ address: '169.254.169.254', family: 4 }],
    );
    const byName = await requester(false, [], checker).send(
      target({ deviceId: 'd20', url: `http://cpe.invalid:${port}/cr/path`, username: 'cr', password: 'pw' }),
    );
    expect(byName).toMatchObject({ outcome: 'reachable', status: 204 });
    const blocked = await requester(false, [], checker).send(
      target({ deviceId: 'd21', url: `http://metadata.invalid:${port}/`, username: 'cr', password: 'pw' }),
    );
    expect(blocked.outcome).toBe('blocked');
    expect(blocked.message).toMatch(
      /169\.254\.169\.254 is a loopback, link-local, multicast or cloud-metadata address/,
    );
  });
});
