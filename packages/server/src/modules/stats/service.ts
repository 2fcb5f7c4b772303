// Dashboard counts (spec §3 Device stats). `stats_update` is published whenever they change;
// recomputation is coalesced so a burst of Informs costs one count query.
import type { DeviceStats } from '../../contract';
import type { DevicesService } from '../devices/service';
import type { EventBus } from '../live/event-bus';

export type { DeviceStats };

/** Job counts come from the job engine once it exists; until then there are none. */
export type JobCounter = () => Promise<{ pending: number; completed: number; failed: number }>;

export function createStatsService(devices: DevicesService, bus: EventBus, debounceMs = 200) {
  let jobCounter: JobCounter = async () => ({ pending: 0, completed: 0, failed: 0 });
  let last = '';
  let timer: NodeJS.Timeout | null = null;

  async function compute(): Promise<DeviceStats> {
    const [counts, jobs] = await Promise.all([devices.countByStatus(), jobCounter()]);
    return {
      totalDevices: counts.online + counts.offline + counts.provisioning + counts.error,
      onlineDevices: counts.online,
      provisioningDevices: counts.provisioning,
      errorDevices: counts.error,
      pendingJobs: jobs.pending,
      completedJobs: jobs.completed,
      failedJobs: jobs.failed,
    };
  }

  async function publishIfChanged(): Promise<void> {
    const stats = await compute();
    const key = JSON.stringify(stats);
    if (key === last) return;
    last = key;
    bus.publish('stats_update', { ...stats });
  }

  return {
    compute,
    setJobCounter(counter: JobCounter): void {
      jobCounter = counter;
    },
    /** Schedules a recount; several calls within `debounceMs` make one. */
    countsMayHaveChanged(onError: (err: unknown) => void): void {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        publishIfChanged().catch(onError);
      }, debounceMs);
      timer.unref();
    },
    stop(): void {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
