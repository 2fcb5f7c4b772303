// One in-process bus, the one change signal between modules (ARCHITECTURE.md, data path 7). Two kinds
// of event, told apart by type: live events go to the console over /ws too, and their payloads are
// the API contract's (contract/live.ts, spec §3 "Live message"), so the server and the console cannot
// disagree about one; internal events reach only the modules that handle them, never a console client.
import type { LiveEvents, LiveEventType, LiveMessage } from '../../contract';
import type { DeviceContact } from '../../db/tables/devices';
import type { CpePrincipal } from '../cwmp/index';

export type { LiveEvents, LiveEventType, LiveMessage };

/** Signals between modules; each names a fact its publisher owns. Never sent to the console. */
export interface InternalEvents {
  /** Devices were added or removed, or changed status: the dashboard counts may differ (devices). */
  device_counts_changed: Record<string, never>;
  /**
   * Jobs now wait for these devices: created, retried, or found pending at start (jobs). A session
   * open for one runs them; any other device is woken with a connection request.
   */
  jobs_arrived: { devices: readonly DeviceContact[] };
  /**
   * Something happened to a router that an operator wants in the activity log (devices): first seen,
   * a bootstrap or boot reported in an Inform, turned offline, informed again after being offline.
   */
  device_event: {
    deviceId: string;
    serialNumber: string;
    event: 'first-seen' | 'bootstrapped' | 'booted' | 'offline' | 'back-online';
  };
  /** A connection request was tried, whatever its outcome (services.ts wraps the requester). */
  connection_request_done: { deviceId: string; outcome: string; message: string };
  /**
   * Jobs now wait for these devices, told by another process (modules/cluster relays jobs_arrived
   * as ids): a session open here for one of them runs them.
   */
  device_jobs_arrived: { deviceIds: string[] };
  /**
   * A job wrote the device's PeriodicInformInterval (devices): the process that sweeps for silent
   * devices (the cluster's leader) watches it by the new interval.
   */
  device_interval_changed: { deviceId: string };
  /**
   * A router's message named, by its cookie, a CWMP session its process does not hold (cwmp): the
   * router ended that session there (204) or opened a new one. The process that holds the session
   * ends it at once, if `principal` (the credentials the message came with) may speak for it, rather
   * than at its timeout.
   */
  cwmp_session_left: { sessionId: string; principal: CpePrincipal };
  /** The settings were saved (settings): processes sharing the database read them again. */
  settings_changed: Record<string, never>;
  /** A console session ended (auth): its live sockets close, in every process. */
  token_revoked: { jti: string };
  /** Every sign-in of a user ended (disabled, or a new password): their live sockets close, in every process. */
  user_revoked: { userId: string };
}

export type InternalEventType = keyof InternalEvents;
export type EventType = LiveEventType | InternalEventType;
export type EventPayload<T extends EventType> = T extends LiveEventType
  ? LiveEvents[T]
  : T extends InternalEventType
    ? InternalEvents[T]
    : never;

// A name is live or internal, never both (a compile error here names the one in both lists).
const _namesApart: [Extract<LiveEventType, InternalEventType>] extends [never] ? true : never = true;

type Listener = (message: LiveMessage) => void;
type Handler = (payload: never) => void;

/**
 * What this process published, for the processes that share its database (modules/cluster relays
 * it over PostgreSQL's LISTEN/NOTIFY), and what they published, as received here.
 */
export type BusMessage =
  { kind: 'live'; message: LiveMessage } | { kind: 'signal'; type: InternalEventType; payload: unknown };

export interface EventBusOptions {
  /**
   * Told when a handler throws (the other handlers still run). Without it, the first error is thrown
   * to the publisher once every handler has run.
   */
  onError?: (err: unknown, type: EventType) => void;
}

function liveMessage<T extends LiveEventType>(type: T, payload: LiveEvents[T]): LiveMessage {
  return { type, timestamp: new Date().toISOString(), payload } as LiveMessage;
}

export function createEventBus({ onError }: EventBusOptions = {}) {
  const listeners = new Map<Listener, (() => boolean) | undefined>();
  const handlers = new Map<EventType, Set<Handler>>();
  /** Handlers of what other processes published (never of this process's own events). */
  const remoteHandlers = new Map<EventType, Set<Handler>>();
  let relay: ((m: BusMessage) => void) | null = null;
  let relays: (type: LiveEventType) => boolean = () => true;

  function add(map: Map<EventType, Set<Handler>>, type: EventType, handler: Handler): () => void {
    let set = map.get(type);
    if (!set) map.set(type, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  function deliver<T extends EventType>(
    type: T,
    payload: EventPayload<T>,
    from: Map<EventType, Set<Handler>> = handlers,
  ): void {
    const set = from.get(type);
    if (!set) return;
    let failed: { err: unknown } | null = null;
    for (const handler of set) {
      try {
        (handler as (p: EventPayload<T>) => void)(payload);
      } catch (err) {
        if (onError) onError(err, type);
        else failed ??= { err };
      }
    }
    if (failed) throw failed.err;
  }

  return {
    /** A live event: to every console client (subscribe, the /ws channel) and to its handlers. */
    publish<T extends LiveEventType>(type: T, payload: LiveEvents[T]): void {
      // Built only for someone who reads it: most sessions' events reach no console.
      // (No closure for it: run under tsx, every named closure made costs a defineProperty.)
      let message: LiveMessage | undefined;
      for (const [listener, listening] of listeners)
        if (!listening || listening()) listener((message ??= liveMessage(type, payload)));
      if (relay && relays(type)) relay({ kind: 'live', message: message ?? liveMessage(type, payload) });
      deliver(type, payload as EventPayload<T>);
    },
    /** An internal event: to its handlers only. */
    signal<T extends InternalEventType>(type: T, payload: InternalEvents[T]): void {
      relay?.({ kind: 'signal', type, payload });
      deliver(type, payload as EventPayload<T>);
    },
    /** Handles one type of event, live or internal; answers the function that stops it. */
    on<T extends EventType>(type: T, handler: (payload: EventPayload<T>) => void): () => void {
      return add(handlers, type, handler as Handler);
    },
    /**
     * Handles one type of event published by another process (see `receive`): only what this
     * process must do for the cluster's events (mark a session of its own, read the settings again),
     * never what the publishing process did already (write the activity log, wake the device).
     */
    onRemote<T extends EventType>(type: T, handler: (payload: EventPayload<T>) => void): () => void {
      return add(remoteHandlers, type, handler as Handler);
    },
    /**
     * Hands every event this process publishes to `r` too (one relay; modules/cluster); a live
     * event only when `takes` answers true for its type (none is built otherwise).
     */
    relayTo(r: ((m: BusMessage) => void) | null, takes: (type: LiveEventType) => boolean = () => true): void {
      relay = r;
      relays = takes;
    },
    /** An event another process published: to the console clients here if live, and to onRemote handlers. */
    receive(m: BusMessage): void {
      if (m.kind === 'live') {
        for (const [listener, listening] of listeners) if (!listening || listening()) listener(m.message);
        deliver(m.message.type, m.message.payload as EventPayload<LiveEventType>, remoteHandlers);
      } else deliver(m.type, m.payload as EventPayload<InternalEventType>, remoteHandlers);
    },
    /**
     * Every live message, as the console receives it (internal events never come here); with
     * `listening`, only while it answers true (no message is built for a listener with nobody behind it).
     */
    subscribe(listener: Listener, listening?: () => boolean): () => void {
      listeners.set(listener, listening);
      return () => listeners.delete(listener);
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
