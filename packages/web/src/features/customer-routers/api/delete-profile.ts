import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** spec §7: DELETE /api/profiles/{id}. */
export const deleteProfile = (id: string): Promise<void> =>
  api.delete<void>(`/api/profiles/${encodeURIComponent(id)}`);

/** Deletes each id in turn; the list is refreshed once at the end, whatever happened. */
export async function deleteProfiles(ids: readonly string[]): Promise<{ deleted: number; failed: number }> {
  let deleted = 0;
  for (const id of ids) {
    try {
      await deleteProfile(id);
      deleted += 1;
    } catch {
      // counted below: the rest still go
    }
  }
  return { deleted, failed: ids.length - deleted };
}

export function useDeleteProfiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProfiles,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all }),
  });
}
