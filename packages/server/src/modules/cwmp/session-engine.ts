// CWMP sessions (cwmp-reference §4): data plus a step function. `handle()` takes one POST's body and
// the session it belongs to (the caller resolves socket and cookie) and answers what to send back.
// Sockets, cookies and HTTP stay outside, in plugin.ts.
import { randomUUID } from 'node:crypto';
import {
  CwmpEncodeError,
  CwmpParseError,
  cwmpFault,
  decode,
  encode,
  negotiateVersion,
  type AcsMethodRequest,
  type CpeMethodResponse,
  type CwmpEnvelope,
  type CwmpFault,
  type CwmpMessage,
  type CwmpNamespace,
  type DecodedEnvelope,
  type Inform,
} from '@provisor/cwmp';
import type { FastifyBaseLogger } from 'fastify';
import type { DevicesService } from '../devices/service';
import { admission, mayJoin, type CpePrincipal } from './cpe-auth';
import type { LoadShedder } from './load-shedder';
import type { EventBus } from '../live/event-bus';
import type { SettingsService } from '../settings/service';
import { emptyRpcSource, type PendingRpc, type RpcSource, type SessionContext } from './rpc-source';

export interface Session {
  id: string;
  ctx: SessionContext;
  /** Who opened the session: its later messages may ride on it without credentials. */
  principal: CpePrincipal;
  namespace: CwmpNamespace;
  /** `cpe`: the CPE is sending its requests; `acs`: we send ours (after its empty POST). */
  phase: 'cpe' | 'acs';
  pending: { id: string; rpc: PendingRpc } | null;
  rpcCount: number;
  nextId: number;
  lastActivity: number;
  timeoutMs: number;
}

export interface CwmpReply {
  status: number;
  body: string;
  headers: Record<string, string>;
  /** Set when the reply opens a session (the caller binds socket and cookie to it). */
  openedSession?: string;
  /** A 401 that the caller completes with a fresh authentication challenge. */
  challenge?: true;
}

/** One POST of a CPE, as the door resolved it. */
export interface CwmpRequest {
  /** The session its cookie (or, without a cookie, its connection) points to; may be stale. */
  sessionId: string | null;
  /**
   * Who its own credentials prove it is; null when it presented none (or none that hold) and rides
   * on its session.
   */
  principal: CpePrincipal | null;
  remoteAddress: string;
  /** Scheme, host and port by which the CPE reached this server (for file URLs). */
  baseUrl: string;
}

export interface SessionEngineOptions {
  /** RPCs the ACS may send in one session before it ends the session (a runaway job guard). */
  maxRpcsPerSession: number;
  /** Largest CWMP body, in bytes (also enforced on the HTTP body before decompression). */
  maxBodyBytes: number;
  /** Says when new sessions are refused (load-shedder.ts). */
  shedder?: Pick<LoadShedder, 'overloaded' | 'refuse'>;
  now?: () => number;
}

const XML = { 'content-type': 'text/xml; charset="utf-8"' };
const ACS_METHODS = [
  'Inform',
  'GetRPCMethods',
  'TransferComplete',
  'AutonomousTransferComplete',
  'RequestDownload',
  'Kicked',
];
const CPE_RESPONSES = new Set([
  'GetRPCMethodsResponse',
  'SetParameterValuesResponse',
  'GetParameterValuesResponse',
  'GetParameterNamesResponse',
  'SetParameterAttributesResponse',
  'GetParameterAttributesResponse',
  'AddObjectResponse',
  'DeleteObjectResponse',
  'RebootResponse',
  'DownloadResponse',
  'UploadResponse',
  'FactoryResetResponse',
  'ScheduleInformResponse',
  'GetQueuedTransfersResponse',
  'GetAllQueuedTransfersResponse',
  'ScheduleDownloadResponse',
  'CancelTransferResponse',
  'ChangeDUStateResponse',
]);

/** Whether a body holds only whitespace (the empty POST); stops at the first other byte. */
function isBlank(body: Buffer): boolean {
  for (const byte of body) if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return false;
  return true;
}

