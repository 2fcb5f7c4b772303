// The server's own load for the Dashboard (issue 18): every `intervalMs` a `performance_update` from
// real measurements, the last 20 kept for GET /api/stats/performance (spec §9: charts keep 20 points).
// - cpuUsage: this process's CPU time (user + system, process.cpuUsage) over the wall time since the
//   last sample, as a percentage of the whole machine (all cores: 100 is every core busy).
// - memoryUsage: this process's resident set size as a percentage of the machine's total memory.
// - activeConnections: CWMP sessions open in this process now.
// - requestsPerSecond: HTTP requests this process answered (API, CWMP, files) over the interval.
// It also raises a system_alert when the CWMP door starts refusing sessions for load, and when it stops.
import { availableParallelism, totalmem } from 'node:os';
import type { PerformanceSample } from '../../contract';
import type { EventBus } from '../live/index';

export const PERFORMANCE_SAMPLES = 20;

export interface PerformanceMonitorOptions {
  intervalMs: number;
  activeSessions: () => number;
  /** Whether the CWMP door refuses new sessions for load now. */
  overloaded: () => boolean;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function createPerformanceMonitor(bus: EventBus, o: PerformanceMonitorOptions) {
  const samples: PerformanceSample[] = [];
  let requests = 0;
  let lastCpu = process.cpuUsage();
  let lastAt = performance.now();
  let wasOverloaded = false;
  let timer: NodeJS.Timeout | null = null;
  const cores = availableParallelism();

  function sample(): PerformanceSample {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    const wallMs = Math.max(1, now - lastAt);
    const cpuPercent = ((cpu.user + cpu.system) / 1000 / wallMs / cores) * 100;
    const s: PerformanceSample = {
      timestamp: new Date().toISOString(),
      cpuUsage: round1(Math.min(100, Math.max(0, cpuPercent))),
      memoryUsage: round1(Math.min(100, (process.memoryUsage.rss() / totalmem()) * 100)),
      activeConnections: o.activeSessions(),
      requestsPerSecond: round1((requests * 1000) / wallMs),
    };
    lastCpu = process.cpuUsage();
    lastAt = now;
    requests = 0;
    return s;
  }

  function tick(): void {
    const s = sample();
    samples.push(s);
    if (samples.length > PERFORMANCE_SAMPLES) samples.shift();
    const { timestamp: _, ...payload } = s;
    bus.publish('performance_update', payload);
    const overloaded = o.overloaded();
    if (overloaded !== wasOverloaded) {
      wasOverloaded = overloaded;
      bus.publish(
        'system_alert',
        overloaded
          ? {
              level: 'warning',
              message:
                'The server is overloaded: new router sessions are answered 503 (retry later) until it catches up',
            }
          : { level: 'info', message: 'The server caught up: router sessions are accepted again' },
      );
    }
  }

  return {
    /** One HTTP request answered (http.ts counts them). */
    countRequest(): void {
      requests += 1;
    },
    history: () => ({ intervalSeconds: o.intervalMs / 1000, samples: [...samples] }),
    /** Takes a sample now (tests; the timer does it every interval). */
    tick,
    start(): void {
      if (timer) return;
      lastCpu = process.cpuUsage();
      lastAt = performance.now();
      timer = setInterval(tick, o.intervalMs);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type PerformanceMonitor = ReturnType<typeof createPerformanceMonitor>;
