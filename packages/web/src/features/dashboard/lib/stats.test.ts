import { describe, expect, it } from 'vitest';
import { computeTrend, distribution, percentLabel } from './stats';

describe('computeTrend (stat card widget)', () => {
  it('gives the percentage change and its direction', () => {
    expect(computeTrend(120, 100)).toEqual({ value: 20, isPositive: true });
    expect(computeTrend(75, 100)).toEqual({ value: 25, isPositive: false });
    expect(computeTrend(100, 100)).toEqual({ value: 0, isPositive: true });
    expect(computeTrend(1, 3)).toEqual({ value: 67, isPositive: false });
  });
  it('has no trend without an earlier count, or from 0', () => {
    expect(computeTrend(5, null)).toBeNull();
    expect(computeTrend(5, undefined)).toBeNull();
    expect(computeTrend(5, 0)).toBeNull();
  });
});

describe('distribution (Device Status Distribution)', () => {
  const base = {
    pendingJobs: 0,
    completedJobs: 0,
    failedJobs: 0,
  };
  it('derives Offline and keeps only the non-zero slices', () => {
    const slices = distribution({
      ...base,
      totalDevices: 10,
      onlineDevices: 6,
      provisioningDevices: 0,
      errorDevices: 1,
    });
    expect(slices.map(({ name, value }) => [name, value])).toEqual([
      ['Online', 6],
      ['Offline', 3],
      ['Error', 1],
    ]);
  });
  it('is empty with no devices', () => {
    expect(
      distribution({ ...base, totalDevices: 0, onlineDevices: 0, provisioningDevices: 0, errorDevices: 0 }),
    ).toEqual([]);
  });
  it('labels percents', () => {
    expect(percentLabel(0.333)).toBe('33%');
  });
});