/** A principal as logs show it (never a password). */
function principalLog(p: CpePrincipal): string {
  return p.kind === 'open'
    ? 'no credentials'
    : p.kind === 'global'
      ? `global user "${p.username}"`
      : `device user "${p.username}"`;
}

export function createSessionEngine(
  deps: { devices: DevicesService; settings: SettingsService; bus: EventBus; log: FastifyBaseLogger },
  options: SessionEngineOptions,
) {
  const now = options.now ?? (() => Date.now());
  const sessions = new Map<string, Session>();
  /** The session of each device in one (a device has at most one: a new Inform replaces it). */
  const byDevice = new Map<string, Session>();
  let source: RpcSource = emptyRpcSource;
  const { log } = deps;

  const soap = (
    namespace: CwmpNamespace | undefined,
    id: string | undefined,
    body: CwmpMessage,
    extra: Record<string, string> = {},
  ): CwmpReply => {
    const envelope: CwmpEnvelope = { header: id === undefined ? {} : { id }, body };
    if (namespace) envelope.namespace = namespace;
    return { status: 200, body: encode(envelope), headers: { ...XML, ...extra } };
  };
  const fault = (namespace: CwmpNamespace | undefined, id: string | undefined, code: number, text: string) =>
    soap(namespace, id, cwmpFault(code, text));
  const plain = (status: number, text: string, headers: Record<string, string> = {}): CwmpReply => ({
    status,
    body: text,
    headers: { 'content-type': 'text/plain; charset=utf-8', ...headers },
  });
  const challenge = (): CwmpReply => ({
    ...plain(401, 'Authentication required.'),
    challenge: true,
  });
  const empty = (close: boolean): CwmpReply => ({
    status: 204,
    body: '',
    headers: close ? { connection: 'close' } : {},
  });

  async function safely(what: string, fn: () => Promise<void> | undefined): Promise<void> {
    try {
      await fn();
    } catch (err) {
      log.error({ err }, `cwmp: ${what} failed`);
    }
  }

  async function end(
    session: Session,
    reason: 'completed' | 'timeout' | 'replaced' | 'rpc-limit',
  ): Promise<void> {
    if (!sessions.delete(session.id)) return;
    if (byDevice.get(session.ctx.deviceId) === session) byDevice.delete(session.ctx.deviceId);
    const pending = session.pending;
    session.pending = null;
    if (pending) {
      const why = reason === 'timeout' ? 'timeout' : reason === 'rpc-limit' ? 'rpc-limit' : 'session-ended';
      await safely('completing an unanswered RPC', () =>
        pending.rpc.complete({ name: 'NoAnswer', reason: why }),
      );
    }
    await safely('ending a session', () => source.onSessionEnd?.(session.ctx, reason));
  }

  async function nextRpc(session: Session): Promise<CwmpReply> {
    session.phase = 'acs';
    for (;;) {
      if (session.rpcCount >= options.maxRpcsPerSession) {
        log.warn(
          { deviceId: session.ctx.deviceId, rpcs: session.rpcCount },
          'cwmp: RPC limit of the session reached; ending it',
        );
        await end(session, 'rpc-limit');
        return empty(true);
      }
      let rpc: PendingRpc | null = null;
      await safely('asking for the next RPC', async () => {
        rpc = await source.next(session.ctx);
      });
      if (!rpc) {
        await end(session, 'completed');
        return empty(true);
      }
      const pendingRpc: PendingRpc = rpc;
      const id = `${session.id.slice(0, 8)}.${++session.nextId}`;
      try {
        const reply = soap(session.namespace, id, pendingRpc.request);
        session.pending = { id, rpc: pendingRpc };
        session.rpcCount += 1;
        return reply;
      } catch (err) {
        // An RPC that cannot be written fails alone; the session moves on to the next one.
        const detail = err instanceof CwmpEncodeError ? err.message : String(err);
        log.error({ err, deviceId: session.ctx.deviceId }, 'cwmp: could not encode an RPC');
        await safely('failing an unencodable RPC', () =>
          pendingRpc.complete(cwmpFault(8002, `Internal error: ${detail}`)),
        );
      }
    }
  }

  async function onInform(env: DecodedEnvelope<Inform>, request: CwmpRequest): Promise<CwmpReply> {
    const { header, body: inform } = env;
    const { remoteAddress, baseUrl } = request;
    const s = deps.settings.get();
    if (sessions.size >= s.server.maxConnections) {
      log.warn({ active: sessions.size }, 'cwmp: too many concurrent sessions; answering 503');
      return plain(503, 'Too many concurrent CWMP sessions; retry later.', {
        'retry-after': '30',
        connection: 'close',
      });
    }
    // An Inform opens a session, whatever session its cookie names: shed before it is recorded.
    if (options.shedder?.overloaded()) return options.shedder.refuse(log);
    // The codec checked the DeviceId (TR-069 A.3.3.1: OUI six hex digits, the others 64 characters).
    const id = inform.deviceId;
    const negotiated = negotiateVersion(env);
    if (!negotiated.ok)
      return fault(env.namespace, header.id, 8006, `ACS version incompatible with CPE: ${negotiated.reason}`);
    // Every Inform proves who sends it, whatever session its cookie or connection points to: the
    // session's credentials were another Inform's.
    let principal = request.principal;
    if (!principal) {
      if (s.cwmp.authRequired) return challenge();
      principal = { kind: 'open' };
    }
    const events = inform.event.map((e) => e.eventCode);
    const identity = {
      oui: id.oui.toUpperCase(),
      productClass: id.productClass,
      serialNumber: id.serialNumber,
    };
    let verdict = admission(principal, null);
    const recorded = await deps.devices.recordInform(
      {
        identity,
        manufacturer: id.manufacturer,
        events,
        parameters: inform.parameterList.map((p) => ({ name: p.name, value: p.raw, type: p.type })),
        remoteAddress,
      },
      (existing) => (verdict = admission(principal, existing)) === 'ok',
    );
    if (!recorded) {
      log.warn(
        { identity, principal: principalLog(principal), remoteAddress, verdict },
        'cwmp: an Inform named a device its credentials do not belong to; refused',
      );
      if (verdict === 'challenge') return challenge();
      return plain(
        403,
        'These credentials do not belong to the device this Inform names. Each router must use its own ' +
          'ACS username and password, or the global ones when it has none of its own.',
        { connection: 'close' },
      );
    }
    const { device } = recorded;
    const cpeTimeout = header.sessionTimeout;
    const session: Session = {
      id: randomUUID(),
      principal,
      ctx: {
        sessionId: '',
        deviceId: device.id,
        serialNumber: device.serialNumber,
        deviceStatus: device.status,
        jobsWaiting: device.jobsWaiting,
        events,
        commandKeys: new Map(
          inform.event.filter((e) => e.commandKey !== '').map((e) => [e.eventCode, e.commandKey]),
        ),
        remoteAddress,
        baseUrl,
      },
      namespace: negotiated.namespace,
      phase: 'cpe',
      pending: null,
      rpcCount: 0,
      nextId: 0,
      lastActivity: now(),
      timeoutMs:
        1000 *
        (cpeTimeout !== undefined && cpeTimeout >= 5 && cpeTimeout <= 3600
          ? cpeTimeout
          : s.cwmp.sessionTimeout),
    };
    session.ctx.sessionId = session.id;
    sessions.set(session.id, session);
    // A device informing again while its old session lives (on another connection) replaces it.
    const old = byDevice.get(device.id);
    if (old) await end(old, 'replaced');
    byDevice.set(device.id, session);
    deps.bus.publish('connection_event', { connected: true, deviceId: device.id, ipAddress: remoteAddress });
    const response: CwmpEnvelope = {
      namespace: negotiated.namespace,
      header: {
        ...(header.id !== undefined ? { id: header.id } : {}),
        ...(negotiated.useCwmpVersion ? { useCwmpVersion: negotiated.useCwmpVersion } : {}),
      },
      body: { name: 'InformResponse', maxEnvelopes: 1 },
    };
    await safely('starting a session', () => source.onSessionStart?.(session.ctx));
    return { status: 200, body: encode(response), headers: { ...XML }, openedSession: session.id };
  }

  async function onCpeRequest(
    session: Session,
    env: DecodedEnvelope,
    msg: AcsMethodRequest,
  ): Promise<CwmpReply> {
    let answer: CwmpMessage;
    switch (msg.name) {
      case 'TransferComplete':
        answer = { name: 'TransferCompleteResponse' };
        break;
      case 'AutonomousTransferComplete':
        answer = { name: 'AutonomousTransferCompleteResponse' };
        break;
      case 'GetRPCMethods':
        answer = { name: 'GetRPCMethodsResponse', methodList: ACS_METHODS };
        break;
      case 'RequestDownload':
        answer = { name: 'RequestDownloadResponse' };
        break;
      case 'Kicked':
        answer = { name: 'KickedResponse', nextUrl: msg.next };
        break;
      default:
        return fault(session.namespace, env.header.id, 8000, `Method not supported: ${msg.name}`);
    }
    await safely(`handling ${msg.name}`, () => source.onCpeRequest?.(session.ctx, msg));
    return soap(session.namespace, env.header.id, answer);
  }

  async function onAnswer(
    session: Session,
    env: DecodedEnvelope,
    answer: CpeMethodResponse | CwmpFault,
  ): Promise<CwmpReply> {
    const pending = session.pending;
    if (!pending) {
      log.warn(
        { deviceId: session.ctx.deviceId, message: answer.name },
        'cwmp: an answer arrived with no RPC outstanding',
      );
      return nextRpc(session);
    }
    if (env.header.id !== undefined && env.header.id !== pending.id) {
      log.warn(
        { expected: pending.id, got: env.header.id },
        'cwmp: answer with another cwmp:ID; taking it as the answer',
      );
    }
    session.pending = null;
    await safely(`completing ${pending.rpc.request.name}`, () => pending.rpc.complete(answer));
    return nextRpc(session);
  }

  return {
    setRpcSource(next: RpcSource): void {
      source = next;
    },
    session(id: string | null | undefined): Session | undefined {
      return id ? sessions.get(id) : undefined;
    },
    activeSessions: () => sessions.size,
    /** Whether the device is in a session now (no connection request is needed then). */
    inSession(deviceId: string): boolean {
      return byDevice.has(deviceId);
    },
    /** A job was created for the device: if it is in a session, that session runs it. */
    jobsArrived(deviceId: string): void {
      const session = byDevice.get(deviceId);
      if (session) session.ctx.jobsWaiting = true;
    },

    /** Whether the session waits for the answer to an RPC (the only large message a CPE sends). */
    awaitsAnswer(sessionId: string | null): boolean {
      return sessionId !== null && sessions.get(sessionId)?.pending != null;
    },

    /** One POST of a CPE. */
    async handle(body: Buffer, request: CwmpRequest): Promise<CwmpReply> {
      const { sessionId, remoteAddress } = request;
      const session = sessionId ? sessions.get(sessionId) : undefined;
      // Credentials of another router than the session's own (a proxy's shared connection) do not
      // ride on it.
      if (session && request.principal && !mayJoin(session.principal, request.principal)) {
        log.warn(
          { deviceId: session.ctx.deviceId, principal: principalLog(request.principal), remoteAddress },
          "cwmp: a request with another router's credentials named this session; refused",
        );
        return plain(403, 'These credentials do not belong to the router of this CWMP session.', {
          connection: 'close',
        });
      }
      if (session) session.lastActivity = now();
      if (isBlank(body)) {
        // cwmp-reference §4: the empty POST ends the CPE's requests; with no session it gets 204.
        if (!session) return empty(true);
        if (session.pending) {
          log.warn(
            { deviceId: session.ctx.deviceId },
            'cwmp: empty POST while an RPC was outstanding; ending the session',
          );
          await end(session, 'completed');
          return empty(true);
        }
        return nextRpc(session);
      }
      let env: DecodedEnvelope;
      try {
        env = decode(body, { maxBytes: options.maxBodyBytes }).envelope;
      } catch (err) {
        if (!(err instanceof CwmpParseError)) throw err;
        const ns = err.context.namespace as CwmpNamespace | undefined;
        switch (err.code) {
          case 'CWMP_ERR_UNKNOWN_METHOD':
            return fault(
              ns,
              err.context.id,
              8000,
              `Method not supported: ${err.context.method ?? 'unknown'}`,
            );
          case 'CWMP_ERR_MISSING_ELEMENT':
          case 'CWMP_ERR_INVALID_VALUE':
            return fault(ns, err.context.id, 8003, `Invalid arguments: ${err.message}`);
          case 'CWMP_ERR_INPUT_TOO_LARGE':
            return plain(413, `The CWMP message is larger than ${options.maxBodyBytes} bytes.`);
          case 'CWMP_ERR_ENCODING':
            return plain(415, `Unreadable character encoding: ${err.message}`);
          case 'CWMP_ERR_DEPTH_LIMIT':
          case 'CWMP_ERR_ELEMENT_LIMIT':
          case 'CWMP_ERR_TEXT_LIMIT':
          case 'CWMP_ERR_NAME_LIMIT':
          case 'CWMP_ERR_ATTRIBUTE_LIMIT':
          case 'CWMP_ERR_NAMESPACE_LIMIT':
            log.warn({ code: err.code, remoteAddress }, 'cwmp: message over a decoding limit');
            return plain(400, `The CWMP message exceeds a decoding limit of this ACS: ${err.message}`);
          default:
            log.warn({ code: err.code, remoteAddress }, 'cwmp: unreadable message');
            return plain(400, `Not a CWMP SOAP envelope (${err.code}): ${err.message}`);
        }
      }
      const { header, body: msg } = env;
      // cwmp-reference §4 guard rules: headers a CPE must never send, or only with an Inform.
      if (header.holdRequests !== undefined || header.useCwmpVersion !== undefined) {
        return fault(
          env.namespace,
          header.id,
          8003,
          'Invalid arguments: HoldRequests and UseCWMPVersion are ACS-only headers',
        );
      }
      if (msg.name === 'Inform') return onInform(env as DecodedEnvelope<Inform>, request);
      if (header.sessionTimeout !== undefined || header.supportedCwmpVersions !== undefined) {
        return fault(
          env.namespace,
          header.id,
          8003,
          'Invalid arguments: SessionTimeout and SupportedCWMPVersions belong in an Inform',
        );
      }
      if (!session) {
        return soap(env.namespace, header.id, {
          ...cwmpFault(8001, 'Request denied: a CWMP session starts with an Inform'),
          soapFaultCode: 'Server',
        });
      }
      if (msg.name === 'Fault' || CPE_RESPONSES.has(msg.name))
        return onAnswer(session, env, msg as CpeMethodResponse | CwmpFault);
      return onCpeRequest(session, env, msg as AcsMethodRequest);
    },

    /** Ends sessions idle past their timeout (cwmp-reference §4.6); answers how many. */
    async sweep(): Promise<number> {
      const t = now();
      const expired = [...sessions.values()].filter((s) => t - s.lastActivity > s.timeoutMs);
      for (const s of expired) {
        log.info({ deviceId: s.ctx.deviceId }, 'cwmp: session timed out');
        await end(s, 'timeout');
      }
      return expired.length;
    },

    async closeAll(): Promise<void> {
      for (const s of [...sessions.values()]) await end(s, 'timeout');
    },
  };
}

export type SessionEngine = ReturnType<typeof createSessionEngine>;
