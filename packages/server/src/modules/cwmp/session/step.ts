// A CWMP session from the ACS's side (TR-069 Amendment 6, 3.7 and A.3), as data plus a step
// function, the way packages/sim/src/session/session.ts is the CPE's: `step(state, input, env)`
// answers the next state, the HTTP reply (when there is one yet) and the effects for the shell to
// run (session-engine.ts): record the Inform, ask the job side for an RPC, hand it an answer, log.
// Effects that produce something come back as inputs. No awaits, no clock, no database here.
//   Inform → (record-inform) → (start-jobs) → InformResponse → CPE requests (TransferComplete…)
//   → empty POST → (next-rpc) → our RPC → its answer → (answer) → next RPC … → 204 ends it.
import {
  CwmpEncodeError,
  CwmpParseError,
  cwmpFault,
  decode,
  encode,
  isAcsMethodRequest,
  isCpeMethodResponse,
  negotiateVersion,
  type AcsMethodRequest,
  type CpeMethodRequest,
  type CwmpEnvelope,
  type CwmpMessage,
  type CwmpNamespace,
  type DecodedEnvelope,
  type Inform,
} from '@provisor/cwmp';
import { mayJoin, type CpePrincipal } from '../cpe-auth';
import { overloadedReply } from '../load-shedder';
import type {
  CwmpReply,
  EndReason,
  PostInput,
  SessionEffect,
  SessionInput,
  SessionState,
  StepEnv,
  StepResult,
} from './types';

const XML = { 'content-type': 'text/xml; charset="utf-8"' };

/** The CPE requests this ACS answers (A.3.1: Inform, TransferComplete, GetRPCMethods are required). */
const ANSWERED = [
  'Inform',
  'GetRPCMethods',
  'TransferComplete',
  'AutonomousTransferComplete',
  'RequestDownload',
  'Kicked',
] as const satisfies AcsMethodRequest['name'][];

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

function soap(
  namespace: CwmpNamespace | undefined,
  id: string | undefined,
  body: CwmpMessage,
  extra: Record<string, string> = {},
): CwmpReply {
  const envelope: CwmpEnvelope = { header: id === undefined ? {} : { id }, body };
  if (namespace) envelope.namespace = namespace;
  return { status: 200, body: encode(envelope), headers: { ...XML, ...extra } };
}
const fault = (namespace: CwmpNamespace | undefined, id: string | undefined, code: number, text: string) =>
  soap(namespace, id, cwmpFault(code, text));
const plain = (status: number, text: string, headers: Record<string, string> = {}): CwmpReply => ({
  status,
  body: text,
  headers: { 'content-type': 'text/plain; charset=utf-8', ...headers },
});
const challenge = (): CwmpReply => ({ ...plain(401, 'Authentication required.'), challenge: true });
const empty = (close: boolean): CwmpReply => ({
  status: 204,
  body: '',
  headers: close ? { connection: 'close' } : {},
});
const log = (
  level: 'info' | 'warn' | 'error',
  message: string,
  data: Record<string, unknown> = {},
): SessionEffect => ({ kind: 'log', level, message: `cwmp: ${message}`, data });

/** A reply with no change to the session. */
const only = (state: SessionState | null, reply: CwmpReply, effects: SessionEffect[] = []): StepResult => ({
  state,
  reply,
  effects,
});

/** Ends the session: its unanswered RPC goes back to its job. */
function end(
  state: SessionState,
  reason: EndReason,
  effects: SessionEffect[] = [],
  reply?: CwmpReply,
): StepResult {
  const out = [...effects];
  if (state.pending) {
    const why =
      reason === 'timeout'
        ? 'timeout'
        : reason === 'rpc-limit'
          ? 'rpc-limit'
          : reason === 'failed'
            ? 'internal-error'
            : 'session-ended';
    out.push({ kind: 'unanswered', jobId: state.pending.jobId, reason: why });
  }
  out.push({ kind: 'closed', reason });
  return {
    state: { ...state, phase: 'ended', pending: null, endReason: reason },
    effects: out,
    ...(reply ? { reply } : {}),
  };
}

/** The session as an answer goes to the job side: jobs that arrive from now on are news to it. */
function answering(state: SessionState): SessionState {
  if (state.jobsArrived === undefined) return state;
  const { jobsArrived: _seen, ...rest } = state;
  return rest;
}

