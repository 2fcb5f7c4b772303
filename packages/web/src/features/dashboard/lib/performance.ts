// The "System Resources" and "Network Activity" charts' points (spec §2 Dashboard, §9: the last 20).
import type { LiveEvents, PerformanceHistory, PerformanceSample } from '@provisor/server/contract';

/** spec §9: performance charts keep 20 points. */
export const CHART_POINTS = 20;

/** Appends a live performance_update to the history, keeping the last `max` samples. */
export function appendSample(
  history: PerformanceHistory,
  payload: LiveEvents['performance_update'],
  timestamp: string,
  max = CHART_POINTS,
): PerformanceHistory {
  const sample: PerformanceSample = {
    timestamp,
    cpuUsage: payload.cpuUsage,
    memoryUsage: payload.memoryUsage,
    activeConnections: payload.activeConnections,
    requestsPerSecond: payload.requestsPerSecond,
  };
  return { ...history, samples: [...history.samples, sample].slice(-max) };
}

export interface ChartPoint {
  time: string;
  cpu: number;
  memory: number;
  connections: number;
  requests: number;
}

const clampPercent = (value: number) => Math.min(100, Math.max(0, value));
const round1 = (value: number) => Math.round(value * 10) / 10;

/** The points to plot: the last `max` samples, percentages kept within the 0-100 axis. */
export function chartPoints(samples: readonly PerformanceSample[], max = CHART_POINTS): ChartPoint[] {
  return samples.slice(-max).map((sample) => ({
    time: new Date(sample.timestamp).toLocaleTimeString([], {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
    cpu: round1(clampPercent(sample.cpuUsage)),
    memory: round1(clampPercent(sample.memoryUsage)),
    connections: sample.activeConnections,
    requests: round1(sample.requestsPerSecond),
  }));
}
