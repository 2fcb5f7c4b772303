import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const deleteProfile = (id: string): Promise<void> =>
  api.delete<void>(`/api/profiles/${encodeURIComponent(id)}`);

export function useDeleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProfile,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all }),
  });
}