/** The CPE handed us the turn (empty POST) or answered: the next RPC, if the session may send one. */
function ask(state: SessionState, env: StepEnv, effects: SessionEffect[] = []): StepResult {
  if (state.rpcCount >= env.maxRpcsPerSession) {
    return end(
      state,
      'rpc-limit',
      [
        ...effects,
        log('warn', 'RPC limit of the session reached; ending it', {
          deviceId: state.deviceId,
          rpcs: state.rpcCount,
        }),
      ],
      empty(true),
    );
  }
  return { state: { ...state, phase: 'asking', pending: null }, effects: [...effects, { kind: 'next-rpc' }] };
}

/** Fault 8003 (Invalid arguments) for a CPE message the session keeps going after. */
const invalidArguments = (session: SessionState | null, envelope: DecodedEnvelope, why: string) =>
  only(session, fault(envelope.namespace, envelope.header.id, 8003, `Invalid arguments: ${why}`));

/**
 * The seconds to wait for a router's next message: what it asks for (SessionTimeout, 5 s at least),
 * up to the settings' timeout or the process's ceiling for it (120 s by default), whichever is
 * longer; the settings' timeout when it asks for nothing sensible. Each open session holds one of the
 * server's places (the settings' maxConnections) until it ends or times out: a router, or anyone
 * posing as one while CWMP authentication is off, that asked for an hour held its place for an hour.
 */
function sessionTimeoutFor(asked: number | undefined, env: StepEnv): number {
  if (asked === undefined || asked < 5) return env.sessionTimeoutSeconds;
  return Math.min(asked, Math.max(env.sessionTimeoutSeconds, env.maxCpeSessionTimeoutSeconds));
}

/** An Inform opens a session (A.3.3.1), whatever session its cookie names. */
function onInform(env: StepEnv, envelope: DecodedEnvelope<Inform>, input: PostInput): StepResult {
  const { header, body: inform } = envelope;
  if (env.openSessions >= env.maxSessions) {
    return only(
      null,
      plain(503, 'Too many concurrent CWMP sessions; retry later.', {
        // Spread like the overloaded answer's (30 to 60 s), so that the routers refused in a storm
        // do not all come back in the same second.
        'retry-after': overloadedReply(env.random).headers['retry-after'],
        connection: 'close',
      }),
      [log('warn', 'too many concurrent sessions; answering 503', { active: env.openSessions })],
    );
  }
  // Shed before the Inform is recorded.
  if (env.overloaded) return only(null, overloadedReply(env.random), [{ kind: 'shed' }]);
  const negotiated = negotiateVersion(envelope);
  if (!negotiated.ok)
    return only(
      null,
      fault(envelope.namespace, header.id, 8006, `ACS version incompatible with CPE: ${negotiated.reason}`),
    );
  // Every Inform proves who sends it, whatever session its cookie or connection points to.
  let principal = input.principal;
  if (!principal) {
    if (env.authRequired) return only(null, challenge());
    principal = { kind: 'open' };
  }
  const id = inform.deviceId;
  const events = inform.event.map((e) => e.eventCode);
  const cpeTimeout = header.sessionTimeout;
  const state: SessionState = {
    id: env.newSessionId(),
    phase: 'admitting',
    principal,
    namespace: negotiated.namespace,
    ...(header.id !== undefined ? { informId: header.id } : {}),
    ...(negotiated.useCwmpVersion ? { useCwmpVersion: negotiated.useCwmpVersion } : {}),
    deviceId: '',
    deviceStatus: '',
    jobsWaiting: false,
    events,
    commandKeys: Object.fromEntries(
      inform.event.filter((e) => e.commandKey !== '').map((e) => [e.eventCode, e.commandKey]),
    ),
    ...parameterKeyOf(inform),
    remoteAddress: input.remoteAddress,
    baseUrl: input.baseUrl,
    pending: null,
    rpcCount: 0,
    nextId: 0,
    lastActivity: env.now,
    timeoutMs: 1000 * sessionTimeoutFor(cpeTimeout, env),
  };
  return {
    state,
    effects: [
      {
        kind: 'record-inform',
        principal,
        // The codec checked the DeviceId (A.3.3.1: OUI six hex digits, the others 64 characters).
        identity: { oui: id.oui.toUpperCase(), productClass: id.productClass, serialNumber: id.serialNumber },
        manufacturer: id.manufacturer,
        events,
        parameters: inform.parameterList.map((p) => ({ name: p.name, value: p.raw, type: p.type })),
        remoteAddress: input.remoteAddress,
      },
    ],
  };
}

