// The data of a CWMP session as the ACS keeps it (TR-069 Amendment 6, 3.7 and A.3): its state,
// the inputs that move it, the effects it asks for and the replies it gives. All plain data: the
// state serialises to JSON, so a session could be kept in a database and continued elsewhere.
import type {
  CpeMethodRequest,
  CpeMethodResponse,
  CwmpFault,
  CwmpNamespace,
  TransferComplete,
} from '@provisor/cwmp';
import type { JobRow } from '../../../db/tables/jobs';
import type { CpePrincipal } from '../cpe-auth';

/**
 * - `admitting`: the Inform is being recorded (the device's own record decides whether its
 *   credentials hold); no reply yet.
 * - `starting`: recorded; the job side sees the Inform (jobs waiting for a reboot) before it is
 *   answered.
 * - `cpe-requests`: InformResponse sent; the CPE sends its requests (TransferComplete...) until its
 *   empty POST (TR-069 Amendment 6, 3.7.2: the CPE holds the turn first).
 * - `asking`: the job side is asked for the next RPC.
 * - `rpc-sent`: an RPC of ours awaits the CPE's answer.
 * - `ended`: over; the session is forgotten.
 */
export type SessionPhase = 'admitting' | 'starting' | 'cpe-requests' | 'asking' | 'rpc-sent' | 'ended';

export type EndReason = 'completed' | 'timeout' | 'replaced' | 'left' | 'rpc-limit' | 'failed';

export interface InformEventFacts {
  /** Event codes of the Inform that opened the session. */
  events: string[];
  /** CommandKeys by event code (`M Reboot` -> key). */
  commandKeys: Record<string, string>;
  /** The ParameterKey the Inform reported (ManagementServer.ParameterKey), when it did. */
  parameterKey?: string;
}

export interface SessionState extends InformEventFacts {
  id: string;
  phase: SessionPhase;
  /** Who opened the session: its later messages may ride on it without credentials. */
  principal: CpePrincipal;
  namespace: CwmpNamespace;
  /** The Inform's cwmp:ID, echoed in the InformResponse. */
  informId?: string;
  /** UseCWMPVersion for the InformResponse, when the CPE offered a choice (3.7.4 negotiation). */
  useCwmpVersion?: string;
  /** Set once the Inform is recorded. */
  deviceId: string;
  deviceStatus: string;
  /** Whether jobs may wait for the device (see jobs/engine.ts SessionFacts). */
  jobsWaiting: boolean;
  /**
   * A job was created for the device since the session opened, or since the answer being recorded
   * went to the job side: the job side's read of the jobs may have come too early to see it, so the
   * session does not take that read's word (toStart, RpcReady.settled) and asks again.
   */
  jobsArrived?: boolean;
  /**
   * The job the job side found to start when the session started (jobs/engine.ts SessionStart),
   * kept for its first ask only, and dropped when a job arrives before it.
   */
  toStart?: JobRow;
  /** The Inform created the device: its first ever to this ACS. */
  firstInform?: boolean;
  /** What the Inform's record knew of the device, for the jobs made at its start (RecordedDevice). */
  device?: InformedFacts;
  remoteAddress: string;
  baseUrl: string;
  /** The RPC of ours awaiting an answer, with the cwmp:ID it was sent with. */
  pending: { id: string; jobId: string; request: CpeMethodRequest } | null;
  /** The CPE request being handled while an effect runs (its answer waits for the outcome). */
  cpeRequest?: { id?: string; name: string };
  rpcCount: number;
  nextId: number;
  lastActivity: number;
  timeoutMs: number;
  endReason?: EndReason;
}

/** What the shell knows when it steps a session (read from settings and the process). */
export interface StepEnv {
  now: number;
  authRequired: boolean;
  /** Session timeout in seconds when the CPE asks for none (the SessionTimeout header, 3.5). */
  sessionTimeoutSeconds: number;
  /**
   * The longest wait a router may ask for with its SessionTimeout header when the settings give less
   * (PROVISOR_CWMP_MAX_SESSION_TIMEOUT): each open session holds one of the server's places.
   */
  maxCpeSessionTimeoutSeconds: number;
  maxRpcsPerSession: number;
  /** Largest CWMP body, in bytes. */
  maxBodyBytes: number;
  /** Sessions open now and the most allowed. */
  openSessions: number;
  maxSessions: number;
  /** Whether the event loop runs too late for new sessions (load-shedder.ts). */
  overloaded: boolean;
  /** The id for a session this input opens (called only then: most steps open none). */
  newSessionId: () => string;
  /** A number in [0, 1) (spreads the Retry-After of refused sessions). */
  random: number;
}

