import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { JobAnswer } from '@provisor/server/contract';

const jobPath = (id: string, action: string) => `/api/provisioning/jobs/${encodeURIComponent(id)}/${action}`;

/** spec §4 "Provisioning job actions": retry (the job runs again from the start). */
export const retryJob = (id: string) => api.post<JobAnswer>(jobPath(id, 'retry'));
/** spec §4: mark complete. */
export const completeJob = (id: string) => api.post<JobAnswer>(jobPath(id, 'complete'));
/** spec §4: mark failed, with the operator's error text (spec §7: /fail with error). */
export const failJob = ({ id, error }: { id: string; error: string }) =>
  api.post<JobAnswer>(jobPath(id, 'fail'), { error });

function useJobAction<V>(mutationFn: (variables: V) => Promise<JobAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.devices.all });
    },
  });
}

export const useRetryJob = () => useJobAction(retryJob);
export const useCompleteJob = () => useJobAction(completeJob);
export const useFailJob = () => useJobAction(failJob);
