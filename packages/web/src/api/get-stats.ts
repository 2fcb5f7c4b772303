// GET /api/stats, shared by the Dashboard's cards and the Devices screen's summary counts: one request
// and one cache entry, so moving between the two screens shows the counts at once.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceStats } from '@provisor/server/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshIntervalMs } from '@/stores/ui-settings-store';

/** spec §3 "Device stats": counts over the whole inventory. */
export type { DeviceStats };

/** spec §7 / §9: the dashboard statistics are refetched every 30 s (UI Settings "refresh interval" changes it). */
export const STATS_REFETCH_MS = 30_000;

export const getStats = (signal?: AbortSignal) => api.get<DeviceStats>('/api/stats', { signal });

// A live stats_update refreshes this entry through queryKeys.stats.all (spec §4, lib/live-messages.ts).
export const statsQueryOptions = (refetchMs = STATS_REFETCH_MS) =>
  queryOptions({
    queryKey: queryKeys.stats.counts(),
    queryFn: ({ signal }) => getStats(signal),
    refetchInterval: refetchMs,
  });

export const useStats = () => useQuery(statsQueryOptions(useRefreshIntervalMs()));
