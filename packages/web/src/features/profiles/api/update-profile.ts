import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Profile, ProfileInput } from '@provisor/server/contract';

/** spec §7: PUT /api/profiles/{id} with name and values. */
export type UpdateProfileInput = { id: string } & Required<Pick<ProfileInput, 'name' | 'values'>>;

/** spec §4 Profile edit: without a changelog the current version is updated in place. */
export const updateProfile = async ({ id, ...body }: UpdateProfileInput): Promise<Profile> =>
  (await api.put<{ profile: Profile }>(`/api/profiles/${encodeURIComponent(id)}`, body)).profile;

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all }),
  });
}
