// Waking devices for new jobs with a connection request (TR-069 Amendment 6, 3.2.2). Not while the device
// is in a session (its session picks the jobs up). A request refused by the per-device rate limit is
// tried again once the interval has passed, once per device, if jobs are still waiting by then.
// A bulk call wakes its devices by the thousand: they wait here as data (one entry per device, a
// device asked twice is woken once) and at most `maxInFlight` requests are handed to the requester at
// a time, so 100,000 wakes hold 100,000 small entries, not 100,000 pending promises and closures.
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
  log: FastifyBaseLogger;
}

export function createWaker(d: WakerDeps) {
  const scheduled = new Map<string, NodeJS.Timeout>();
  /** Devices to wake, in the order asked; sent as requests finish. */
  const queue = new Map<string, DeviceContact>();
  let inFlight = 0;
  const maxInFlight = d.maxInFlight ?? 50;

  /** Whether a connection request may go to the device now. */
  function wakeable(device: DeviceContact): boolean {
    return (
      d.settings.get().connectionRequest.enabled &&
      !d.inSession(device.id) &&
      device.connection_request_url !== ''
    );
  }

  function send(device: DeviceContact): Promise<void> {
    return d.connectionRequests
      .send(connectionTarget(device, d.settings.get().connectionRequest))
      .then((r) => {
        d.log.debug({ deviceId: device.id, outcome: r.outcome }, 'connection request');
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
    for (const [id, device] of queue) {
      if (inFlight >= maxInFlight) return;
      queue.delete(id);
      // Checked again when its turn comes: the device may have opened a session meanwhile.
      if (!wakeable(device)) continue;
      inFlight++;
      void send(device).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  function wake(device: DeviceContact): void {
    if (!wakeable(device)) return;
    queue.set(device.id, device);
    pump();
  }

  return {
    wake,
    /** Devices waiting for their connection request (not yet handed to the requester). */
    waiting: () => queue.size,
    stop(): void {
      for (const t of scheduled.values()) clearTimeout(t);
      scheduled.clear();
      queue.clear();
    },
  };
}
