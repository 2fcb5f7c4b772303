import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { DeviceList } from '@provisor/server/contract';

/** spec §9: the customer screens (Customer Routers, Bulk Operations) ask for 1000 devices. */
export const UNASSIGNED_LIMIT = 1000;

export const getUnassignedDevices = (signal?: AbortSignal) =>
  api.get<DeviceList>('/api/devices/unassigned', { query: { limit: UNASSIGNED_LIMIT, offset: 0 }, signal });

export const unassignedDevicesQueryOptions = () =>
  queryOptions({
    // Under ['devices']: a device_status_update (spec §4) and an assignment both refresh it.
    queryKey: queryKeys.devices.unassigned(),
    queryFn: ({ signal }) => getUnassignedDevices(signal),
  });

export const useUnassignedDevices = () => useQuery(unassignedDevicesQueryOptions());
