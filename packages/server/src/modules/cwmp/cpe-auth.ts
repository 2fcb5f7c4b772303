// Authenticating CPEs (TR-069 Amendment 6, 3.4.4, 3.4.5): none, Basic, or Digest (RFC 7616, SHA-256 and MD5,
// qop=auth) per settings. Credentials are bound to a device: a device's own credentials prove that
// device only, the global ones prove any device that has none of its own (the session engine checks
// the binding once the Inform names its device). Failures are logged, and repeated failures from
// one address are answered more and more slowly.
//
// Digest nonces are stateless: each carries the time it was issued and an HMAC of it, so a flood of
// challenges costs no memory. Only nonces that authenticated a request are remembered (for their
// nonce count, against replay), in a table of bounded size.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  buildDigestChallenge,
  decodeBasicCredentials,
  parseAuthHeader,
  parseDigestAlgorithm,
  verifyDigestResponse,
  type DigestAlgorithm,
  type DigestHash,
} from '@provisor/cwmp';
import type { DevicesService } from '../devices/index';
import type { SettingsService } from '../settings/index';

export const REALM = 'Provisor';

/** MD5 first: a router that reads only the first challenge speaks MD5 at least (issue 23). */
export const DEFAULT_DIGEST_ALGORITHMS: readonly DigestAlgorithm[] = ['MD5', 'SHA-256'];

export const digestHash: DigestHash = (alg, data) =>
  createHash(alg === 'MD5' ? 'md5' : 'sha256')
    .update(data)
    .digest('hex');

export interface CpeAuthOptions {
  nonceTtlMs: number;
  /**
   * Digest algorithms offered, one challenge each in this order, and the only ones accepted. A
   * router may read only the first challenge: MD5, which every router speaks, leads by default.
   */
  digestAlgorithms?: readonly DigestAlgorithm[];
  /** Failures from one address within `failureWindowMs` before answers slow down. */
  freeFailures: number;
  failureWindowMs: number;
  maxDelayMs: number;
  /** Digest nonces remembered with their nonce count (the oldest is forgotten first). */
  maxUsedNonces?: number;
  /** Addresses whose failures are counted at once (the oldest is forgotten first). */
  maxTrackedAddresses?: number;
  /** Key of the nonces' HMAC; processes sharing it accept each other's nonces. */
  nonceKey?: Buffer;
  now?: () => number;
}

/** Who a request proved to be. */
export type CpePrincipal =
  /** Authentication is off and the request presented no credentials. */
  | { kind: 'open' }
  /** The global credentials of the settings: any device without credentials of its own. */
  | { kind: 'global'; username: string }
  /** A device's own credentials: that device only. */
  | { kind: 'device'; username: string; deviceId: string };

export type CpeAuthResult =
  { ok: true; principal: CpePrincipal } | { ok: false; reason: string; challenge: string[]; delayMs: number };

const OPEN: CpePrincipal = { kind: 'open' };

/**
 * Whether `principal` may speak for the device an Inform names (`existing`: that device as stored,
 * null when it is new). A device with credentials of its own must prove them, even while
 * authentication is off; the global credentials are for devices without their own.
 */
export function admission(
  principal: CpePrincipal,
  existing: { id: string; cwmpUsername: string } | null,
): 'ok' | 'challenge' | 'forbidden' {
  const ownCredentials = existing !== null && existing.cwmpUsername !== '';
  switch (principal.kind) {
    case 'device':
      return existing?.id === principal.deviceId ? 'ok' : 'forbidden';
    case 'global':
      return ownCredentials ? 'forbidden' : 'ok';
    case 'open':
      return ownCredentials ? 'challenge' : 'ok';
  }
}

/**
 * Whether a request whose credentials prove `request` may go on with a session opened by `opener`:
 * a device's own credentials speak for that device only; the global ones, or none, for any device
 * without credentials of its own.
 */
export function mayJoin(opener: CpePrincipal, request: CpePrincipal): boolean {
  // Credentials that prove nothing claim nothing: the request rides on the session as one without.
  if (request.kind === 'open') return true;
  if (opener.kind === 'device' && request.kind === 'device') return opener.deviceId === request.deviceId;
  return opener.kind !== 'device' && request.kind !== 'device';
}
/** Bytes of a nonce: issue stamp (6 bytes), random (9), HMAC (15). */
const NONCE_TIME = 6;
/**
 * A nonce's issue stamp is its time in ms times this, plus its rank among the nonces this process
 * issued in that millisecond: stamps order nonces exactly (`forgottenUpTo` must not refuse a fresh
 * nonce issued in the same millisecond as a forgotten one). 2^48 / 64 ms lasts until 2109.
 */
const STAMPS_PER_MS = 64;
const NONCE_RANDOM = 9;
const NONCE_MAC = 15;

