// CPE authentication against the real server over loopback (TR-069 Amendment 6, 3.4.4).
import { buildDigestAuthorization, parseAuthHeader } from '@provisor/cwmp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../../test/helpers';
import { TestCpe } from '../../../test/cpe-client';
import type { DevicesService } from '../devices/index';
import type { SettingsService } from '../settings/index';
import { createCpeAuthenticator, digestHash, type CpeAuthOptions } from './cpe-auth';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

let t: TestApp;
let base: string;
let token: string;
let serial = 0;
const cpes: TestCpe[] = [];
function cpe() {
  const c = new TestCpe(base, {
    oui: 'A0B1C2',
    productClass: 'AuthBox',
    serialNumber: `AUTH${++serial}`,
    manufacturer: 'Acme',
  });
  cpes.push(c);
  return c;
}
const basic = (u: string, p: string) => ({
  authorization: `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`,
});

function digestFor(
  challengeHeader: string | string[] | undefined,
  algorithm: 'SHA-256' | 'MD5',
  username: string,
  password: string,
  nc = 1,
) {
  const all = parseAuthHeader(([] as string[]).concat(challengeHeader ?? []).join(', '));
  const challenge = all.find((c) => c.scheme === 'Digest' && c.params.algorithm === algorithm)!;
  return {
    challenge,
    authorization: buildDigestAuthorization(
      { username, password, method: 'POST', uri: '/', challenge: challenge.params, nc, cnonce: 'abc123' },
      digestHash,
    )!,
  };
}

beforeAll(async () => {
  // SHA-256 first, as configured here: the default order (MD5 first) has its own suite
  // (digest-algorithms.test.ts); this one checks that the configured order is the order offered.
  t = await buildTestApp({ cwmpDigestAlgorithms: ['SHA-256', 'MD5'] });
  base = await listenOnLoopback(t.app);
  token = await login(t.app);
});
afterAll(async () => {
  await Promise.all(cpes.map((c) => c.close()));
  await t.close();
});

