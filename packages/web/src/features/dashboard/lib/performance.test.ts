import { describe, expect, it } from 'vitest';
import type { PerformanceHistory } from '@provisor/server/contract';
import { appendSample, chartPoints, CHART_POINTS } from './performance';

const sample = (i: number) => ({
  timestamp: new Date(Date.UTC(2026, 10, 23, 12, 0, i * 5)).toISOString(),
  cpuUsage: i,
  memoryUsage: 50 + i,
  activeConnections: i * 2,
  requestsPerSecond: i / 2,
});

describe('chart windowing (spec §9: the last 20 points)', () => {
  it('appends each live sample and keeps the last 20', () => {
    let history: PerformanceHistory = { intervalSeconds: 5, samples: [sample(0), sample(1)] };
    for (let i = 2; i < 25; i += 1) {
      const { timestamp, ...payload } = sample(i);
      history = appendSample(history, payload, timestamp);
    }
    expect(CHART_POINTS).toBe(20);
    expect(history.samples).toHaveLength(20);
    expect(history.samples[0]?.cpuUsage).toBe(5);
    expect(history.samples[19]?.cpuUsage).toBe(24);
  });

  it('plots the samples as they are, percentages within 0-100', () => {
    const points = chartPoints([
      sample(3),
      { ...sample(4), cpuUsage: 130.55, memoryUsage: -2, requestsPerSecond: 12.345 },
    ]);
    expect(
      points.map(({ cpu, memory, connections, requests }) => [cpu, memory, connections, requests]),
    ).toEqual([
      [3, 53, 6, 1.5],
      [100, 0, 8, 12.3],
    ]);
  });

  it('plots at most 20 points of a longer history', () => {
    const points = chartPoints(Array.from({ length: 30 }, (_, i) => sample(i)));
    expect(points).toHaveLength(20);
    expect(points[0]?.cpu).toBe(10);
  });
});
