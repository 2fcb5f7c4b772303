import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { JobAnswer } from '@provisor/server/contract';

export interface DeviceRef {
  deviceId: string;
}

export const devicePath = (deviceId: string, action: string) =>
  `/api/devices/${encodeURIComponent(deviceId)}/${action}`;

/** A device action: it creates a job; the device's job history (and its files) are stale afterwards. */
export function useJobMutation<V extends DeviceRef>(mutationFn: (variables: V) => Promise<JobAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_answer, { deviceId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.devices.jobs(deviceId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.devices.files(deviceId) });
    },
  });
}