/** A request of the CPE (A.3.3); TransferComplete is answered once the job side has it. */
function onCpeRequest(state: SessionState, envelope: DecodedEnvelope, msg: AcsMethodRequest): StepResult {
  const id = envelope.header.id;
  switch (msg.name) {
    case 'TransferComplete':
      return {
        state: { ...state, cpeRequest: { ...(id !== undefined ? { id } : {}), name: msg.name } },
        effects: [{ kind: 'transfer-complete', request: msg }],
      };
    case 'AutonomousTransferComplete':
      return only(state, soap(state.namespace, id, { name: 'AutonomousTransferCompleteResponse' }));
    case 'GetRPCMethods':
      return only(
        state,
        soap(state.namespace, id, { name: 'GetRPCMethodsResponse', methodList: [...ANSWERED] }),
      );
    case 'RequestDownload':
      return only(state, soap(state.namespace, id, { name: 'RequestDownloadResponse' }));
    case 'Kicked':
      return only(state, soap(state.namespace, id, { name: 'KickedResponse', nextUrl: msg.next }));
    default:
      return only(state, fault(state.namespace, id, 8000, `Method not supported: ${msg.name}`));
  }
}

/** One POST of the CPE. */
function onPost(named: SessionState | null, input: PostInput, env: StepEnv): StepResult {
  // Credentials of another router than the session's own (a proxy's shared connection) do not ride
  // on it.
  if (named && input.principal && !mayJoin(named.principal, input.principal)) {
    return only(
      named,
      plain(403, 'These credentials do not belong to the router of this CWMP session.', {
        connection: 'close',
      }),
      [
        log('warn', "a request with another router's credentials named this session; refused", {
          deviceId: named.deviceId,
          principal: principalLog(input.principal),
          remoteAddress: input.remoteAddress,
        }),
      ],
    );
  }
  const session = named ? { ...named, lastActivity: env.now } : null;
  const busy =
    session &&
    (session.phase === 'admitting' ||
      session.phase === 'starting' ||
      session.phase === 'asking' ||
      session.cpeRequest);
  if (isBlank(input.body)) {
    // TR-069 Amendment 6, 3.7.2: the empty POST ends the CPE's requests; with no session it gets 204.
    if (!session) return only(null, empty(true));
    if (busy)
      return only(session, plain(409, 'The previous message of this CWMP session is still being handled.'));
    if (session.pending) {
      return end(
        session,
        'completed',
        [
          log('warn', 'empty POST while an RPC was outstanding; ending the session', {
            deviceId: session.deviceId,
          }),
        ],
        empty(true),
      );
    }
    return ask(session, env);
  }
  let envelope: DecodedEnvelope;
  try {
    envelope = decode(input.body, { maxBytes: env.maxBodyBytes }).envelope;
  } catch (err) {
    if (!(err instanceof CwmpParseError)) throw err;
    return parseErrorReply(session, err, env, input);
  }
  const { header, body: msg } = envelope;
  // Headers a CPE must never send, or only with an Inform (TR-069 Amendment 6, 3.5 SOAP headers; 3.7.4).
  if (header.holdRequests !== undefined || header.useCwmpVersion !== undefined) {
    return invalidArguments(session, envelope, 'HoldRequests and UseCWMPVersion are ACS-only headers');
  }
  if (msg.name === 'Inform') return onInform(env, envelope as DecodedEnvelope<Inform>, input);
  if (header.sessionTimeout !== undefined || header.supportedCwmpVersions !== undefined) {
    return invalidArguments(
      session,
      envelope,
      'SessionTimeout and SupportedCWMPVersions belong in an Inform',
    );
  }
  // A message of a session this process does not hold (it was another process's, or it timed out):
  // the session ends cleanly and the router opens a new one (TR-069 Amendment 6, 3.7.2.4: the empty
  // HTTP response). Its RPC's job is taken over at that new session (jobs/engine.ts sessionStarted).
  if (!session && input.stale) {
    return only(null, empty(true), [
      log('info', 'a message of a CWMP session this process does not hold; ending it', {
        message: msg.name,
        remoteAddress: input.remoteAddress,
      }),
    ]);
  }
  if (!session) {
    return only(
      null,
      soap(envelope.namespace, header.id, {
        ...cwmpFault(8001, 'Request denied: a CWMP session starts with an Inform'),
        soapFaultCode: 'Server',
      }),
    );
  }
  if (busy)
    return only(session, plain(409, 'The previous message of this CWMP session is still being handled.'));
  if (msg.name === 'Fault' || isCpeMethodResponse(msg)) {
    const pending = session.pending;
    if (!pending) {
      return ask(session, env, [
        log('warn', 'an answer arrived with no RPC outstanding', {
          deviceId: session.deviceId,
          message: msg.name,
        }),
      ]);
    }
    const effects: SessionEffect[] = [];
    if (header.id !== undefined && header.id !== pending.id)
      effects.push(
        log('warn', 'answer with another cwmp:ID; taking it as the answer', {
          expected: pending.id,
          got: header.id,
        }),
      );
    effects.push({ kind: 'answer', jobId: pending.jobId, answer: msg });
    // The RPC stays pending while its answer is recorded: should that fail, its job runs again.
    return { state: { ...answering(session), phase: 'asking' }, effects };
  }
  if (isAcsMethodRequest(msg)) return onCpeRequest(session, envelope, msg);
  return only(session, fault(session.namespace, header.id, 8000, `Method not supported: ${msg.name}`));
}

