import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatsTrend } from '@provisor/server/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshIntervalMs } from '@/stores/ui-settings-store';

export const getStatsTrend = (signal?: AbortSignal) => api.get<StatsTrend>('/api/stats/trend', { signal });

/** The counts of about 24 h ago, for the stat cards' trends; refetched with the counts. */
export const statsTrendQueryOptions = (refetchMs: number) =>
  queryOptions({
    queryKey: queryKeys.statsTrend(),
    queryFn: ({ signal }) => getStatsTrend(signal),
    refetchInterval: refetchMs,
  });

export const useStatsTrend = () => useQuery(statsTrendQueryOptions(useRefreshIntervalMs()));
