import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Profile } from '@provisor/server/contract';

/** The device's assigned profile, for its name (GET /api/profiles/{id}); the Profiles screen shares the key. */
export const getAssignedProfile = async (id: string, signal?: AbortSignal): Promise<Profile> =>
  (await api.get<{ profile: Profile }>(`/api/profiles/${encodeURIComponent(id)}`, { signal })).profile;

export const assignedProfileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.profiles.detail(id),
    queryFn: ({ signal }) => getAssignedProfile(id, signal),
  });

export const useAssignedProfile = (id: string | null | undefined) =>
  useQuery({ ...assignedProfileQueryOptions(id ?? ''), enabled: Boolean(id) });