/** The answer to a message the codec could not read (the session, if any, stays as it was). */
function parseErrorReply(
  session: SessionState | null,
  err: CwmpParseError,
  env: StepEnv,
  input: PostInput,
): StepResult {
  const ns = err.context.namespace as CwmpNamespace | undefined;
  const data = { code: err.code, remoteAddress: input.remoteAddress };
  switch (err.code) {
    case 'CWMP_ERR_UNKNOWN_METHOD':
      return only(
        session,
        fault(ns, err.context.id, 8000, `Method not supported: ${err.context.method ?? 'unknown'}`),
      );
    case 'CWMP_ERR_MISSING_ELEMENT':
    case 'CWMP_ERR_INVALID_VALUE':
      return only(session, fault(ns, err.context.id, 8003, `Invalid arguments: ${err.message}`));
    case 'CWMP_ERR_INPUT_TOO_LARGE':
      return only(session, plain(413, `The CWMP message is larger than ${env.maxBodyBytes} bytes.`));
    case 'CWMP_ERR_ENCODING':
      return only(session, plain(415, `Unreadable character encoding: ${err.message}`));
    case 'CWMP_ERR_DEPTH_LIMIT':
    case 'CWMP_ERR_ELEMENT_LIMIT':
    case 'CWMP_ERR_TEXT_LIMIT':
    case 'CWMP_ERR_NAME_LIMIT':
    case 'CWMP_ERR_ATTRIBUTE_LIMIT':
    case 'CWMP_ERR_NAMESPACE_LIMIT':
      return only(
        session,
        plain(400, `The CWMP message exceeds a decoding limit of this ACS: ${err.message}`),
        [log('warn', 'message over a decoding limit', data)],
      );
    default:
      return only(session, plain(400, `Not a CWMP SOAP envelope (${err.code}): ${err.message}`), [
        log('warn', 'unreadable message', data),
      ]);
  }
}

/** Sends the job side's RPC, or ends the session when there is none. */
function onRpcReady(
  answered: SessionState,
  rpc: { jobId: string; request: CpeMethodRequest } | null,
  env: StepEnv,
): StepResult {
  // The answer of the last RPC is recorded now.
  const state = { ...answered, pending: null };
  if (!rpc) return end(state, 'completed', [], empty(true));
  if (state.rpcCount >= env.maxRpcsPerSession) {
    // A job's next RPC past the limit: it runs again in a later session.
    return end(
      { ...state, pending: { id: '', jobId: rpc.jobId, request: rpc.request } },
      'rpc-limit',
      [
        log('warn', 'RPC limit of the session reached; ending it', {
          deviceId: state.deviceId,
          rpcs: state.rpcCount,
        }),
      ],
      empty(true),
    );
  }
  const id = `${state.id.slice(0, 8)}.${state.nextId + 1}`;
  let reply: CwmpReply;
  try {
    reply = soap(state.namespace, id, rpc.request);
  } catch (err) {
    // An RPC that cannot be written fails alone (8002 as if the device had answered so); the session
    // moves on to the next one.
    const detail = err instanceof CwmpEncodeError ? err.message : String(err);
    return {
      state: { ...answering(state), nextId: state.nextId + 1 },
      effects: [
        log('error', 'could not encode an RPC', { deviceId: state.deviceId, jobId: rpc.jobId, detail }),
        { kind: 'answer', jobId: rpc.jobId, answer: cwmpFault(8002, `Internal error: ${detail}`) },
      ],
    };
  }
  return {
    state: {
      ...state,
      phase: 'rpc-sent',
      pending: { id, jobId: rpc.jobId, request: rpc.request },
      rpcCount: state.rpcCount + 1,
      nextId: state.nextId + 1,
    },
    reply,
    effects: [],
  };
}

