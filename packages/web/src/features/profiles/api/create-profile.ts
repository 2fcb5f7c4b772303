import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Profile, ProfileInput } from '@provisor/server/contract';

/** The console always sends all three (spec §7: POST /api/profiles with name, templateId, values). */
export type CreateProfileInput = Required<ProfileInput>;

export const createProfile = async (input: CreateProfileInput): Promise<Profile> =>
  (await api.post<{ profile: Profile }>('/api/profiles', input)).profile;

/** Create, and duplicate (a copy is a new profile with the same template and values). */
export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProfile,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all }),
  });
}
