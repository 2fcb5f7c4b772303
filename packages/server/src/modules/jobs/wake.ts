// Waking devices for new jobs with a connection request (TR-069 Amendment 6, 3.2.2). Not while the device
// is in a session (its session picks the jobs up). A request refused by the per-device rate limit is
// tried again once the interval has passed, once per device, if jobs are still waiting by then.
// A bulk call wakes its devices by the thousand: they wait here as data (one entry per device, a
// device asked twice is woken once) and at most `maxInFlight` requests are handed to the requester at
// a time, so 100,000 wakes hold 100,000 small entries, not 100,000 pending promises and closures.
// Nor does it wake more devices than the CWMP door has room for (the setting server.maxConnections,
// less the sessions open and the devices woken that have not begun theirs): a router woken beyond it
// would have its session refused with 503, and routers retry a refused session only after their
// session retry wait (5 to 10 s at first, TR-069 Amendment 6, 3.2.1.1), or after Retry-After.
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceContact } from '../../db/tables/devices';
import { connectionTarget, type ConnectionRequester } from '../cwmp/index';
import type { SettingsService } from '../settings/index';

export interface WakerDeps {
  settings: SettingsService;
  connectionRequests: ConnectionRequester;
  inSession: (deviceId: string) => boolean;
  hasPendingJobs: (deviceId: string) => Promise<boolean>;
  retryAfterMs: number;
  /** Requests handed to the requester at once (its own concurrency: more would only wait there); 50 by default. */
  maxInFlight?: number;
  /** How many more sessions the door admits now (server.maxConnections less those open). */
  sessionRoom?: () => number;
  /**
   * How long a device that accepted its connection request counts as on its way (its session not
   * begun); 10 s by default. It stops counting earlier once its session begins (`arrived`).
   */
  arrivalWindowMs?: number;
  now?: () => number;
  log: FastifyBaseLogger;
}

/** A device that waited this long for its turn is woken only if a job still waits for it. */
const RECHECK_AFTER_MS = 10_000;

export function createWaker(d: WakerDeps) {
  const scheduled = new Map<string, NodeJS.Timeout>();
  /** Devices to wake, in the order asked; sent as requests finish. */
  const queue = new Map<string, { device: DeviceContact; since: number }>();
  let stopped = false;
  let inFlight = 0;
  const maxInFlight = d.maxInFlight ?? 50;
  /** Devices that accepted a connection request and have not begun their session: until when they count. */
  const onTheirWay = new Map<string, number>();
  /** Devices whose request is in flight, and whether their session began before it was answered. */
  const requested = new Map<string, boolean>();
  const arrivalWindowMs = d.arrivalWindowMs ?? 10_000;
  const now = d.now ?? Date.now;
  /** A pump once the first device on its way stops counting (nothing else may free room meanwhile). */
  let expiryTimer: NodeJS.Timeout | undefined;

  /** Sessions the door would still admit, less the requests in flight and the devices on their way. */
  function room(): number {
    if (!d.sessionRoom) return Infinity;
    const t = now();
    // At most the door's room of entries (no device is woken beyond it).
    for (const [id, until] of onTheirWay) if (until <= t || d.inSession(id)) onTheirWay.delete(id);
    return d.sessionRoom() - inFlight - onTheirWay.size;
  }

  /** Whether a connection request may go to the device now. */
  function wakeable(device: DeviceContact): boolean {
    return (
      d.settings.get().connectionRequest.enabled &&
      !d.inSession(device.id) &&
      device.connection_request_url !== ''
    );
  }

  function send(device: DeviceContact): Promise<void> {
    requested.set(device.id, false);
    return d.connectionRequests
      .send(connectionTarget(device, d.settings.get().connectionRequest))
      .then((r) => {
        d.log.debug({ deviceId: device.id, outcome: r.outcome }, 'connection request');
        // A router may open its session before its answer to the request arrives here.
        const begun = requested.get(device.id) === true;
        if (r.outcome === 'reachable' && d.sessionRoom && !begun) {
          onTheirWay.delete(device.id);
          onTheirWay.set(device.id, now() + arrivalWindowMs);
        }
        if (r.outcome === 'rate-limited' && !scheduled.has(device.id)) {
          const timer = setTimeout(() => {
            scheduled.delete(device.id);
            d.hasPendingJobs(device.id)
              .then((pending) => pending && wake(device))
              .catch((err: unknown) => d.log.warn({ err }, 'connection request retry failed'));
          }, d.retryAfterMs);
          timer.unref();
          scheduled.set(device.id, timer);
        }
      })
      .catch((err: unknown) => d.log.warn({ err }, 'connection request failed'));
  }

  function pump(): void {
    if (stopped) return;
    let free = room();
    for (const [id, { device, since }] of queue) {
      if (inFlight >= maxInFlight) return;
      if (free <= 0) return waitForRoom();
      queue.delete(id);
      // Checked again when its turn comes: the device may have opened a session meanwhile.
      if (!wakeable(device)) continue;
      inFlight++;
      free--;
      // A device that waited long in a large wave may have no job left (it ran at a periodic
      // Inform, or another process's rewake, or the bulk was cancelled): asked before it is woken.
      const wakeNow =
        now() - since < RECHECK_AFTER_MS
          ? send(device)
          : d
              .hasPendingJobs(id)
              .then((pending) => (pending && !stopped ? send(device) : undefined))
              .catch((err: unknown) => d.log.warn({ err }, 'connection request failed'));
      void wakeNow.finally(() => {
        requested.delete(id);
        inFlight--;
        pump();
      });
    }
  }

  /** No room: devices on their way free it when their session begins, or when their window ends. */
  function waitForRoom(): void {
    if (expiryTimer || inFlight > 0) return;
    // Entries are kept in the order they end (each is moved to the end when set).
    const first = onTheirWay.values().next();
    if (first.done) return; // only sessions hold the room; their end pumps
    expiryTimer = setTimeout(
      () => {
        expiryTimer = undefined;
        pump();
      },
      Math.max(1, first.value - now()),
    );
    expiryTimer.unref();
  }

  function wake(device: DeviceContact): void {
    if (stopped || !wakeable(device)) return;
    // A device asked again keeps its place (and its wait), with its latest address.
    queue.set(device.id, { device, since: queue.get(device.id)?.since ?? now() });
    pump();
  }

  return {
    wake,
    /** Devices waiting for their connection request (not yet handed to the requester). */
    waiting: () => queue.size,
    /** Devices woken whose session has not begun (they hold room at the door meanwhile). */
    onTheirWay: () => onTheirWay.size,
    /** The device's session began (here or in another process): it no longer holds room. */
    arrived(deviceId: string): void {
      if (requested.has(deviceId)) requested.set(deviceId, true);
      if (onTheirWay.delete(deviceId)) pump();
    },
    /** A session here ended: room for a waiting device. */
    sessionEnded(): void {
      if (queue.size > 0) pump();
    },
    /** For good (the server closes): nothing is woken after. */
    stop(): void {
      stopped = true;
      clearTimeout(expiryTimer);
      expiryTimer = undefined;
      onTheirWay.clear();
      requested.clear();
      for (const t of scheduled.values()) clearTimeout(t);
      scheduled.clear();
      queue.clear();
    },
  };
}
