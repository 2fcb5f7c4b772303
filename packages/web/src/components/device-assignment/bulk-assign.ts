import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Assignment, BulkAssignResults } from '@provisor/server/contract';

/** spec §7: POST /api/devices/bulk-assign with assignments (deviceId, profileId); the server pushes each profile. */
export const bulkAssign = (assignments: Assignment[]) =>
  api.post<BulkAssignResults>('/api/devices/bulk-assign', { assignments });

/** An assigned device leaves the unassigned list, its profile shows "Assigned to", its job appears. */
export function useBulkAssign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkAssign,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.devices.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all });
    },
  });
}
