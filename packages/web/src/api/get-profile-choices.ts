import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ProfileList } from '@provisor/server/contract';

/** spec §9: the profile list is asked for 1000 at a time (Provisioning's profile picker, a group's assigned profile). */
export const PROFILE_CHOICES_LIMIT = 1000;

export const getProfileChoices = (signal?: AbortSignal) =>
  api.get<ProfileList>('/api/profiles', { query: { limit: PROFILE_CHOICES_LIMIT, offset: 0 }, signal });

export const profileChoicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.profiles.list({ limit: PROFILE_CHOICES_LIMIT, offset: 0 }),
    queryFn: ({ signal }) => getProfileChoices(signal),
  });

export const useProfileChoices = () => useQuery(profileChoicesQueryOptions());