describe('CPE authentication', () => {
  it('lets CPEs in without credentials while authRequired is off', async () => {
    expect((await cpe().inform()).status).toBe(200);
  });

  it('turning cwmp.authRequired on through PUT /api/settings takes effect at once', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: bearer(token),
      payload: { cwmp: { authRequired: true, username: 'acs-cpe', password: 'cpe-secret' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().requiresRestart).toBe(false);
    const denied = await cpe().inform();
    expect(denied.status).toBe(401);
    const challenges = parseAuthHeader(
      ([] as string[]).concat(denied.headers['www-authenticate'] ?? []).join(', '),
    );
    expect(challenges.map((c) => `${c.scheme} ${c.params.algorithm ?? ''}`.trim())).toEqual([
      'Digest SHA-256',
      'Digest MD5',
      'Basic',
    ]);
    expect(challenges[0]!.params).toMatchObject({ realm: 'Provisor', qop: 'auth' });
  });

  it('accepts correct Basic credentials and refuses wrong ones', async () => {
    expect((await cpe().inform(undefined, basic('acs-cpe', 'cpe-secret'))).status).toBe(200);
    expect((await cpe().inform(undefined, basic('acs-cpe', 'wrong'))).status).toBe(401);
    expect((await cpe().inform(undefined, basic('nobody', 'cpe-secret'))).status).toBe(401);
  });

  it.each(['SHA-256', 'MD5'] as const)(
    'accepts correct Digest %s credentials and refuses wrong ones',
    async (algorithm) => {
      const c = cpe();
      const first = await c.inform();
      expect(first.status).toBe(401);
      const ok = digestFor(first.headers['www-authenticate'], algorithm, 'acs-cpe', 'cpe-secret');
      const res = await c.inform(undefined, { authorization: ok.authorization });
      expect(res.status).toBe(200);
      // The rest of the session rides on it without credentials.
      expect((await c.post('')).status).toBe(204);
      const d = cpe();
      const again = await d.inform();
      const bad = digestFor(again.headers['www-authenticate'], algorithm, 'acs-cpe', 'not-it');
      expect((await d.inform(undefined, { authorization: bad.authorization })).status).toBe(401);
    },
  );

  it('refuses a replayed Digest nonce count and a stale nonce', async () => {
    const c = cpe();
    const first = await c.inform();
    const { authorization, challenge } = digestFor(
      first.headers['www-authenticate'],
      'SHA-256',
      'acs-cpe',
      'cpe-secret',
      1,
    );
    expect((await c.inform(undefined, { authorization })).status).toBe(200);
    await c.post('');
    c.forgetCookies();
    const other = cpe();
    const replay = await other.inform(undefined, { authorization });
    expect(replay.status).toBe(401);
    const next = buildDigestAuthorization(
      {
        username: 'acs-cpe',
        password: 'cpe-secret',
        method: 'POST',
        uri: '/',
        challenge: challenge.params,
        nc: 2,
        cnonce: 'x',
      },
      digestHash,
    )!;
    expect((await other.inform(undefined, { authorization: next })).status).toBe(200);
    const stale = buildDigestAuthorization(
      {
        username: 'acs-cpe',
        password: 'cpe-secret',
        method: 'POST',
        uri: '/',
        challenge: { ...challenge.params, nonce: 'made-up-nonce' },
        nc: 1,
        cnonce: 'x',
      },
      digestHash,
    )!;
    const staleRes = await cpe().inform(undefined, { authorization: stale });
    expect(staleRes.status).toBe(401);
    expect(String(staleRes.headers['www-authenticate'])).toContain('stale=true');
  });

  it("uses a device's own credentials over the global ones", async () => {
    const c = cpe();
    expect((await c.inform(undefined, basic('acs-cpe', 'cpe-secret'))).status).toBe(200);
    await c.post('');
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/devices?search=${c.identity.serialNumber}`,
      headers: bearer(token),
    });
    const id = list.json().devices[0].id;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${id}`,
      headers: bearer(token),
      payload: { cwmpUsername: `A0B1C2-AuthBox-${c.identity.serialNumber}`, cwmpPassword: 'own-secret' },
    });
    expect(put.statusCode).toBe(200);
    c.forgetCookies();
    expect(
      (await c.inform(undefined, basic(`A0B1C2-AuthBox-${c.identity.serialNumber}`, 'own-secret'))).status,
    ).toBe(200);
    await c.post('');
    c.forgetCookies();
    expect(
      (await c.inform(undefined, basic(`A0B1C2-AuthBox-${c.identity.serialNumber}`, 'cpe-secret'))).status,
    ).toBe(401);
  });

  it('slows down repeated failures from one address', async () => {
    const c = cpe();
    const times: number[] = [];
    for (let i = 0; i < 8; i++) {
      const started = performance.now();
      expect((await c.inform(undefined, basic('acs-cpe', 'wrong'))).status).toBe(401);
      times.push(performance.now() - started);
    }
    // After the free failures the answers wait 100, 200, 400 ms...: the last is clearly slower.
    expect(times[7]!).toBeGreaterThan(150);
  });

  it('keeps no state for challenges: after thousands of them the first nonce still works', async () => {
    const c = cpe();
    const first = await c.inform();
    const { authorization } = digestFor(first.headers['www-authenticate'], 'MD5', 'acs-cpe', 'cpe-secret');
    const before = t.app.services.cpeAuth.rememberedNonces();
    // A flood of unauthenticated POSTs, each answered with a new challenge.
    const flood = cpe();
    for (let i = 0; i < 3000; i++) expect((await flood.post('<x/>')).status).toBe(401);
    expect(t.app.services.cpeAuth.rememberedNonces()).toBe(before);
    expect((await c.inform(undefined, { authorization })).status).toBe(200);
    // Only a nonce that authenticated is remembered (for its nonce count).
    expect(t.app.services.cpeAuth.rememberedNonces()).toBe(before + 1);
  });

  it('refuses a nonce it did not issue, even one shaped like its own', async () => {
    const c = cpe();
    const first = await c.inform();
    const { challenge } = digestFor(first.headers['www-authenticate'], 'SHA-256', 'acs-cpe', 'cpe-secret');
    const raw = Buffer.from(challenge.params.nonce!, 'base64url');
    raw[raw.length - 1]! ^= 1;
    const forged = buildDigestAuthorization(
      {
        username: 'acs-cpe',
        password: 'cpe-secret',
        method: 'POST',
        uri: '/',
        challenge: { ...challenge.params, nonce: raw.toString('base64url') },
        nc: 1,
        cnonce: 'x',
      },
      digestHash,
    )!;
    const res = await c.inform(undefined, { authorization: forged });
    expect(res.status).toBe(401);
    expect(String(res.headers['www-authenticate'])).toContain('stale=true');
  });
});

