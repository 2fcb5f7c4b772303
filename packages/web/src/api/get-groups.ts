import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { DeviceGroup } from '@provisor/server/contract';

/** GET /api/groups: the saved groups with their sizes counted now. */
export const getGroups = (signal?: AbortSignal) =>
  api.get<{ groups: DeviceGroup[] }>('/api/groups', { signal });

export const groupsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.groups.list(), queryFn: ({ signal }) => getGroups(signal) });

export const useGroups = () => useQuery(groupsQueryOptions());