/** One POST of a CPE, as the door resolved it. */
export interface PostInput {
  kind: 'post';
  body: Buffer;
  /** Who its credentials prove it is; null when it presented none and rides on its session. */
  principal: CpePrincipal | null;
  remoteAddress: string;
  baseUrl: string;
  /** The request named a session (by its cookie) that this process does not hold. */
  stale?: boolean;
}

/**
 * The job side's next RPC: after `next-rpc` (null: nothing more to do), or after `answer` (the same
 * job's next RPC; null: ask for the next job's, unless `settled`).
 */
export interface RpcReady {
  kind: 'rpc-ready' | 'answer-recorded';
  rpc: { jobId: string; request: CpeMethodRequest } | null;
  /**
   * After `answer`: the job finished, and the job side, reading the device's jobs right after, found
   * none left to run in this session (jobs/engine.ts AnswerOutcome): asking would read the same.
   */
  settled?: boolean;
}

/**
 * What recording the Inform learnt of the device that the job side needs at the session's start, so
 * that it need not read the device again (jobs/engine.ts sessionStarted).
 */
export interface InformedFacts {
  serialNumber: string;
  /** Whether the device holds connection-request credentials of ours. */
  connectionRequestCredentials: boolean;
  /** The root of its data model as the Inform named it ('' when it named none). */
  root: string;
}

/** A device as the Inform's record found it. */
export interface RecordedDevice {
  id: string;
  status: string;
  jobsWaiting: boolean;
  /** The Inform created the device. */
  created?: boolean;
  facts?: InformedFacts;
}

export type SessionInput =
  | PostInput
  | { kind: 'inform-recorded'; device: RecordedDevice }
  /** The device's record refused the Inform's credentials (cpe-auth.ts admission). */
  | { kind: 'inform-refused'; verdict: 'challenge' | 'forbidden' }
  | { kind: 'started'; jobsWaiting: boolean; toStart?: JobRow }
  | { kind: 'cpe-request-done' }
  | RpcReady
  /** A job was created for the device during the session. */
  | { kind: 'jobs-arrived' }
  | { kind: 'timeout' }
  /** The device opened another session (another connection); this one gives way. */
  | { kind: 'replaced' }
  /** The router went on with another process (its message named this session there): it is over. */
  | { kind: 'left' }
  /** An effect threw: the session ends as failed, the job it belonged to runs again later. */
  | { kind: 'effect-failed'; effect: SessionEffect['kind']; error: string };

/** What a session asks the shell to do. Effects marked ⇒ produce the input named. */
export type SessionEffect =
  /** ⇒ inform-recorded | inform-refused */
  | {
      kind: 'record-inform';
      principal: CpePrincipal;
      identity: { oui: string; productClass: string; serialNumber: string };
      manufacturer: string;
      events: string[];
      parameters: { name: string; value: string; type: string }[];
      remoteAddress: string;
    }
  /** ⇒ started */
  | { kind: 'start-jobs' }
  /** ⇒ cpe-request-done */
  | { kind: 'transfer-complete'; request: TransferComplete }
  /** ⇒ rpc-ready */
  | { kind: 'next-rpc' }
  /** ⇒ answer-recorded */
  | { kind: 'answer'; jobId: string; answer: CpeMethodResponse | CwmpFault }
  | {
      kind: 'unanswered';
      jobId: string;
      reason: 'timeout' | 'session-ended' | 'rpc-limit' | 'internal-error';
    }
  /** The session is open: it replaces the device's other session, and the console hears of it. */
  | { kind: 'opened' }
  /** A new session was refused for load (load-shedder.ts counts and logs them). */
  | { kind: 'shed' }
  | { kind: 'closed'; reason: EndReason }
  | { kind: 'log'; level: 'info' | 'warn' | 'error'; message: string; data: Record<string, unknown> };

/** The HTTP answer to a POST. */
export interface CwmpReply {
  status: number;
  body: string;
  headers: Record<string, string>;
  /** Set when the reply opens a session (the caller binds socket and cookie to it). */
  openedSession?: string;
  /** A 401 that the caller completes with a fresh authentication challenge. */
  challenge?: true;
}

export interface StepResult {
  /** null: no session (none was named, or the input opened none). */
  state: SessionState | null;
  /** Absent while an effect's outcome is awaited. */
  reply?: CwmpReply;
  effects: SessionEffect[];
}
