import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ProfileList } from '@provisor/server/contract';

/** spec §9: the profile list is asked for 1000 at a time. */
export const PROFILES_LIMIT = 1000;

export const getAssignableProfiles = (signal?: AbortSignal) =>
  api.get<ProfileList>('/api/profiles', { query: { limit: PROFILES_LIMIT, offset: 0 }, signal });

// The same key as the other screens' profile lists of 1000: one cache entry, one invalidation.
export const assignableProfilesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.profiles.list({ limit: PROFILES_LIMIT, offset: 0 }),
    queryFn: ({ signal }) => getAssignableProfiles(signal),
  });

export const useAssignableProfiles = () => useQuery(assignableProfilesQueryOptions());