function safeEqual(a: string | Buffer, b: string | Buffer): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** Forgets the oldest entries (Map keeps insertion order) until `map` holds fewer than `max`. */
function trim<K, V>(map: Map<K, V>, max: number): void {
  for (const key of map.keys()) {
    if (map.size < max) return;
    map.delete(key);
  }
}

export function createCpeAuthenticator(
  settings: SettingsService,
  devices: DevicesService,
  o: CpeAuthOptions,
) {
  const now = o.now ?? Date.now;
  const key = o.nonceKey ?? randomBytes(32);
  const maxUsed = o.maxUsedNonces ?? 10_000;
  const algorithms = o.digestAlgorithms ?? DEFAULT_DIGEST_ALGORITHMS;
  if (algorithms.length === 0) throw new Error('digestAlgorithms must offer at least one Digest algorithm');
  const maxTracked = o.maxTrackedAddresses ?? 10_000;
  /** Nonces that authenticated a request: the highest nonce count seen. */
  const used = new Map<string, number>();
  /**
   * Nonces issued at or before this stamp count as expired: a nonce still alive that had to be
   * forgotten (the table is full) could otherwise be replayed.
   */
  let forgottenUpTo = -Infinity;
  /** The stamp of the last nonce issued. */
  let lastStamp = 0;
  /** Failures by address in the current window, and until when the address is kept waiting. */
  const failures = new Map<string, { count: number; since: number; waitUntil: number }>();

  const mac = (body: Buffer) => createHmac('sha256', key).update(body).digest().subarray(0, NONCE_MAC);

  function issueNonce(): string {
    const body = Buffer.alloc(NONCE_TIME + NONCE_RANDOM);
    lastStamp = Math.max(now() * STAMPS_PER_MS, lastStamp + 1);
    body.writeUIntBE(lastStamp, 0, NONCE_TIME);
    randomBytes(NONCE_RANDOM).copy(body, NONCE_TIME);
    return Buffer.concat([body, mac(body)]).toString('base64url');
  }

  /** The issue stamp of a nonce of ours (STAMPS_PER_MS), or null for one we did not issue. */
  function nonceStamp(nonce: string): number | null {
    const raw = Buffer.from(nonce, 'base64url');
    if (raw.length !== NONCE_TIME + NONCE_RANDOM + NONCE_MAC || raw.toString('base64url') !== nonce)
      return null;
    const body = raw.subarray(0, NONCE_TIME + NONCE_RANDOM);
    return safeEqual(mac(body), raw.subarray(NONCE_TIME + NONCE_RANDOM))
      ? body.readUIntBE(0, NONCE_TIME)
      : null;
  }

  function remember(nonce: string, nc: number): void {
    used.delete(nonce);
    for (const old of used.keys()) {
      if (used.size < maxUsed) break;
      forgottenUpTo = Math.max(forgottenUpTo, nonceStamp(old) ?? -Infinity);
      used.delete(old);
    }
    used.set(nonce, nc);
  }

  function challenge(stale = false): string[] {
    const nonce = issueNonce();
    const opaque = REALM;
    // TR-069 Amendment 6, 3.4.5 and RFC 7616 §3.7: one challenge per algorithm, in order of
    // preference; a router that reads only the first must find one it speaks there.
    return [
      ...algorithms.map((algorithm) =>
        buildDigestChallenge({ realm: REALM, nonce, opaque, algorithm, stale }),
      ),
      `Basic realm="${REALM}"`,
    ];
  }

  /**
   * The password `username` must prove, and who proving it makes the request: the device whose own
   * username it is, else the global user of the settings. Empty credentials prove nothing ('' is
   * the username of every device without credentials of its own).
   */
  async function expectedFor(
    username: string,
  ): Promise<{ password: string; principal: CpePrincipal } | null> {
    if (username === '') return null;
    const device = await devices.findByCwmpUsername(username);
    if (device) {
      if (device.cwmp_password === '') return null;
      return { password: device.cwmp_password, principal: { kind: 'device', username, deviceId: device.id } };
    }
    const s = settings.get().cwmp;
    return username === s.username && s.password !== ''
      ? { password: s.password, principal: { kind: 'global', username } }
      : null;
  }

  /**
   * Counts a failure of `address`. Past the free ones, the address must wait (100 ms doubling, up to
   * maxDelayMs) before credentials from it are checked again, so guesses sent in parallel gain
   * nothing; a success does not reset the count (its window does).
   */
  function fail(address: string, reason: string, stale = false): CpeAuthResult {
    const t = now();
    let f = failures.get(address);
    if (!f || t - f.since > o.failureWindowMs) {
      failures.delete(address);
      trim(failures, maxTracked);
      failures.set(address, (f = { count: 0, since: t, waitUntil: 0 }));
    }
    f.count += 1;
    const over = f.count - o.freeFailures;
    const delayMs = over > 0 ? Math.min(o.maxDelayMs, 100 * 2 ** (over - 1)) : 0;
    f.waitUntil = t + delayMs;
    return { ok: false, reason, challenge: challenge(stale), delayMs };
  }

  /** Whether the request names this resource: a Digest answer for another URI is not for us. */
  function sameResource(digestUri: string | undefined, path: string): boolean {
    if (digestUri === undefined) return false;
    try {
      return new URL(digestUri, 'http://acs').pathname === new URL(path, 'http://acs').pathname;
    } catch {
      return false;
    }
  }

  async function verify(authorization: string, method: string, path: string, address: string) {
    const t = now();
    const past = failures.get(address);
    const counting = past !== undefined && t - past.since <= o.failureWindowMs;
    if (counting && past.waitUntil > t) {
      return {
        ok: false,
        reason: 'too many failures from this address; not checked',
        challenge: challenge(),
        delayMs: 0,
      } as const;
    }
    // Past the free failures an address has one check at a time: the others sent meanwhile are
    // refused unchecked (the check ends the wait, or sets a longer one when it fails).
    if (counting && past.count >= o.freeFailures) past.waitUntil = t + o.maxDelayMs;
    const result = await check(authorization, method, path, address);
    if (result.ok && counting) past.waitUntil = 0;
    return result;
  }

  async function check(authorization: string, method: string, path: string, address: string) {
    const [creds] = parseAuthHeader(authorization);
    if (!creds) return fail(address, 'unreadable Authorization header');
    const scheme = creds.scheme.toLowerCase();
    if (scheme === 'basic') {
      const basic = creds.params.token68 ? decodeBasicCredentials(creds.params.token68) : null;
      if (!basic) return fail(address, 'unreadable Basic credentials');
      const expected = await expectedFor(basic.username);
      if (expected === null || !safeEqual(basic.password, expected.password))
        return fail(address, `wrong Basic credentials for "${basic.username}"`);
      return { ok: true, principal: expected.principal } as const;
    }
    if (scheme !== 'digest') return fail(address, `unsupported scheme ${creds.scheme}`);
    const p = creds.params;
    const stamp = p.nonce ? nonceStamp(p.nonce) : null;
    if (stamp === null || now() - stamp / STAMPS_PER_MS > o.nonceTtlMs || stamp <= forgottenUpTo) {
      used.delete(p.nonce ?? '');
      // A well-formed answer to an expired or unknown nonce: ask again, saying it was stale.
      return fail(address, 'stale or unknown nonce', true);
    }
    const nonce = p.nonce!;
    const lastNc = used.get(nonce) ?? 0;
    const nc = p.nc === undefined ? 0 : Number.parseInt(p.nc, 16);
    // Without qop (RFC 2069) there is no nonce count: such a nonce serves one request only.
    if (p.qop === 'auth' ? !Number.isFinite(nc) || nc <= lastNc : used.has(nonce))
      return fail(address, 'replayed nonce count');
    if (p.realm !== REALM) return fail(address, `wrong realm "${p.realm ?? ''}"`);
    const algorithm = parseDigestAlgorithm(p.algorithm);
    if (algorithm === null || !algorithms.includes(algorithm)) {
      return fail(
        address,
        `Digest algorithm ${p.algorithm ?? 'MD5'} is not offered (offered: ${algorithms.join(', ')}; PROVISOR_CWMP_DIGEST_ALGORITHMS)`,
      );
    }
    if (!sameResource(p.uri, path)) return fail(address, `Digest uri "${p.uri ?? ''}" is not ${path}`);
    const expected = p.username ? await expectedFor(p.username) : null;
    if (expected === null || !verifyDigestResponse(p, { method, password: expected.password }, digestHash))
      return fail(address, `wrong Digest credentials for "${p.username ?? ''}"`);
    remember(nonce, p.qop === 'auth' ? nc : Infinity);
    return { ok: true, principal: expected.principal } as const;
  }

  return {
    /**
     * Checks one request's Authorization header (`path`: the path it was sent to). Without one:
     * OPEN while authentication is off, else a challenge. Credentials that are presented must hold,
     * whether authentication is on or off, in a session or not: a wrong one is a failure, counted
     * against the address (an answer that told a wrong password from another router's right one
     * would otherwise be an oracle free of any limit).
     */
    async authenticate(
      authorization: string | undefined,
      method: string,
      path: string,
      address: string,
    ): Promise<CpeAuthResult> {
      if (!authorization) {
        return settings.get().cwmp.authRequired
          ? { ok: false, reason: 'no credentials', challenge: challenge(), delayMs: 0 }
          : { ok: true, principal: OPEN };
      }
      return verify(authorization, method, path, address);
    },
    /** A fresh challenge, for a request whose credentials do not fit what it asks. */
    challenge: () => challenge(),
    /** Digest nonces remembered now (bounded by maxUsedNonces; challenges add none). */
    rememberedNonces: () => used.size,
  };
}

export type CpeAuthenticator = ReturnType<typeof createCpeAuthenticator>;
