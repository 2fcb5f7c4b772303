import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ConnectionTestResult } from '@provisor/server/contract';
import { devicePath, type DeviceRef } from './use-job-mutation';

/** Sends one connection request now and reports how the device answered; creates no job. */
export const testDeviceConnection = ({ deviceId }: DeviceRef) =>
  api.post<ConnectionTestResult>(devicePath(deviceId, 'test-connection'));

export const useTestDeviceConnection = () => useMutation({ mutationFn: testDeviceConnection });
