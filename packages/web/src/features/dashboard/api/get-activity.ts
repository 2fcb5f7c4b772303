import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityPage } from '@provisor/server/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** spec §9: the feed keeps 50 entries. */
export const ACTIVITY_LIMIT = 50;

export const getActivity = (limit: number, signal?: AbortSignal) =>
  api.get<ActivityPage>('/api/activity', { query: { limit }, signal });

// Refetched by the live messages the server logs (lib/live-messages.ts refreshActivity), not by a timer.
export const activityQueryOptions = (limit = ACTIVITY_LIMIT) =>
  queryOptions({
    queryKey: queryKeys.activity.list(limit),
    queryFn: ({ signal }) => getActivity(limit, signal),
  });

export const useActivity = () => useQuery(activityQueryOptions());
