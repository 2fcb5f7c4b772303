import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/groups/:id (the server refuses a group a campaign uses, with a 409 saying so). */
export const deleteGroup = (id: string) => api.delete<unknown>(`/api/groups/${encodeURIComponent(id)}`);

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.groups.all }),
  });
}
