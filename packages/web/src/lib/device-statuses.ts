import type { DeviceStatus } from '@provisor/server/contract';
import { everyValue } from '@/lib/every-value';

/** The device statuses in the order the status filter offers them (spec §3 Device). */
export const DEVICE_STATUSES = everyValue<DeviceStatus>()(['online', 'offline', 'provisioning', 'error']);

export const isDeviceStatus = (value: string | null | undefined): value is DeviceStatus =>
  DEVICE_STATUSES.some((status) => status === value);
