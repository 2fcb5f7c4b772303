import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { DeviceFilter, DeviceList } from '@provisor/server/contract';

/** The picker loads the fleet a page at a time as the list scrolls (issue 16 point 2: 100,000 routers). */
export const PICKER_PAGE_SIZE = 100;

export function getPickerDevices(filter: DeviceFilter, offset: number, signal?: AbortSignal) {
  return api.get<DeviceList>('/api/devices', {
    query: { search: filter.search, status: filter.status, limit: PICKER_PAGE_SIZE, offset },
    signal,
  });
}

export const pickerDevicesQueryOptions = (filter: DeviceFilter) =>
  infiniteQueryOptions({
    // Under ['devices']: device_status_update refreshes the picker's rows and its count.
    queryKey: queryKeys.devices.list({ picker: true, search: filter.search, status: filter.status }),
    queryFn: ({ pageParam, signal }) => getPickerDevices(filter, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.devices.length;
      return last.devices.length > 0 && next < last.total ? next : undefined;
    },
  });

export const usePickerDevices = (filter: DeviceFilter) => useInfiniteQuery(pickerDevicesQueryOptions(filter));
