import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { DeviceStats } from '../types';
import { DEVICES_REFETCH_MS } from './get-devices';

/** The summary counts cover the whole inventory, not the page on screen. */
export const getDeviceStats = (signal?: AbortSignal) => api.get<DeviceStats>('/api/stats', { signal });

export const deviceStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.stats.devices(),
    queryFn: ({ signal }) => getDeviceStats(signal),
    refetchInterval: DEVICES_REFETCH_MS,
  });

export const useDeviceStats = () => useQuery(deviceStatsQueryOptions());
