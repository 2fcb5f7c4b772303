import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PerformanceHistory } from '@provisor/server/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getPerformance = (signal?: AbortSignal) =>
  api.get<PerformanceHistory>('/api/stats/performance', { signal });

// The history the charts start from; each live performance_update is appended to this entry
// (components/resource-charts.tsx), so it is never refetched on its own.
export const performanceQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.performance.history(),
    queryFn: ({ signal }) => getPerformance(signal),
    staleTime: Infinity,
  });

export const usePerformance = () => useQuery(performanceQueryOptions());
