import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ProfileList } from '@provisor/server/contract';
import { customerViews } from '../lib/customer-profiles';

/** spec §9: the profile list is asked for 1000 at a time. */
export const PROFILES_LIMIT = 1000;

const params = (search: string) => ({
  limit: PROFILES_LIMIT,
  offset: 0,
  ...(search === '' ? {} : { search }),
});

export const getProfiles = (search: string, signal?: AbortSignal) =>
  api.get<ProfileList>('/api/profiles', { query: params(search), signal });

/**
 * The GT_ profiles, searched by the server (spec §2 Manage Profiles: "search by surname or SSID"; the
 * server's search also looks at the name and serial, which only finds more of the same customers).
 */
export const customerProfilesQueryOptions = (search = '') =>
  queryOptions({
    queryKey: queryKeys.profiles.list(params(search)),
    queryFn: ({ signal }) => getProfiles(search, signal),
    select: (answer) => customerViews(answer.profiles),
  });

export const useCustomerProfiles = (search = '') => useQuery(customerProfilesQueryOptions(search));
