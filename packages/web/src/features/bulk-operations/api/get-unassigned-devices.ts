import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { DeviceList } from '@provisor/server/contract';

/** spec §9: device lists outside the Devices screen ask for 1000 at a time. */
export const UNASSIGNED_LIMIT = 1000;

export const getUnassignedDevices = (signal?: AbortSignal) =>
  api.get<DeviceList>('/api/devices/unassigned', { query: { limit: UNASSIGNED_LIMIT, offset: 0 }, signal });

// Under ['devices']: a device_status_update (spec §4) and an assignment both refresh it.
export const unassignedDevicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.devices.unassigned(),
    queryFn: ({ signal }) => getUnassignedDevices(signal),
  });

export const useUnassignedDevices = () => useQuery(unassignedDevicesQueryOptions());
