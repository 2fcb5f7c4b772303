import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Profile } from '@provisor/server/contract';

export const getProfile = async (id: string, signal?: AbortSignal): Promise<Profile> =>
  (await api.get<{ profile: Profile }>(`/api/profiles/${encodeURIComponent(id)}`, { signal })).profile;

export const profileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.profiles.detail(id),
    queryFn: ({ signal }) => getProfile(id, signal),
  });

/** One profile (for /profiles?edit={id}); disabled without an id. */
export const useProfile = (id: string | null) =>
  useQuery({ ...profileQueryOptions(id ?? ''), enabled: Boolean(id) });
