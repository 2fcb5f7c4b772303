import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshIntervalMs } from '@/stores/ui-settings-store';
import type { DeviceList, ListDevicesQuery } from '@provisor/server/contract';

/** spec §9: the Devices screen asks for 100 at a time and refetches every 30 s. */
export const DEVICES_PAGE_SIZE = 100;
export const DEVICES_REFETCH_MS = 30_000;

export type DevicesQuery = Partial<ListDevicesQuery>;

/**
 * A page by offset, or by a cursor of an earlier answer (`after` its nextCursor, `before` its
 * prevCursor: issue 24), which the server finds as fast at the millionth device as at the first.
 */
export function getDevices(query: DevicesQuery, signal?: AbortSignal): Promise<DeviceList> {
  const { search, status, limit = DEVICES_PAGE_SIZE, offset = 0, after, before } = query;
  const page = after || before ? { after, before } : { offset };
  return api.get<DeviceList>('/api/devices', { query: { search, status, limit, ...page }, signal });
}

export const devicesQueryOptions = (query: DevicesQuery, refetchMs = DEVICES_REFETCH_MS) =>
  queryOptions({
    queryKey: queryKeys.devices.list({ ...query }),
    queryFn: ({ signal }) => getDevices(query, signal),
    // Paging and searching keep the previous page on screen until the next one arrives.
    placeholderData: keepPreviousData,
    refetchInterval: refetchMs,
  });

// UI Settings "refresh interval" drives the list's refetch (issue 18).
export const useDevices = (query: DevicesQuery) =>
  useQuery(devicesQueryOptions(query, useRefreshIntervalMs()));
