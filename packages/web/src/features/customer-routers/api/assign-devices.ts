import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Assignment, BulkAssignResults } from '@provisor/server/contract';

/** spec §7: POST /api/devices/bulk-assign with assignments; the server pushes each profile. */
export const assignDevices = (assignments: Assignment[]) =>
  api.post<BulkAssignResults>('/api/devices/bulk-assign', { assignments });

export function useAssignDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignDevices,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.devices.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all });
    },
  });
}
