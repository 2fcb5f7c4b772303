import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { GroupFilter, GroupPreview } from '@provisor/server/contract';

/** POST /api/groups/preview {filter}: how many devices a filter matches, and their versions. */
export const previewGroup = (filter: GroupFilter, signal?: AbortSignal) =>
  api.post<GroupPreview>('/api/groups/preview', { filter }, { signal });

export const groupPreviewQueryOptions = (filter: GroupFilter) =>
  queryOptions({
    queryKey: queryKeys.groups.preview(filter),
    queryFn: ({ signal }) => previewGroup(filter, signal),
    placeholderData: keepPreviousData,
  });

/**
 * `filter` undefined: nothing to preview (no group chosen, or the filter has a mistake), and no
 * data: not the whole inventory's preview (the empty filter's), which a disabled query of that key
 * would still answer from the cache.
 */
export const useGroupPreview = (filter: GroupFilter | undefined) => {
  const query = useQuery({ ...groupPreviewQueryOptions(filter ?? {}), enabled: filter !== undefined });
  return filter === undefined ? { ...query, data: undefined } : query;
};
