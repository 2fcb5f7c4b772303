import { useMutation, useQueryClient } from '@tanstack/react-query';
import { selectionBody, type Selection } from '@/components/device-picker/selection';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { BulkResults } from '@provisor/server/contract';

/**
 * Deploy (issue 19 point 8): the profile is assigned to the chosen devices and pushed to each by an
 * apply-profile job, as one bulk operation (POST /api/provisioning/assign-profile, spec §7).
 */
export const deployProfile = ({ profileId, selection }: { profileId: string; selection: Selection }) =>
  api.post<BulkResults>('/api/provisioning/assign-profile', { profileId, ...selectionBody(selection) });

export function useDeployProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deployProfile,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.devices.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all });
    },
  });
}
