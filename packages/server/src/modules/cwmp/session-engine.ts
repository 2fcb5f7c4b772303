// The shell around the session step function (session/step.ts): it keeps the sessions of this
// process (plain data, by id and by device), steps them, and runs their effects: the device
// inventory records Informs, the job side hands out RPCs and takes answers, the bus tells the
// console. Each effect's outcome goes back into the step as an input. An effect that throws ends the
// session as failed (HTTP 500, or 503 while the database is unavailable) and gives its RPC's job back:
// never a silent "completed". Sockets, cookies and HTTP stay outside, in plugin.ts.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../../db/unavailable';
import type { DevicesService } from '../devices/index';
import type { JobEngine } from '../jobs/index';
import type { EventBus } from '../live/index';
import type { SettingsService } from '../settings/index';
import { admission, mayJoin, type CpePrincipal } from './cpe-auth';
import type { LoadShedder } from './load-shedder';
import { step } from './session/step';
import type { CwmpReply, SessionEffect, SessionInput, SessionState, StepEnv } from './session/types';

export type { CwmpReply } from './session/types';

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
  /** The session its cookie named, when this process does not hold it. */
  stale?: string;
}

/** What the session asks of the job side (jobs/engine.ts; tests of the door may bring their own). */
export type JobSide = Pick<
  JobEngine,
  'sessionStarted' | 'nextRpc' | 'answered' | 'unanswered' | 'transferComplete'
>;

export interface SessionEngineOptions {
  /** RPCs the ACS may send in one session before it ends the session (a runaway job guard). */
  maxRpcsPerSession: number;
  /** The longest SessionTimeout a router may ask for beyond the settings' timeout, in seconds. */
  maxCpeSessionTimeoutSeconds: number;
  /** Largest CWMP body, in bytes (also enforced on the HTTP body before decompression). */
  maxBodyBytes: number;
  /** Says when new sessions are refused (load-shedder.ts). */
  shedder?: Pick<LoadShedder, 'overloaded' | 'refuse'>;
  now?: () => number;
  /** Told what sessions do, for /metrics (stats/metrics.ts); in memory only, never a statement. */
  observer?: SessionObserver;
  /** A session of this process ended (room at the door: jobs/wake.ts wakes the next device). */
  onSessionClosed?: () => void;
}

export interface SessionObserver {
  /** An Inform was recorded or refused, taking this long. */
  inform(seconds: number, outcome: 'recorded' | 'refused'): void;
  /** The router answered an RPC of ours (or faulted) this long after it was sent. */
  rpc(method: string, seconds: number, outcome: 'answered' | 'fault'): void;
  /** A session that opened (its device known) ended, this long after its Inform was recorded. */
  sessionEnded(seconds: number): void;
}

/** An input being handled; its promise is made only for whoever waits for it. */
interface Handling {
  done?: Promise<void>;
  release?: () => void;
}

function finished(h: Handling): Promise<void> {
  h.done ??= new Promise<void>((resolve) => (h.release = resolve));
  return h.done;
}

