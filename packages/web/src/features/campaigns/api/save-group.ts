import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { DeviceGroup, GroupInput } from '@provisor/server/contract';

/** POST /api/groups (new) or PUT /api/groups/:id (edit). */
export const saveGroup = ({ id, input }: { id?: string | undefined; input: GroupInput }) =>
  id
    ? api.put<{ group: DeviceGroup }>(`/api/groups/${encodeURIComponent(id)}`, input)
    : api.post<{ group: DeviceGroup }>('/api/groups', input);

export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGroup,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.groups.all }),
  });
}
