import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Settings } from '@provisor/server/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getSettings = (signal?: AbortSignal) => api.get<Settings>('/api/settings', { signal });

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.settings.all, queryFn: ({ signal }) => getSettings(signal) });

export const useSettings = () => useQuery(settingsQueryOptions());
