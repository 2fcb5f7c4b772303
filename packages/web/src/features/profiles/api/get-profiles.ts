import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ListProfilesQuery, ProfileList } from '@provisor/server/contract';

/** spec §9: the profile list is loaded 1000 at a time; the screen pages it on the client. */
export const PROFILES_LIMIT = 1000;

/** The list's filters; limit and offset are the screen's own (above). */
export type ProfilesQuery = Partial<Pick<ListProfilesQuery, 'search' | 'templateId' | 'validationStatus'>>;

export function getProfiles(query: ProfilesQuery, signal?: AbortSignal): Promise<ProfileList> {
  return api.get<ProfileList>('/api/profiles', {
    query: { ...query, limit: PROFILES_LIMIT, offset: 0 },
    signal,
  });
}

export const profilesQueryOptions = (query: ProfilesQuery) =>
  queryOptions({
    queryKey: queryKeys.profiles.list({ ...query }),
    queryFn: ({ signal }) => getProfiles(query, signal),
    // A new filter keeps the previous list on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export const useProfiles = (query: ProfilesQuery) => useQuery(profilesQueryOptions(query));
