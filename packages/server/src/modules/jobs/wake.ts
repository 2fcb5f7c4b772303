// Waking devices for new jobs with a connection request (TR-069 Amendment 6, 3.2.2). Not while the device
// is in a session (its session picks the jobs up). A request refused by the per-device rate limit is
// tried again once the interval has passed, once per device, if jobs are still waiting by then.
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
  log: FastifyBaseLogger;
}

export function createWaker(d: WakerDeps) {
  const scheduled = new Map<string, NodeJS.Timeout>();

  function wake(device: DeviceContact): void {
    const cr = d.settings.get().connectionRequest;
    if (!cr.enabled || d.inSession(device.id) || !device.connection_request_url) return;
    d.connectionRequests
      .send(connectionTarget(device, cr))
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

  return {
    wake,
    stop(): void {
      for (const t of scheduled.values()) clearTimeout(t);
      scheduled.clear();
    },
  };
}
