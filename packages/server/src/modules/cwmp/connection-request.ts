// Connection requests (cwmp-reference §13): an HTTP GET to the device's ConnectionRequestURL,
// answered 401 + Digest challenge, repeated with credentials; 200/204 means the device will open a
// session with "6 CONNECTION REQUEST". Bounded concurrency, a per-device minimum interval, timeouts.
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'undici';
import { buildDigestAuthorization, parseAuthHeader } from '@provisor/cwmp';
import { digestHash } from './cpe-auth';

export type ConnectionOutcome =
  'reachable' | 'auth-failed' | 'refused' | 'timeout' | 'unavailable' | 'rate-limited' | 'no-url' | 'error';

export interface ConnectionResult {
  outcome: ConnectionOutcome;
  /** HTTP status of the last answer, when there was one. */
  status?: number;
  durationMs: number;
  message: string;
}

export interface ConnectionTarget {
  deviceId: string;
  url: string;
  username: string;
  password: string;
}

export interface ConnectionRequesterOptions {
  timeoutMs: number;
  concurrency: number;
  minIntervalMs: number;
  /** Whether a Basic challenge may be answered (non-standard, cwmp-reference §13). */
  allowBasic: () => boolean;
}

const MESSAGES: Record<ConnectionOutcome, string> = {
  reachable: 'The device accepted the connection request and will open a session.',
  'auth-failed':
    'The device refused the connection request credentials; check the connection request username and password.',
  refused:
    'The connection was refused or reset; the device is offline or its connection request port is closed.',
  timeout: 'The device did not answer in time; it may be offline or behind NAT.',
  unavailable: 'The device answered 503: it is busy or rate-limiting connection requests; try again shortly.',
  'rate-limited': 'A connection request was sent to this device moments ago; wait before sending another.',
  'no-url': 'The device has no connection request URL yet; it reports one in its first Inform.',
  error: 'The connection request failed.',
};

export function createConnectionRequester(o: ConnectionRequesterOptions) {
  const lastSent = new Map<string, number>();
  let active = 0;
  const waiting: (() => void)[] = [];

  async function slot<T>(fn: () => Promise<T>): Promise<T> {
    if (active >= o.concurrency) await new Promise<void>((r) => waiting.push(r));
    active += 1;
    try {
      return await fn();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  }

  async function get(url: string, authorization?: string) {
    const res = await httpRequest(url, {
      method: 'GET',
      headers: authorization ? { authorization } : {},
      headersTimeout: o.timeoutMs,
      bodyTimeout: o.timeoutMs,
      signal: AbortSignal.timeout(o.timeoutMs),
    });
    await res.body.dump();
    return res;
  }

  function classify(err: unknown): ConnectionOutcome {
    const e = err as { code?: string; name?: string; cause?: { code?: string } };
    const code = e.code ?? e.cause?.code ?? '';
    // cwmp-reference §13: a refused or reset connection means the device is offline.
    if (
      ['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'UND_ERR_SOCKET'].includes(code)
    )
      return 'refused';
    if (e.name === 'TimeoutError' || e.name === 'AbortError' || code.includes('TIMEOUT')) return 'timeout';
    return 'error';
  }

  return {
    async send(target: ConnectionTarget): Promise<ConnectionResult> {
      const started = performance.now();
      const done = (outcome: ConnectionOutcome, status?: number, detail?: string): ConnectionResult => ({
        outcome,
        ...(status !== undefined ? { status } : {}),
        durationMs: Math.round(performance.now() - started),
        message: detail ? `${MESSAGES[outcome]} (${detail})` : MESSAGES[outcome],
      });
      if (!target.url) return done('no-url');
      const previous = lastSent.get(target.deviceId);
      const t = Date.now();
      if (previous !== undefined && t - previous < o.minIntervalMs) return done('rate-limited');
      lastSent.set(target.deviceId, t);
      if (lastSent.size > 100_000)
        for (const [k, v] of lastSent) if (t - v > o.minIntervalMs) lastSent.delete(k);
      return slot(async () => {
        try {
          let res = await get(target.url);
          if (res.statusCode === 401) {
            const header = res.headers['www-authenticate'];
            const challenges = parseAuthHeader(Array.isArray(header) ? header.join(', ') : (header ?? ''));
            const digest = challenges.find((c) => c.scheme.toLowerCase() === 'digest');
            const basic = challenges.find((c) => c.scheme.toLowerCase() === 'basic');
            let authorization: string | null = null;
            if (digest) {
              const uri = new URL(target.url);
              authorization = buildDigestAuthorization(
                {
                  username: target.username,
                  password: target.password,
                  method: 'GET',
                  uri: uri.pathname + uri.search,
                  challenge: digest.params,
                  nc: 1,
                  cnonce: randomBytes(8).toString('hex'),
                },
                digestHash,
              );
            } else if (basic && o.allowBasic()) {
              authorization = `Basic ${Buffer.from(`${target.username}:${target.password}`).toString('base64')}`;
            }
            if (!authorization) return done('auth-failed', 401, 'no usable authentication scheme offered');
            res = await get(target.url, authorization);
          }
          if (res.statusCode === 200 || res.statusCode === 204) return done('reachable', res.statusCode);
          if (res.statusCode === 401 || res.statusCode === 403) return done('auth-failed', res.statusCode);
          if (res.statusCode === 503) return done('unavailable', 503);
          return done('error', res.statusCode, `HTTP ${res.statusCode}`);
        } catch (err) {
          const outcome = classify(err);
          return done(outcome, undefined, outcome === 'error' ? (err as Error).message : undefined);
        }
      });
    },
  };
}

export type ConnectionRequester = ReturnType<typeof createConnectionRequester>;
