import { api } from '@/lib/api-client';
import type { JobAnswer } from '@provisor/server/contract';
import { devicePath, useJobMutation, type DeviceRef } from './use-job-mutation';

export interface RefreshDeviceParametersInput extends DeviceRef {
  /** An object path ending in "."; empty for the whole tree. */
  path: string;
}

/** Re-reads a subtree from the device (GetParameterNames + GetParameterValues). */
export const refreshDeviceParameters = ({ deviceId, path }: RefreshDeviceParametersInput) =>
  api.post<JobAnswer>(devicePath(deviceId, 'refresh'), { path });

export const useRefreshDeviceParameters = () => useJobMutation(refreshDeviceParameters);
