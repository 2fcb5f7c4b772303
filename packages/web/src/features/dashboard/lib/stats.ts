// The stat cards' trends and the "Device Status Distribution" pie (spec §2 Dashboard, "Stat card widget").
import type { DeviceStats } from '@provisor/server/contract';

export interface Trend {
  /** Whole-number percentage change, always positive; `isPositive` says the direction. */
  value: number;
  isPositive: boolean;
}

/**
 * The change against the counts of about 24 h ago. None when there is nothing to compare with: no
 * earlier count, or an earlier count of 0 (a percentage of nothing).
 */
export function computeTrend(now: number, before: number | undefined | null): Trend | null {
  if (before === undefined || before === null || before === 0) return null;
  const change = ((now - before) / before) * 100;
  return { value: Math.round(Math.abs(change)), isPositive: change >= 0 };
}

export type SliceName = 'Online' | 'Offline' | 'Provisioning' | 'Error';

export interface Slice {
  name: SliceName;
  value: number;
  color: string;
}

const COLORS: Record<SliceName, string> = {
  Online: '#16a34a',
  Offline: '#64748b',
  Provisioning: '#ca8a04',
  Error: '#dc2626',
};

/** spec §2: Online, Offline, Provisioning, Error; Offline = total - online - provisioning - error; only non-zero slices. */
export function distribution(stats: DeviceStats): Slice[] {
  const offline = Math.max(
    0,
    stats.totalDevices - stats.onlineDevices - stats.provisioningDevices - stats.errorDevices,
  );
  const values: [SliceName, number][] = [
    ['Online', stats.onlineDevices],
    ['Offline', offline],
    ['Provisioning', stats.provisioningDevices],
    ['Error', stats.errorDevices],
  ];
  return values
    .filter(([, value]) => value > 0)
    .map(([name, value]) => ({ name, value, color: COLORS[name] }));
}

/** A slice's percent label. */
export const percentLabel = (percent: number) => `${Math.round(percent * 100)}%`;
