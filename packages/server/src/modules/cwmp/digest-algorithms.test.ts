// Issue 23, point 7: the order of the Digest challenges. A router that reads only the first
// WWW-Authenticate challenge and speaks MD5 only must find MD5 there; operators may choose the order
// and the algorithms (PROVISOR_CWMP_DIGEST_ALGORITHMS), and an algorithm not offered is refused.
import { buildDigestAuthorization, parseAuthHeader } from '@provisor/cwmp';
import { startFleet, type Fleet } from '@provisor/sim';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../../test/helpers';
import { TestCpe } from '../../../test/cpe-client';
import { digestHash } from './cpe-auth';

const CREDS = { username: 'acs-cpe', password: 'cpe-secret' };
const opened: { close(): Promise<unknown> }[] = [];
afterAll(async () => {
  for (const o of opened.reverse()) await o.close();
});

/** A server on loopback that requires CPE authentication. */
async function acs(overrides: Partial<Config> = {}) {
  const t = await buildTestApp(overrides);
  opened.push(t);
  const base = await listenOnLoopback(t.app);
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: bearer(await login(t.app)),
    payload: { cwmp: { authRequired: true, ...CREDS } },
  });
  expect(res.statusCode).toBe(200);
  return base;
}

async function md5OnlyRouters(base: string, serialTemplate: string): Promise<Fleet> {
  const fleet = await startFleet({
    acsUrl: `${base}/`,
    count: 1,
    serialTemplate,
    auth: CREDS,
    retryScale: 0.0005,
    quirks: { md5FirstChallengeOnly: true },
  });
  opened.push({ close: () => fleet.stop() });
  return fleet;
}

function challengesOf(header: string | string[] | undefined): string[] {
  return parseAuthHeader(([] as string[]).concat(header ?? []).join(', ')).map((c) =>
    `${c.scheme} ${c.params.algorithm ?? ''}`.trim(),
  );
}

describe('Digest challenges by default', () => {
  it('offer MD5 first, then SHA-256, then Basic', async () => {
    const base = await acs();
    const c = new TestCpe(base, {
      oui: 'A0B1C2',
      productClass: 'Box',
      serialNumber: 'DG1',
      manufacturer: 'Acme',
    });
    opened.push(c);
    const denied = await c.inform();
    expect(denied.status).toBe(401);
    expect(challengesOf(denied.headers['www-authenticate'])).toEqual([
      'Digest MD5',
      'Digest SHA-256',
      'Basic',
    ]);
  });

  it('let in a router that reads only the first challenge and speaks only MD5', async () => {
    const base = await acs();
    const fleet = await md5OnlyRouters(base, 'MD5ONLY{i:02}');
    await fleet.waitForSessions(1);
    expect(fleet.stats().sessionsFailed).toBe(0);
  });
});

describe('Digest challenges as configured', () => {
  it('follow the configured order: SHA-256 first shuts out the MD5-only router, saying why', async () => {
    const base = await acs({ cwmpDigestAlgorithms: ['SHA-256', 'MD5'] });
    const fleet = await md5OnlyRouters(base, 'SHAFIRST{i:02}');
    const d = fleet.devices[0]!;
    await fleet.waitUntil(() => d.sessionsFailed >= 1, 10_000, 'a failed session');
    expect(d.sessionLog.entries.find((e) => e.kind === 'session-end')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/first challenge is Digest SHA-256.*speaks MD5 only/),
    });
  });

  it('offer and accept only the algorithms configured', async () => {
    const base = await acs({ cwmpDigestAlgorithms: ['SHA-256'] });
    const c = new TestCpe(base, {
      oui: 'A0B1C2',
      productClass: 'Box',
      serialNumber: 'DG2',
      manufacturer: 'Acme',
    });
    opened.push(c);
    const denied = await c.inform();
    expect(challengesOf(denied.headers['www-authenticate'])).toEqual(['Digest SHA-256', 'Basic']);
    const [sha] = parseAuthHeader(
      ([] as string[]).concat(denied.headers['www-authenticate'] ?? []).join(', '),
    );
    const answer = (algorithm: string) =>
      buildDigestAuthorization(
        {
          ...CREDS,
          method: 'POST',
          uri: '/',
          challenge: { ...sha!.params, algorithm },
          nc: 1,
          cnonce: 'c0ffee',
        },
        digestHash,
      )!;
    // MD5 on our own nonce, right password: refused, as MD5 is not offered.
    expect((await c.inform(undefined, { authorization: answer('MD5') })).status).toBe(401);
    expect((await c.inform(undefined, { authorization: answer('SHA-256') })).status).toBe(200);
  });
});
