// Authenticating CPEs (cwmp-reference §2): none, Basic, or Digest (RFC 7616, SHA-256 and MD5,
// qop=auth) per settings, with per-device credentials overriding the global ones. Nonces expire and
// their nonce-count must grow (replay). Failures are logged, and repeated failures from one address
// are answered more and more slowly.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  buildDigestChallenge,
  decodeBasicCredentials,
  parseAuthHeader,
  verifyDigestResponse,
  type DigestHash,
} from '@provisor/cwmp';
import type { DevicesService } from '../devices/service';
import type { SettingsService } from '../settings/service';

export const REALM = 'Provisor';

export const digestHash: DigestHash = (alg, data) =>
  createHash(alg === 'MD5' ? 'md5' : 'sha256')
    .update(data)
    .digest('hex');

export interface CpeAuthOptions {
  nonceTtlMs: number;
  /** Failures from one address within `failureWindowMs` before answers slow down. */
  freeFailures: number;
  failureWindowMs: number;
  maxDelayMs: number;
  maxNonces?: number;
  now?: () => number;
}

export type CpeAuthResult =
  { ok: true; username: string | null } | { ok: false; reason: string; challenge: string[]; delayMs: number };

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

export function createCpeAuthenticator(
  settings: SettingsService,
  devices: DevicesService,
  o: CpeAuthOptions,
) {
  const now = o.now ?? Date.now;
  const nonces = new Map<string, { issuedAt: number; lastNc: number }>();
  const failures = new Map<string, { count: number; since: number }>();
  const maxNonces = o.maxNonces ?? 100_000;

  function issueNonce(): string {
    if (nonces.size >= maxNonces) {
      const t = now();
      for (const [n, v] of nonces)
        if (t - v.issuedAt > o.nonceTtlMs || nonces.size >= maxNonces) nonces.delete(n);
    }
    const nonce = randomBytes(18).toString('base64url');
    nonces.set(nonce, { issuedAt: now(), lastNc: 0 });
    return nonce;
  }

  function challenge(stale = false): string[] {
    const nonce = issueNonce();
    const opaque = REALM;
    return [
      buildDigestChallenge({ realm: REALM, nonce, opaque, algorithm: 'SHA-256', stale }),
      buildDigestChallenge({ realm: REALM, nonce, opaque, algorithm: 'MD5', stale }),
      `Basic realm="${REALM}"`,
    ];
  }

  /** The password that `username` must prove: the device's own, else the global one. */
  async function expectedPassword(username: string): Promise<string | null> {
    const device = await devices.findByCwmpUsername(username);
    if (device) return device.cwmp_password;
    const s = settings.get().cwmp;
    return s.username !== '' && username === s.username ? s.password : null;
  }

  function fail(address: string, reason: string, stale = false): CpeAuthResult {
    const t = now();
    let f = failures.get(address);
    if (!f || t - f.since > o.failureWindowMs) failures.set(address, (f = { count: 0, since: t }));
    f.count += 1;
    if (failures.size > 10_000)
      for (const [k, v] of failures) if (t - v.since > o.failureWindowMs) failures.delete(k);
    const over = f.count - o.freeFailures;
    const delayMs = over > 0 ? Math.min(o.maxDelayMs, 100 * 2 ** (over - 1)) : 0;
    return { ok: false, reason, challenge: challenge(stale), delayMs };
  }

  return {
    /** Checks one request's Authorization header (first message of a session). */
    async authenticate(
      authorization: string | undefined,
      method: string,
      address: string,
    ): Promise<CpeAuthResult> {
      if (!settings.get().cwmp.authRequired) return { ok: true, username: null };
      if (!authorization) return { ok: false, reason: 'no credentials', challenge: challenge(), delayMs: 0 };
      const [creds] = parseAuthHeader(authorization);
      if (!creds) return fail(address, 'unreadable Authorization header');
      const scheme = creds.scheme.toLowerCase();
      if (scheme === 'basic') {
        const basic = creds.params.token68 ? decodeBasicCredentials(creds.params.token68) : null;
        if (!basic) return fail(address, 'unreadable Basic credentials');
        const expected = await expectedPassword(basic.username);
        if (expected === null || !safeEqual(basic.password, expected))
          return fail(address, `wrong Basic credentials for "${basic.username}"`);
        failures.delete(address);
        return { ok: true, username: basic.username };
      }
      if (scheme !== 'digest') return fail(address, `unsupported scheme ${creds.scheme}`);
      const p = creds.params;
      const nonce = p.nonce ? nonces.get(p.nonce) : undefined;
      if (!nonce || now() - nonce.issuedAt > o.nonceTtlMs) {
        if (nonce) nonces.delete(p.nonce!);
        // A well-formed answer to an expired or unknown nonce: ask again, saying it was stale.
        return fail(address, 'stale or unknown nonce', true);
      }
      const nc = p.nc === undefined ? 0 : Number.parseInt(p.nc, 16);
      if (p.qop === 'auth' && (!Number.isFinite(nc) || nc <= nonce.lastNc))
        return fail(address, 'replayed nonce count');
      if (p.realm !== REALM) return fail(address, `wrong realm "${p.realm ?? ''}"`);
      const expected = p.username ? await expectedPassword(p.username) : null;
      if (expected === null || !verifyDigestResponse(p, { method, password: expected }, digestHash)) {
        return fail(address, `wrong Digest credentials for "${p.username ?? ''}"`);
      }
      // Without qop there is no nonce count: such a nonce serves one request only.
      if (p.qop === 'auth') nonce.lastNc = nc;
      else nonces.delete(p.nonce!);
      failures.delete(address);
      return { ok: true, username: p.username! };
    },
  };
}

export type CpeAuthenticator = ReturnType<typeof createCpeAuthenticator>;