describe('Digest nonces', () => {
  const settings = {
    get: () => ({ cwmp: { authRequired: true, username: 'u', password: 'p' } }),
  } as unknown as SettingsService;
  const devices = { findByCwmpUsername: async () => undefined } as unknown as DevicesService;
  const answer = (challenge: string[], nc = 1) =>
    buildDigestAuthorization(
      {
        username: 'u',
        password: 'p',
        method: 'POST',
        uri: '/',
        challenge: parseAuthHeader(challenge.join(', '))[0]!.params,
        nc,
        cnonce: 'c',
      },
      digestHash,
    )!;

  const authenticator = (extra: Partial<CpeAuthOptions> = {}, deviceList = devices) =>
    createCpeAuthenticator(settings, deviceList, {
      nonceTtlMs: 60_000,
      freeFailures: 5,
      failureWindowMs: 60_000,
      maxDelayMs: 0,
      ...extra,
    });

  it('remembers at most maxUsedNonces, forgetting the oldest first', async () => {
    // All in one millisecond, as under a flood of routers: forgetting the oldest must not refuse
    // the fresh nonces issued in the same millisecond.
    const auth = authenticator({ maxUsedNonces: 10, now: () => 1_000_000 });
    const used: string[] = [];
    for (let i = 0; i < 50; i++) {
      const authorization = answer(auth.challenge());
      expect((await auth.authenticate(authorization, 'POST', '/', '192.0.2.1')).ok).toBe(true);
      used.push(authorization);
    }
    expect(auth.rememberedNonces()).toBe(10);
    // A forgotten nonce is not accepted again: it counts as expired (stale), not as new.
    const replayed = await auth.authenticate(used[0]!, 'POST', '/', '192.0.2.1');
    expect(replayed.ok).toBe(false);
    expect(!replayed.ok && replayed.reason).toBe('stale or unknown nonce');
    // A remembered nonce still refuses a replayed count.
    expect((await auth.authenticate(used.at(-1)!, 'POST', '/', '192.0.2.1')).ok).toBe(false);
  });

  it('refuses an expired nonce as stale', async () => {
    let now = 1_000_000;
    const auth = authenticator({ nonceTtlMs: 1000, now: () => now });
    const authorization = answer(auth.challenge());
    now += 1001;
    const result = await auth.authenticate(authorization, 'POST', '/', '192.0.2.1');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toBe('stale or unknown nonce');
    expect(!result.ok && result.challenge[0]).toContain('stale=true');
  });

  it('refuses a Digest answer computed for another URI than the one it was sent to', async () => {
    const auth = authenticator();
    const authorization = answer(auth.challenge());
    const result = await auth.authenticate(authorization, 'POST', '/other', '192.0.2.1');
    expect(!result.ok && result.reason).toBe('Digest uri "/" is not /other');
    expect((await auth.authenticate(answer(auth.challenge()), 'POST', '/?x=1', '192.0.2.1')).ok).toBe(true);
  });

  it('refuses empty credentials, and a device username without a password', async () => {
    const withDevice = {
      findByCwmpUsername: async (u: string) => (u === 'nopass' ? { id: 'd1', cwmp_password: '' } : undefined),
    } as unknown as DevicesService;
    const auth = authenticator({ freeFailures: 100 }, withDevice);
    const basicOf = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;
    expect((await auth.authenticate(basicOf('', ''), 'POST', '/', '192.0.2.1')).ok).toBe(false);
    expect((await auth.authenticate(basicOf('nopass', ''), 'POST', '/', '192.0.2.1')).ok).toBe(false);
    expect((await auth.authenticate(basicOf('u', 'p'), 'POST', '/', '192.0.2.1')).ok).toBe(true);
  });
});
