import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Answers 409 while profiles use the template; its message says to delete them first. */
export const deleteTemplate = (id: string): Promise<void> =>
  api.delete<void>(`/api/templates/${encodeURIComponent(id)}`);

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.templates.all }),
  });
}
