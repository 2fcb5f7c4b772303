// One CWMP session from the CPE's side (TR-069 Amendment 6, 3.7), as data plus a step function: the
// caller does the HTTP and feeds each answer in; the step says what to POST next. No sockets here.
//   Inform → InformResponse → CPE requests (TransferComplete…) → empty POST → ACS requests, each
//   answered in the next POST → the ACS's empty answer (204 / empty 200) ends the session.
import { CwmpParseError, decode, encode, namespaceForVersion } from '@provisor/cwmp';
import { cwmpFault, CPE_METHOD_NAMES, CWMP_VERSIONS } from '@provisor/cwmp';
import type {
  AcsMethodRequest,
  CpeMethodRequest,
  CpeMethodResponse,
  CwmpFault,
  CwmpMessage,
  CwmpNamespace,
  CwmpVersion,
  EventStruct,
  Inform,
} from '@provisor/cwmp';

export interface SessionLimits {
  /** Most POSTs in one session; past it the CPE gives up (a looping ACS must not pin it). */
  maxMessages: number;
  /** How often a CPE request is re-sent when the ACS answers fault 8005 (icwmp: 5). */
  maxRetryRequests: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = { maxMessages: 1000, maxRetryRequests: 5 };

export type SessionPhase =
  'awaiting-inform-response' | 'awaiting-request-response' | 'awaiting-acs' | 'done' | 'failed';

export interface SessionState {
  phase: SessionPhase;
  /** cwmp namespace for our messages: the ACS's choice once it answered (TR-069 Amendment 6, 3.7.4). */
  namespace: CwmpNamespace;
  /** The events the Inform carried, delivered once it is answered. */
  events: EventStruct[];
  /** CPE requests still to send (TransferComplete), in order. */
  outbox: AcsMethodRequest[];
  /** The CPE request awaiting its answer, if any. */
  inflight?: AcsMethodRequest;
  retries: number;
  /** TR-069 Amendment 6, 3.5: HoldRequests covers only the next POST. */
  held: boolean;
  nextId: number;
  messages: number;
  error?: string;
}

export type SessionEffect =
  | { kind: 'inform-delivered'; events: EventStruct[] }
  | { kind: 'request-acknowledged'; request: AcsMethodRequest }
  | { kind: 'request-refused'; request: AcsMethodRequest; fault: CwmpFault }
  /** `parameters`: the names a SetParameterValues set (whether or not it faulted). */
  | { kind: 'rpc-served'; name: string; faultCode?: number; parameters?: string[] };

export interface StepResult {
  state: SessionState;
  /** The next POST body ('' = an empty POST); absent when the session is over. */
  post?: string;
  effects: SessionEffect[];
}

/** Executes one ACS request against the device. Synchronous: slow work runs after the session. */
export type RpcServer = (request: CpeMethodRequest) => CpeMethodResponse | CwmpFault;

export interface HttpAnswer {
  status: number;
  body: string;
}

const SUPPORTED: CwmpVersion[] = [...CWMP_VERSIONS];

/** Starts a session: the first POST is always the Inform (TR-069 Amendment 6, A.3.3.1). */
export function startSession(
  inform: Inform,
  outbox: AcsMethodRequest[],
  namespace: CwmpNamespace,
): StepResult {
  const state: SessionState = {
    phase: 'awaiting-inform-response',
    namespace,
    events: inform.event,
    outbox: [...outbox],
    retries: 0,
    held: false,
    nextId: 2,
    messages: 1,
  };
  const post = encode({
    namespace,
    header: { id: '1', supportedCwmpVersions: SUPPORTED },
    body: inform,
  });
  return { state, post, effects: [] };
}

function fail(state: SessionState, error: string): StepResult {
  return { state: { ...state, phase: 'failed', error }, effects: [] };
}

/** After the ACS answered our last message: send a pending CPE request, else an empty POST. */
function sendNextOrEmpty(state: SessionState, effects: SessionEffect[]): StepResult {
  const [next, ...rest] = state.outbox;
  if (next !== undefined && !state.held) {
    const id = String(state.nextId);
    const s = {
      ...state,
      outbox: rest,
      inflight: next,
      nextId: state.nextId + 1,
      phase: 'awaiting-request-response' as const,
    };
    return { state: s, post: encode({ namespace: state.namespace, header: { id }, body: next }), effects };
  }
  return { state: { ...state, phase: 'awaiting-acs', inflight: undefined }, post: '', effects };
}

// The methods an ACS calls on a CPE, from the codec (TR-069 Amendment 6, A.3.2 and A.4.1; the codec
// reads them all; the device answers the ones it does not implement with 9000).
const CPE_METHODS: ReadonlySet<string> = new Set(CPE_METHOD_NAMES);

function isCpeRequest(m: CwmpMessage): m is CpeMethodRequest {
  return CPE_METHODS.has(m.name);
}

export function stepSession(
  state: SessionState,
  answer: HttpAnswer,
  serve: RpcServer,
  limits = DEFAULT_SESSION_LIMITS,
): StepResult {
  if (state.phase === 'done' || state.phase === 'failed') return { state, effects: [] };
  // Any HTTP error status is a failed session, as icwmp treats it.
  if (answer.status !== 200 && answer.status !== 204)
    return fail(state, `ACS answered HTTP ${answer.status}`);
  if (state.messages >= limits.maxMessages) {
    return fail(state, `session exceeded ${limits.maxMessages} messages (limits.maxMessages)`);
  }
  const next = { ...state, messages: state.messages + 1 };
  if (answer.body.trim() === '') {
    // An empty answer: the ACS has no more requests (TR-069 Amendment 6, 3.7.2).
    if (state.phase === 'awaiting-inform-response')
      return fail(state, 'ACS ended the session without an InformResponse');
    if (state.phase === 'awaiting-request-response') {
      return fail(state, `ACS ended the session without answering ${state.inflight?.name ?? 'our request'}`);
    }
    const held = { ...next, held: false };
    if (held.outbox.length > 0) return sendNextOrEmpty(held, []);
    return { state: { ...state, phase: 'done' }, effects: [] };
  }
  let envelope;
  try {
    envelope = decode(answer.body).envelope;
  } catch (e) {
    const err = e as CwmpParseError;
    if (
      e instanceof CwmpParseError &&
      err.code === 'CWMP_ERR_UNKNOWN_METHOD' &&
      state.phase === 'awaiting-acs'
    ) {
      // TR-069 Amendment 6, A.5: an RPC the CPE does not know earns 9000 Method not supported.
      const id = err.context.id;
      const post = encode({
        namespace: state.namespace,
        header: id === undefined ? {} : { id },
        body: cwmpFault(9000),
      });
      return {
        state: { ...next, held: false },
        post,
        effects: [{ kind: 'rpc-served', name: err.context.method ?? 'unknown', faultCode: 9000 }],
      };
    }
    return fail(state, `ACS sent a message the CPE cannot read: ${(e as Error).message}`);
  }
  const msg = envelope.body;
  const held = envelope.header.holdRequests === true;
  if (state.phase === 'awaiting-inform-response') {
    if (msg.name === 'Fault')
      return fail(state, `ACS answered the Inform with fault ${msg.faultCode} ${msg.faultString}`);
    if (msg.name !== 'InformResponse') return fail(state, `ACS answered the Inform with ${msg.name}`);
    // TR-069 Amendment 6, 3.7.4: UseCWMPVersion when present, otherwise the InformResponse's namespace.
    const use = envelope.header.useCwmpVersion;
    const namespace =
      use !== undefined && (CWMP_VERSIONS as readonly string[]).includes(use)
        ? namespaceForVersion(use as CwmpVersion)
        : envelope.namespace;
    return sendNextOrEmpty({ ...next, namespace, held }, [
      { kind: 'inform-delivered', events: state.events },
    ]);
  }
  if (state.phase === 'awaiting-request-response') {
    const request = state.inflight;
    if (request === undefined) return fail(state, 'internal: no request in flight');
    if (msg.name === 'Fault') {
      if (msg.faultCode === 8005 && state.retries < limits.maxRetryRequests) {
        // TR-069 Amendment 6, A.5: 8005 Retry request: send the same request again.
        return sendNextOrEmpty(
          { ...next, outbox: [request, ...state.outbox], retries: state.retries + 1, held },
          [],
        );
      }
      return sendNextOrEmpty({ ...next, held }, [{ kind: 'request-refused', request, fault: msg }]);
    }
    if (msg.name !== `${request.name}Response`)
      return fail(state, `ACS answered ${request.name} with ${msg.name}`);
    return sendNextOrEmpty({ ...next, held, retries: 0 }, [{ kind: 'request-acknowledged', request }]);
  }
  // awaiting-acs: the ACS sends its next request.
  if (!isCpeRequest(msg))
    return fail(state, `ACS sent ${msg.name} where a request or an empty answer was expected`);
  const result = serve(msg);
  const id = envelope.header.id;
  const post = encode({ namespace: state.namespace, header: id === undefined ? {} : { id }, body: result });
  const effect: SessionEffect = {
    kind: 'rpc-served',
    name: msg.name,
    ...(result.name === 'Fault' ? { faultCode: result.faultCode } : {}),
    ...(msg.name === 'SetParameterValues' ? { parameters: msg.parameterList.map((p) => p.name) } : {}),
  };
  return { state: { ...next, held }, post, effects: [effect] };
}