function informResponse(state: SessionState): CwmpReply {
  const envelope: CwmpEnvelope = {
    namespace: state.namespace,
    header: {
      ...(state.informId !== undefined ? { id: state.informId } : {}),
      ...(state.useCwmpVersion ? { useCwmpVersion: state.useCwmpVersion } : {}),
    },
    body: { name: 'InformResponse', maxEnvelopes: 1 },
  };
  return { status: 200, body: encode(envelope), headers: { ...XML }, openedSession: state.id };
}

/** The ParameterKey an Inform reports (TR-069 Amendment 6, A.3.3.1: a forced Inform parameter). */
function parameterKeyOf(inform: Inform): { parameterKey?: string } {
  const p = inform.parameterList.find((x) => x.name.endsWith('.ManagementServer.ParameterKey'));
  return p ? { parameterKey: String(p.value ?? '') } : {};
}

/** The session's next state, reply and effects for one input. `state` is null when no session is named. */
export function step(state: SessionState | null, input: SessionInput, env: StepEnv): StepResult {
  if (input.kind === 'post') return onPost(state, input, env);
  if (!state || state.phase === 'ended') return { state, effects: [] };
  switch (input.kind) {
    case 'inform-recorded': {
      const { device } = input;
      return {
        state: {
          ...state,
          phase: 'starting',
          deviceId: device.id,
          deviceStatus: device.status,
          jobsWaiting: device.jobsWaiting,
          ...(device.created ? { firstInform: true } : {}),
          ...(device.facts ? { device: device.facts } : {}),
        },
        effects: [{ kind: 'opened' }, { kind: 'start-jobs' }],
      };
    }
    case 'inform-refused': {
      const effects = [
        log('warn', 'an Inform named a device its credentials do not belong to; refused', {
          principal: principalLog(state.principal),
          remoteAddress: state.remoteAddress,
          verdict: input.verdict,
        }),
      ];
      if (input.verdict === 'challenge') return { state: null, reply: challenge(), effects };
      return {
        state: null,
        reply: plain(
          403,
          'These credentials do not belong to the device this Inform names. Each router must use its own ' +
            'ACS username and password, or the global ones when it has none of its own.',
          { connection: 'close' },
        ),
        effects,
      };
    }
    case 'started':
      return {
        state: {
          ...state,
          phase: 'cpe-requests',
          jobsWaiting: state.jobsWaiting || input.jobsWaiting,
          // Unless a job arrived while the job side looked (it may come first).
          ...(input.toStart && !state.jobsArrived ? { toStart: input.toStart } : {}),
        },
        reply: informResponse(state),
        effects: [],
      };
    case 'cpe-request-done': {
      const { cpeRequest, ...rest } = state;
      return only(rest, soap(state.namespace, cpeRequest?.id, { name: 'TransferCompleteResponse' }));
    }
    case 'rpc-ready': {
      // The job to start was for the first ask only.
      const { toStart: _asked, ...rest } = state;
      return onRpcReady(rest, input.rpc, env);
    }
    case 'answer-recorded': {
      if (input.rpc) return onRpcReady(state, input.rpc, env);
      // The job has no RPC left: the session ends when the job side found no other to run (unless a
      // job arrived after it looked), else the next job's RPC, if any.
      const { jobsArrived, ...rest } = state;
      if (input.settled && !jobsArrived) return onRpcReady(rest, null, env);
      return ask({ ...rest, pending: null }, env);
    }
    case 'jobs-arrived': {
      // A job that arrived may come before the one the job side found to start: it reads them again.
      const { toStart: _stale, ...rest } = state;
      return { state: { ...rest, jobsWaiting: true, jobsArrived: true }, effects: [] };
    }
    case 'timeout':
      return end(state, 'timeout', [log('info', 'session timed out', { deviceId: state.deviceId })]);
    case 'replaced':
      return end(state, 'replaced');
    case 'left':
      return end(state, 'left', [
        log('info', 'the router went on with another process; its session here ends', {
          deviceId: state.deviceId,
        }),
      ]);
    case 'effect-failed': {
      // The CPE sees a failed session (A.3.1: it keeps undelivered events and retries later), never
      // a completed one; the job whose RPC was out runs again.
      const { cpeRequest: _, ...rest } = state;
      return end(
        rest,
        'failed',
        [
          log('error', `${input.effect} failed; ending the session`, {
            deviceId: state.deviceId,
            error: input.error,
          }),
        ],
        plain(500, 'The ACS could not complete this CWMP session; retry later.', { connection: 'close' }),
      );
    }
  }
}
