import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Profile, ProfileVersionInput } from '@provisor/server/contract';

export type CreateProfileVersionInput = { id: string } & Required<ProfileVersionInput>;

/** spec §4 Profile edit: with a non-empty changelog, saving creates a new version. */
export const createProfileVersion = async ({ id, ...body }: CreateProfileVersionInput): Promise<Profile> =>
  (await api.post<{ profile: Profile }>(`/api/profiles/${encodeURIComponent(id)}/version`, body)).profile;

export function useCreateProfileVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProfileVersion,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all }),
  });
}
