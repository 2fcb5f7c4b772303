// Connection requests (cwmp-reference §13): an HTTP GET to the device's ConnectionRequestURL,
// answered 401 + Digest challenge, repeated with credentials; 200/204 means the device will open a
// session with "6 CONNECTION REQUEST". Bounded concurrency, a per-device minimum interval, timeouts.
// Requests go only where cr-target.ts allows, to the address it checked.
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { Agent, request as httpRequest, type Dispatcher } from 'undici';
import { buildDigestAuthorization, parseAuthHeader, parseDigestAlgorithm } from '@provisor/cwmp';
import type { ConnectionOutcome } from '../../contract';
import type { DeviceContact } from '../../db/tables/devices';
import type { ServerSettings } from '../settings/index';
import { digestHash } from './cpe-auth';
import { createTargetChecker, type TargetChecker } from './cr-target';

export type { ConnectionOutcome };

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
  /** The address the device's sessions come from ('' when it has not informed yet). */
  source: string;
}

/** A device's connection request: its own credentials, else the global ones of the settings. */
export function connectionTarget(
  device: DeviceContact,
  cr: ServerSettings['connectionRequest'],
): ConnectionTarget {
  return {
    deviceId: device.id,
    url: device.connection_request_url,
    username: device.connection_request_username || cr.username,
    password: device.connection_request_password || cr.password,
    source: device.remote_address,
  };
}

export interface ConnectionRequesterOptions {
  timeoutMs: number;
  concurrency: number;
  minIntervalMs: number;
  /** Whether a Basic challenge may be answered (non-standard, cwmp-reference §13). */
  allowBasic: () => boolean;
  /** Networks where requests may go whatever address the device's sessions come from. */
  allowedNetworks: () => readonly string[];
  checker?: TargetChecker;
  /**
   * Takes the device's slot for a request at time `t` unless one was sent less than the interval
   * before (processes sharing the database share it: modules/cluster); by default kept here.
   */
  claim?: (deviceId: string, t: number, minIntervalMs: number) => Promise<boolean>;
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
  blocked: 'Provisor did not send the connection request: its URL points where requests may not go.',
  error: 'The connection request failed.',
};

export function createConnectionRequester(o: ConnectionRequesterOptions) {
  const checker = o.checker ?? createTargetChecker();
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

  async function get(url: string, dispatcher: Dispatcher | undefined, authorization?: string) {
    const res = await httpRequest(url, {
      method: 'GET',
      ...(dispatcher ? { dispatcher } : {}),
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
      const verdict = await checker.check(target.url, {
        source: target.source,
        allowedNetworks: o.allowedNetworks(),
      });
      if (!verdict.ok) return done('blocked', undefined, verdict.reason);
      const t = Date.now();
      if (o.claim) {
        if (!(await o.claim(target.deviceId, t, o.minIntervalMs))) return done('rate-limited');
      } else {
        const previous = lastSent.get(target.deviceId);
        if (previous !== undefined && t - previous < o.minIntervalMs) return done('rate-limited');
        lastSent.set(target.deviceId, t);
        if (lastSent.size > 100_000)
          for (const [k, v] of lastSent) if (t - v > o.minIntervalMs) lastSent.delete(k);
      }
      // A name is connected to at the address that was checked, not resolved again.
      const dispatcher = isIP(verdict.hostname)
        ? undefined
        : new Agent({
            connect: {
              lookup: (_host, options, callback) =>
                options.all
                  ? callback(null, [{ address: verdict.address, family: verdict.family }])
                  : callback(null, verdict.address, verdict.family),
            },
          });
      return slot(async () => {
        try {
          let res = await get(target.url, dispatcher);
          if (res.statusCode === 401) {
            const header = res.headers['www-authenticate'];
            const challenges = parseAuthHeader(Array.isArray(header) ? header.join(', ') : (header ?? ''));
            // The first Digest challenge in an algorithm we speak, in the router's order (RFC 7616
            // §3.7): MD5 and SHA-256 come in either order, and some routers lead with one we do not.
            const digest = challenges.find(
              (c) => c.scheme.toLowerCase() === 'digest' && parseDigestAlgorithm(c.params.algorithm) !== null,
            );
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
            res = await get(target.url, dispatcher, authorization);
          }
          if (res.statusCode === 200 || res.statusCode === 204) return done('reachable', res.statusCode);
          if (res.statusCode === 401 || res.statusCode === 403) return done('auth-failed', res.statusCode);
          if (res.statusCode === 503) return done('unavailable', 503);
          return done('error', res.statusCode, `HTTP ${res.statusCode}`);
        } catch (err) {
          const outcome = classify(err);
          return done(outcome, undefined, outcome === 'error' ? (err as Error).message : undefined);
        } finally {
          await dispatcher?.close();
        }
      });
    },
  };
}

export type ConnectionRequester = ReturnType<typeof createConnectionRequester>;