export function createSessionEngine(
  deps: {
    devices: DevicesService;
    settings: SettingsService;
    bus: EventBus;
    jobs: JobSide;
    log: FastifyBaseLogger;
  },
  options: SessionEngineOptions,
) {
  const now = options.now ?? (() => Date.now());
  const { devices, jobs, bus, log } = deps;
  const sessions = new Map<string, SessionState>();
  /** When each session's outstanding RPC was handed out (for the RPC latency of /metrics). */
  const rpcSentAt = new Map<string, number>();
  /** When each session's Inform was recorded (for the session-duration histogram of /metrics). */
  const sessionOpenedAt = new Map<string, number>();
  const observer = options.observer;
  /** The session of each device (a device has at most one: a new Inform replaces it). */
  const byDevice = new Map<string, string>();
  /**
   * Sessions with an input being handled (a message, or an ending), until its effects have run: an
   * ending from outside (a replacement) waits for it, and the timeout sweep and `left` pass it by.
   */
  const handling = new Map<string, Handling>();
  /** Sessions a new Inform of their device replaces, once their message is handled. */
  const replacing = new Set<string>();

  /** Once the session's input being handled has run (at most `ms`). */
  async function settled(id: string, ms: number): Promise<void> {
    if (!handling.has(id)) return;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((r) => (timer = setTimeout(r, ms)));
    try {
      for (let busy = handling.get(id); busy; busy = handling.get(id))
        if ((await Promise.race([finished(busy).then(() => true), limit.then(() => false)])) === false)
          return;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The session leaves this process's maps (once; room at the door when it was held). */
  function forget(id: string, deviceId: string | undefined): void {
    const held = sessions.delete(id);
    if (deviceId !== undefined && byDevice.get(deviceId) === id) byDevice.delete(deviceId);
    if (held) options.onSessionClosed?.();
  }

  function env(): StepEnv {
    const s = deps.settings.get();
    return {
      now: now(),
      authRequired: s.cwmp.authRequired,
      sessionTimeoutSeconds: s.cwmp.sessionTimeout,
      maxCpeSessionTimeoutSeconds: options.maxCpeSessionTimeoutSeconds,
      maxRpcsPerSession: options.maxRpcsPerSession,
      maxBodyBytes: options.maxBodyBytes,
      openSessions: sessions.size,
      maxSessions: s.server.maxConnections,
      overloaded: options.shedder?.overloaded() ?? false,
      newSessionId: randomUUID,
      random: Math.random(),
    };
  }

  const facts = (s: SessionState) => ({
    sessionId: s.id,
    firstInform: s.firstInform === true,
    deviceId: s.deviceId,
    deviceStatus: s.deviceStatus,
    jobsWaiting: s.jobsWaiting,
    ...(s.device ? { device: s.device } : {}),
    events: s.events,
    commandKeys: s.commandKeys,
    ...(s.parameterKey !== undefined ? { parameterKey: s.parameterKey } : {}),
    baseUrl: s.baseUrl,
    ...(s.toStart ? { toStart: s.toStart } : {}),
  });

  /** Runs one effect; answers the input it produces, if it produces one. */
  async function run(state: SessionState | null, e: SessionEffect): Promise<SessionInput | null> {
    if (e.kind === 'log') {
      log[e.level](e.data, e.message);
      return null;
    }
    if (e.kind === 'shed') {
      options.shedder?.refuse(log);
      return null;
    }
    if (!state) throw new Error(`cwmp: the effect ${e.kind} needs a session`);
    const s = state;
    switch (e.kind) {
      case 'record-inform': {
        const informStarted = performance.now();
        let verdict = 'ok' as ReturnType<typeof admission>;
        const recorded = await devices.recordInform(
          {
            identity: e.identity,
            manufacturer: e.manufacturer,
            events: e.events,
            parameters: e.parameters,
            remoteAddress: e.remoteAddress,
            principalDevice: e.principal.kind === 'device' ? e.principal.deviceId : null,
          },
          (existing) => (verdict = admission(e.principal, existing)) === 'ok',
        );
        observer?.inform((performance.now() - informStarted) / 1000, recorded ? 'recorded' : 'refused');
        if (observer && recorded) sessionOpenedAt.set(s.id, informStarted);
        if (!recorded)
          return { kind: 'inform-refused', verdict: verdict === 'challenge' ? 'challenge' : 'forbidden' };
        const { device, created } = recorded;
        return {
          kind: 'inform-recorded',
          device: {
            id: device.id,
            status: device.status,
            jobsWaiting: device.jobsWaiting,
            created,
            facts: {
              serialNumber: device.serialNumber,
              connectionRequestCredentials: device.connectionRequestCredentials,
              root: device.root,
            },
          },
        };
      }
      case 'opened': {
        // A device informing again while its old session lives (on another connection) replaces it:
        // the device's session is this one from now (a third Inform meanwhile replaces this one).
        const old = byDevice.get(s.deviceId);
        byDevice.set(s.deviceId, s.id);
        if (old !== undefined && old !== s.id) {
          // Its message being handled (an answer, say) finishes first, without starting another job
          // (next-rpc): ended meanwhile, the session would be stored again by that message's next
          // step, outside byDevice. At most for the old session's timeout.
          replacing.add(old);
          try {
            await settled(old, sessions.get(old)?.timeoutMs ?? 0);
            await drive(old, { kind: 'replaced' });
          } finally {
            replacing.delete(old);
          }
        }
        bus.publish('connection_event', {
          connected: true,
          deviceId: s.deviceId,
          ipAddress: s.remoteAddress,
        });
        return null;
      }
      case 'start-jobs':
        return { kind: 'started', ...(await jobs.sessionStarted(facts(s))) };
      case 'transfer-complete':
        await jobs.transferComplete(facts(s), e.request);
        return { kind: 'cpe-request-done' };
      case 'next-rpc': {
        // A session being replaced starts no other job: it ends (204) as the router left it.
        if (replacing.has(s.id)) return { kind: 'rpc-ready', rpc: null };
        const rpc = await jobs.nextRpc(facts(s));
        if (observer && rpc) rpcSentAt.set(s.id, performance.now());
        return { kind: 'rpc-ready', rpc };
      }
      case 'answer': {
        const sentAt = rpcSentAt.get(s.id);
        if (observer && sentAt !== undefined) {
          rpcSentAt.delete(s.id);
          observer.rpc(
            s.pending?.request.name ?? 'unknown',
            (performance.now() - sentAt) / 1000,
            e.answer.name === 'Fault' ? 'fault' : 'answered',
          );
        }
        const { rpc, settled } = await jobs.answered(facts(s), e.jobId, e.answer);
        if (observer && rpc) rpcSentAt.set(s.id, performance.now());
        return { kind: 'answer-recorded', rpc, ...(settled ? { settled: true } : {}) };
      }
      case 'unanswered':
        await jobs.unanswered(e.jobId, e.reason, s.id);
        return null;
      case 'closed': {
        forget(s.id, s.deviceId);
        rpcSentAt.delete(s.id);
        // The end of a session that opened (its device known): from memory, no statement.
        const openedAt = sessionOpenedAt.get(s.id);
        sessionOpenedAt.delete(s.id);
        if (s.deviceId && openedAt !== undefined)
          observer?.sessionEnded((performance.now() - openedAt) / 1000);
        if (s.deviceId)
          bus.publish('connection_event', {
            connected: false,
            deviceId: s.deviceId,
            ipAddress: s.remoteAddress,
          });
        return null;
      }
    }
  }

  /**
   * Steps a session with one input and runs the effects until a reply is due. `named` is the
   * session the input names (null: none); the answer is the reply, absent for inputs that are not
   * a POST.
   */
  async function drive(named: string | null, input: SessionInput): Promise<CwmpReply | undefined> {
    const handled: Handling = {};
    /** Sessions this input stored (a new one among them): forgotten unless still open at the end. */
    const touched = new Set<string>();
    try {
      return await driveWith(named, input, touched, handled);
    } finally {
      for (const id of touched) if (handling.get(id) === handled) handling.delete(id);
      handled.release?.();
    }
  }

  async function driveWith(
    named: string | null,
    input: SessionInput,
    touched: Set<string>,
    handled: Handling,
  ): Promise<CwmpReply | undefined> {
    let result = step(named !== null ? (sessions.get(named) ?? null) : null, input, env());
    let failure: unknown;
    for (;;) {
      const state = result.state;
      if (state && state.phase !== 'ended') {
        // The session as it stands is visible to other requests while its effects run (they find it
        // busy), and to jobsArrived (which marks it).
        sessions.set(state.id, state);
        touched.add(state.id);
        if (!handling.has(state.id)) handling.set(state.id, handled);
      } else if (state) {
        // An ending session leaves at once, before its cleanup (its job's release) runs: a message of
        // it that comes meanwhile finds no session here (204), and is never run in it after its end.
        forget(state.id, state.deviceId);
      }
      let next: SessionInput | null = null;
      for (const effect of result.effects) {
        try {
          const produced = await run(state, effect);
          if (produced) next = produced;
        } catch (err) {
          // Cleanup of an ending session is best effort: it ends regardless (its job is recovered
          // by the next session or the next start).
          if (!state || state.phase === 'ended') {
            log.error({ err, effect: effect.kind }, 'cwmp: cleaning up a session failed');
            continue;
          }
          failure = err;
          next = { kind: 'effect-failed', effect: effect.kind, error: (err as Error).message };
          break;
        }
      }
      if (!next || !state) break;
      // The stored state is the latest (jobsArrived may have marked it meanwhile).
      result = step(sessions.get(state.id) ?? state, next, env());
    }
    const open = result.state && result.state.phase !== 'ended' ? result.state.id : null;
    for (const id of touched) if (id !== open) forget(id, sessions.get(id)?.deviceId);
    // A database that is down answers 503 with Retry-After, as the API does (db/unavailable.ts).
    if (failure !== undefined && isDatabaseUnavailable(failure)) throw failure;
    return result.reply;
  }

  return {
    /** The session with this id, if it is open in this process. */
    session(id: string | null | undefined): SessionState | undefined {
      return id ? sessions.get(id) : undefined;
    },
    activeSessions: () => sessions.size,
    /** Whether the device is in a session now (no connection request is needed then). */
    inSession(deviceId: string): boolean {
      return byDevice.has(deviceId);
    },
    /** A job was created for the device: if it is in a session, that session runs it. */
    jobsArrived(deviceId: string): void {
      const id = byDevice.get(deviceId);
      const s = id !== undefined ? sessions.get(id) : undefined;
      if (s) sessions.set(s.id, step(s, { kind: 'jobs-arrived' }, env()).state!);
    },
    /** Whether the session waits for the answer to an RPC (the only large message a CPE sends). */
    awaitsAnswer(sessionId: string | null): boolean {
      return sessionId !== null && sessions.get(sessionId)?.phase === 'rpc-sent';
    },

    /** One POST of a CPE. */
    async handle(body: Buffer, request: CwmpRequest): Promise<CwmpReply> {
      const reply = await drive(request.sessionId, {
        kind: 'post',
        body,
        principal: request.principal,
        remoteAddress: request.remoteAddress,
        baseUrl: request.baseUrl,
        ...(request.stale !== undefined ? { stale: true } : {}),
      });
      // Every POST gets a reply (step.ts answers each one); this guards the invariant.
      if (!reply) throw new Error('cwmp: a POST was stepped without a reply');
      // The router went on here with a session another process holds: that process ends it now.
      if (request.stale !== undefined && request.principal)
        bus.signal('cwmp_session_left', { sessionId: request.stale, principal: request.principal });
      return reply;
    },

    /**
     * The router of a session held here went on with another process (cwmp_session_left): its
     * message named this session there, which ended it (204) or opened a new one. The session ends
     * now, not at its timeout, and the job whose RPC was out waits for the router's evidence
     * (jobs/engine.ts). Only if `principal` may speak for the session (as for its own messages), and
     * while it waits for the router: a session busy with a message is left to its timeout.
     */
    async left(sessionId: string, principal: CpePrincipal): Promise<boolean> {
      const s = sessions.get(sessionId);
      if (!s || !mayJoin(s.principal, principal) || s.cpeRequest || handling.has(sessionId)) return false;
      if (s.phase !== 'cpe-requests' && s.phase !== 'rpc-sent') return false;
      await drive(sessionId, { kind: 'left' });
      return true;
    },

    /** Ends sessions idle past their timeout (TR-069 Amendment 6, 3.7.2); answers how many. */
    async sweep(): Promise<number> {
      // A session whose message is being handled is not idle: a later sweep looks again.
      const idle = (s: SessionState | undefined) =>
        s !== undefined && now() - s.lastActivity > s.timeoutMs && !handling.has(s.id);
      let ended = 0;
      for (const s of [...sessions.values()].filter(idle)) {
        // Each as it stands now: the ones before it took a while.
        if (!idle(sessions.get(s.id))) continue;
        await drive(s.id, { kind: 'timeout' });
        ended++;
      }
      return ended;
    },

    async closeAll(): Promise<void> {
      for (const s of [...sessions.values()]) {
        // A message being handled finishes first (at most 5 s), as for a replacement.
        await settled(s.id, 5000);
        await drive(s.id, { kind: 'timeout' });
      }
    },
  };
}

export type SessionEngine = ReturnType<typeof createSessionEngine>;
