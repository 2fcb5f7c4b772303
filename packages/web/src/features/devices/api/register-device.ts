import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Device, RegisterDeviceInput } from '@provisor/server/contract';

export type { RegisterDeviceInput };

export const registerDevice = async (input: RegisterDeviceInput): Promise<Device> =>
  (await api.post<{ device: Device }>('/api/devices/register', input)).device;

export function useRegisterDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerDevice,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.devices.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stats.all });
    },
  });
}
